// Start-up never waits on a catch-up (SPEC §7 `/api/health`, DESIGN "Start-up and
// catch-ups"): on a store whose reports are behind (thousands of past sales without their
// report fact, as after an upgrade or a lost topic), the api listens at once, /api/health
// names the reports' catch-up while it runs and stops naming it when the facts are all
// there; a restart half-way resumes it and counts nothing twice. On a store missing indexes
// (a new version's, on a year's store) the unique ones, which guard invariants, are there
// before it takes a request; the others are built behind, named `indexes` meanwhile.
import type { ServerType } from '@hono/node-server';
import { healthResponseSchema } from '@vag/contracts';
import { startRuntime, type Runtime } from '@vag/api';
import { serveApi } from '@vag/api/lib/http-server';
import { createLogger } from '@vag/core/logger';
import { countFactsByStatus, queryReport, reportPage } from '@vag/core/db/report-facts';
import { TOTALS_UPGRADE_ID } from '@vag/core/db/report-totals';
import { waitFor } from '@vag/core/testing/wait';
import { startWorkers } from '@vag/workers';
import { catchUpReportFacts } from '@vag/workers/reports/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startTestServer, type TestServer } from '../testing/server';
import { seedYearOfSales, type YearOfSales } from '../testing/year-of-sales';

const PURCHASES = 6000;

let store: TestServer;
let year: YearOfSales;

beforeAll(async () => {
  // The store's own server writes the template purchase; its reports worker does not run.
  store = await startTestServer({ env: { WORKERS: 'none' } });
  year = await seedYearOfSales(store, { purchases: PURCHASES, raffles: 10 });
}, 240_000);
afterAll(() => store?.stop());

interface Started {
  runtime: Runtime;
  url: string;
  /** The catch-ups running when the process started listening. */
  atListen: string[];
  /** How long until it listened. */
  listenMs: number;
  stop(): Promise<void>;
}

/** The product's process on the seeded store, workers in process, as `npm start` runs it. */
async function startProduct(): Promise<Started> {
  const env = { ...store.deps.env, PORT: await freePort(), WORKERS: 'embedded' as const };
  const started = Date.now();
  const runtime = await startRuntime(env, createLogger('warn', 'catch-up-test'), {
    startWorkers: (deps) => startWorkers(deps),
  });
  const atListen = runtime.deps.catchUps.running();
  const server: ServerType = serveApi(runtime.app.fetch, { port: env.PORT, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) =>
    server.listening ? resolve() : server.once('listening', () => resolve()),
  );
  return {
    runtime,
    url: `http://127.0.0.1:${env.PORT}`,
    atListen,
    listenMs: Date.now() - started,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runtime.stop();
    },
  };
}

const closed = () => year.purchases.filter((p) => p.status !== 'PENDING').length;
const factCount = async () =>
  Object.values(await countFactsByStatus(store.db)).reduce((a, b) => a + b, 0);

async function health(url: string) {
  const res = await fetch(`${url}/api/health`);
  return { status: res.status, body: healthResponseSchema.parse(await res.json()) };
}

describe('start-up on a store whose reports are behind', () => {
  it('listens before the reports catch up, says so in /api/health until they have', async () => {
    expect(await factCount()).toBe(0);
    const product = await startProduct();
    try {
      // Listening, with most of the year still to project: the catch-up runs behind.
      expect(await factCount()).toBeLessThan(closed());
      expect(await health(product.url)).toEqual({
        status: 200,
        body: expect.objectContaining({ status: 'ok', catchingUp: ['reports'] }),
      });
      await waitFor(async () => (await health(product.url)).body.catchingUp.length === 0, {
        timeoutMs: 120_000,
        message: 'the reports caught up',
      });
      await expectEverySaleOnce();
      expect((await health(product.url)).body).toMatchObject({ status: 'ok', catchingUp: [] });
    } finally {
      await product.stop();
    }
  }, 240_000);

  it('a catch-up stopped half-way is resumed by the next start, counting nothing twice', async () => {
    // The store as a version before the totals left it, its facts lost too: the upgrade
    // projects and counts them all again.
    await store.db.collection('report_facts').deleteMany({});
    await store.db.collection('report_totals').deleteMany({});
    await store.db.collection<{ _id: string }>('upgrades').deleteOne({ _id: TOTALS_UPGRADE_ID });
    let steps = 0;
    // A process stopping after five steps of its catch-up (its stop asks between steps).
    await catchUpReportFacts(store.deps, { stopped: () => ++steps > 5 });
    const halfWay = await factCount();
    expect(halfWay).toBeGreaterThan(0);
    expect(halfWay).toBeLessThan(closed());

    const product = await startProduct();
    try {
      await waitFor(async () => (await health(product.url)).body.catchingUp.length === 0, {
        timeoutMs: 120_000,
        message: 'the reports caught up',
      });
      await expectEverySaleOnce();
    } finally {
      await product.stop();
    }
  }, 240_000);
});

/**
 * Every closed sale has its fact once, with its status: the paid totals are the year's,
 * summed from the rows and kept in the raffles' totals alike.
 */
async function expectEverySaleOnce() {
  expect(await factCount()).toBe(closed());
  const paid = year.purchases.filter((p) => p.status === 'COMPLETED');
  const expired = year.purchases.filter((p) => p.status === 'EXPIRED');
  const { totals } = await queryReport(store.db, {});
  expect(totals).toMatchObject({
    totalTickets: paid.reduce((sum, p) => sum + p.quantity, 0),
    totalAmount: paid.reduce((sum, p) => sum + p.totalPrice, 0),
    expiredTickets: expired.reduce((sum, p) => sum + p.quantity, 0),
  });
  const page = await reportPage(store.db, {}, { page: 1, perPage: 100 });
  expect(page.totals).toEqual(totals);
}

/** The store's indexes of `collection`, by name, with whether each is unique. */
async function indexesOf(collection: string): Promise<Map<string, boolean>> {
  const list = await store.db.collection(collection).indexes();
  return new Map(list.map((i) => [i.name!, i.unique === true]));
}

describe('start-up on a store missing indexes', () => {
  it('creates the unique indexes before it listens, builds the others behind while /api/health names them', async () => {
    // A new version's indexes on a year's store: one claim per purchase and one code per
    // order (unique), Historial de compras' and the reconciler's searches (not unique).
    const dropped = {
      number_claims: ['purchase_unique', 'raffle_start'],
      purchases: ['order_code', 'raffle_created', 'raffle_status', 'buyer_email_created'],
    };
    const before = new Map<string, Map<string, boolean>>();
    for (const [collection, names] of Object.entries(dropped)) {
      before.set(collection, await indexesOf(collection));
      for (const name of names) await store.db.collection(collection).dropIndex(name);
    }

    const product = await startProduct();
    try {
      // Listening with the guards in place and the searches still building behind.
      expect(product.atListen).toContain('indexes');
      for (const [collection, names] of Object.entries(dropped)) {
        const now = await indexesOf(collection);
        for (const name of names.filter((n) => before.get(collection)!.get(n)))
          expect(now.get(name), `${collection}.${name}`).toBe(true);
      }
      await waitFor(async () => !(await health(product.url)).body.catchingUp.includes('indexes'), {
        timeoutMs: 120_000,
        message: 'the indexes built',
      });
      console.log(
        `start-up on ${PURCHASES} purchases missing ${Object.values(dropped).flat().length} indexes: listening after ${product.listenMs} ms`,
      );
      for (const [collection, indexes] of before)
        expect(await indexesOf(collection), collection).toEqual(indexes);
    } finally {
      await product.stop();
    }
  }, 240_000);
});
