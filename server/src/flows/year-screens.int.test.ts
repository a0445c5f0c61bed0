// The back office's screens on a year of sales (SPEC §2, DESIGN "Reading a year"): thousands
// of purchases across ten raffles, cloned from one the product wrote. Each screen answers
// the right page and totals, and none of the store reads behind it goes through every
// document of the big collections (purchases, report facts, the audit trail): each is an
// index search, as the store's own query plan (`explain`) shows.
import { inPeriodicPass, tracePeriodicPasses } from '@vag/core/periodic-job';
import { catchUpFacts } from '@vag/core/db/report-facts';
import { personalDataOf } from '@vag/core/privacy/personal-data';
import { signLookupToken } from '@vag/api/routes/purchases/lookup-token';
import { staffToken } from '@vag/api/testing/seed';
import { Long, type CommandStartedEvent, type Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testMongoBaseUrl, uniqueDbName } from '@vag/core/testing/test-db';
import { startTestServer, type TestServer } from '../testing/server';
import { seedAuditTrail, seedYearOfSales, type YearOfSales } from '../testing/year-of-sales';

const PURCHASES = 3990;
// 399 e-mails over ten raffles: each buyer has ten purchases, one in each raffle.
const EMAILS = 399;
const BIG = new Set(['purchases', 'report_facts', 'audit_log']);

let server: TestServer;
let year: YearOfSales;
let admin: Awaited<ReturnType<typeof staffToken>>;
let reseller: Awaited<ReturnType<typeof staffToken>>;
const sent: Array<{ command: string; body: Document }> = [];

beforeAll(async () => {
  // The process's own upkeep (periodic passes, the outbox relay) reads beside the screens:
  // told apart, it is left out of what the screens are checked for.
  tracePeriodicPasses();
  server = await startTestServer({
    env: {
      WORKERS: 'none',
      MONGODB_URL: `${testMongoBaseUrl()}${uniqueDbName('year')}?monitorCommands=true`,
    },
  });
  admin = await staffToken(server.deps, 'admin');
  reseller = await staffToken(server.deps, 'reseller');
  year = await seedYearOfSales(server, {
    purchases: PURCHASES,
    raffles: 10,
    emails: EMAILS,
    resellerCode: reseller.code!,
  });
  await seedAuditTrail(server.db, year.raffleIds, 3000);
  await catchUpFacts(server.db);
  server.db.client.on('commandStarted', (event: CommandStartedEvent) => {
    const collection = String(event.command[event.commandName] ?? '');
    const upkeep = inPeriodicPass() || Boolean(event.command.projection?.outbox);
    if (BIG.has(collection) && READS.has(event.commandName) && !upkeep)
      sent.push({ command: event.commandName, body: event.command });
  });
}, 240_000);
afterAll(() => server?.stop());

const READS = new Set(['find', 'count', 'aggregate', 'distinct']);

/** The store reads `work` sends to the big collections, each with the store's plan. */
async function plansOf(
  work: () => Promise<unknown>,
): Promise<Array<{ read: string; plan: string }>> {
  sent.length = 0;
  await work();
  const reads = [...sent];
  return Promise.all(
    reads.map(async ({ command, body }) => {
      const { $db: _db, lsid: _l, $clusterTime: _c, cursor: _cursor, ...asked } = body;
      // explain wants 64-bit numbers where the driver sent 32-bit ones.
      for (const field of ['skip', 'limit'])
        if (typeof asked[field] === 'number') asked[field] = Long.fromNumber(asked[field]);
      const explained = await server.db.command({
        explain: command === 'aggregate' ? { ...asked, cursor: {} } : asked,
      });
      return {
        read: `${command} ${JSON.stringify(asked)}`,
        plan: JSON.stringify(explained.queryPlanner ?? explained),
      };
    }),
  );
}

/**
 * How many report facts the reads behind `plans` go through: for each, the facts its index
 * search returns (the store pushes down one equality, on the index's first field, and
 * filters the rest after reading them: docs/STORE.md).
 */
async function factsGoneThrough(plans: Array<{ read: string; plan: string }>): Promise<number> {
  const indexes = await server.db.collection('report_facts').listIndexes().toArray();
  let total = 0;
  for (const { read, plan } of plans) {
    const [command, json] = [read.slice(0, read.indexOf(' ')), read.slice(read.indexOf(' ') + 1)];
    const asked = JSON.parse(json) as Document;
    if (String(asked[command]) !== 'report_facts') continue;
    const filter = (asked.filter ?? asked.query ?? asked.pipeline?.[0]?.$match ?? {}) as Document;
    const index = /USING (?:COVERING )?INDEX (\S+?)(?:\\"|"| )/.exec(plan)?.[1] ?? '';
    const used = indexes.find((i) => index.endsWith(`_${i.name}`));
    const field = used ? Object.keys(used.key as Document)[0]! : '_id';
    total += await server.db.collection('report_facts').countDocuments({ [field]: filter[field] });
  }
  return total;
}

/** Every read searched an index: no plan scans a big collection's table. */
function expectNoScan(plans: Array<{ read: string; plan: string }>) {
  expect(plans.length).toBeGreaterThan(0);
  const scans = plans.filter(({ plan }) => /SCAN(?! \S+ USING)/.test(plan));
  expect(scans, JSON.stringify(scans, null, 2)).toEqual([]);
}

const get = async (path: string, as = admin) => {
  const res = await fetch(`${server.url}/api${path}`, { headers: as.auth });
  expect(res.status, path).toBe(200);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers field by field
  return { json: (await res.json()) as any, range: res.headers.get('content-range') };
};
const listFilter = (filter: object) => encodeURIComponent(JSON.stringify(filter));

const newestFirst = (a: { createdAt: Date }, b: { createdAt: Date }) =>
  b.createdAt.getTime() - a.createdAt.getTime();
const sum = (rows: Array<{ quantity: number }>) => rows.reduce((n, r) => n + r.quantity, 0);

describe('the back office on a year of sales, one raffle at a time', () => {
  const raffleOf = () => year.raffleIds[3]!;
  const ofRaffle = () => year.purchases.filter((p) => p.raffleId === raffleOf());

  it('Historial de compras: the newest page of the raffle, filtered, from its index', async () => {
    let answer!: Awaited<ReturnType<typeof get>>;
    const plans = await plansOf(async () => {
      answer = await get(
        `/purchases?filter=${listFilter({ raffleId: raffleOf() })}&range=[0,24]&sort=["createdAt","DESC"]`,
      );
    });
    expectNoScan(plans);
    const expected = ofRaffle().sort(newestFirst);
    expect(answer.json.map((p: { id: string }) => p.id)).toEqual(
      expected.slice(0, 25).map((p) => p._id),
    );
    expect(answer.range).toBe(`purchases 0-24/${expected.length}`);

    const filtered = await plansOf(async () => {
      answer = await get(
        `/purchases?filter=${listFilter({ raffleId: raffleOf(), status: 'COMPLETED', paymentMethod: 'card' })}&range=[0,9]`,
      );
    });
    expectNoScan(filtered);
    const paidByCard = expected.filter(
      (p) => p.status === 'COMPLETED' && p.paymentMethod === 'card',
    );
    expect(paidByCard.length).toBeGreaterThan(10);
    expect(answer.json.map((p: { id: string }) => p.id)).toEqual(
      paidByCard.slice(0, 10).map((p) => p._id),
    );
  });

  it('Historial de compras of the first raffle: by an equality once every purchase names its raffle', async () => {
    let answer!: Awaited<ReturnType<typeof get>>;
    const plans = await plansOf(async () => {
      answer = await get(`/purchases?filter=${listFilter({ raffleId: 'current' })}&range=[0,24]`);
    });
    expectNoScan(plans);
    // The one order create-order wrote for the year's template.
    expect(answer.range).toBe('purchases 0-0/1');
  });

  it('Reportes: the totals of the raffle and one page of its rows, from its facts', async () => {
    let first!: Awaited<ReturnType<typeof get>>;
    const plans = await plansOf(async () => {
      first = await get(`/admin/reports?raffleId=${raffleOf()}`);
    });
    expectNoScan(plans);
    const rows = ofRaffle().sort(newestFirst);
    const paid = rows.filter((p) => p.status === 'COMPLETED');
    expect(first.json.totals).toMatchObject({
      totalTickets: sum(paid),
      pendingTickets: sum(rows.filter((p) => p.status === 'PENDING')),
      expiredTickets: sum(rows.filter((p) => p.status === 'EXPIRED')),
    });
    expect(first.json).toMatchObject({ count: rows.length, page: 1, perPage: 100 });
    expect(first.json.purchases.map((p: { _id: string }) => p._id)).toEqual(
      rows.slice(0, 100).map((p) => p._id),
    );
    // A page goes through the facts of the days it shows, not through the raffle's year:
    // the totals and the count are the raffle's own (report-totals.ts).
    expect(await factsGoneThrough(plans)).toBeLessThanOrEqual(2 * 100);
    const third = await get(`/admin/reports?raffleId=${raffleOf()}&page=3`);
    expect(third.json.purchases.map((p: { _id: string }) => p._id)).toEqual(
      rows.slice(200, 300).map((p) => p._id),
    );
    expect(third.json.totals).toEqual(first.json.totals);
  });

  it('the dashboard chart of the raffle, from its facts', async () => {
    let chart!: Awaited<ReturnType<typeof get>>;
    const plans = await plansOf(async () => {
      chart = await get(`/admin/sales-chart?raffleId=${raffleOf()}`);
    });
    expectNoScan(plans);
    const sold = chart.json.days.reduce((n: number, d: { total: number }) => n + d.total, 0);
    expect(sold).toBe(sum(ofRaffle().filter((p) => p.status === 'COMPLETED')));
  });

  it('Auditoría of the raffle: its newest page, from its index', async () => {
    let page!: Awaited<ReturnType<typeof get>>;
    const plans = await plansOf(async () => {
      page = await get(`/audit?filter=${listFilter({ raffleId: raffleOf() })}&range=[0,24]`);
    });
    expectNoScan(plans);
    // 300 seeded, plus the access log's entries of the lists read above in this raffle.
    const entries = await server.db
      .collection('audit_log')
      .countDocuments({ raffleId: raffleOf() });
    expect(entries).toBeGreaterThanOrEqual(300);
    expect(page.range).toBe(`audit 0-24/${entries}`);
    expect(page.json).toHaveLength(25);
    const times = page.json.map((e: { at: string }) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a: number, b: number) => b - a));
    expect(page.json.every((e: { raffleId: string }) => e.raffleId === raffleOf())).toBe(true);
  });
});

describe('a buyer with purchases in ten raffles', () => {
  const email = () => year.emailOf(7);
  const theirs = () => year.purchases.filter((p) => p.buyer.email === email());

  it('the lookup by e-mail reads their purchases through the e-mail index', async () => {
    expect(new Set(theirs().map((p) => p.raffleId)).size).toBe(10);
    const token = signLookupToken(server.deps.jwtSecret, email(), new Date(Date.now() + 3_600_000));
    let found: Array<{ raffleId: string }> = [];
    const plans = await plansOf(async () => {
      const res = await fetch(`${server.url}/api/purchases/by-email/${email()}?token=${token}`);
      found = (await res.json()) as typeof found;
    });
    expectNoScan(plans);
    expect(found).toHaveLength(10);
  });

  it('the personal-data export reads by the e-mail, then by their purchase ids', async () => {
    let sections!: Awaited<ReturnType<typeof personalDataOf>>['sections'];
    const plans = await plansOf(async () => {
      ({ sections } = await personalDataOf(server.db, email()));
    });
    // Whether a phone or cédula is shared with another buyer too: by their indexes.
    expect(plans.some(({ read }) => /"buyer\.phone"/.test(read))).toBe(true);
    expectNoScan(plans);
    expect(sections.purchases).toHaveLength(10);
    expect(new Set(sections.purchases.map((p) => p.raffle)).size).toBe(10);
  });
});

describe('every raffle at once ("todas")', () => {
  it('Reportes todas: the totals of the year and its newest page, raffle by raffle', async () => {
    let all!: Awaited<ReturnType<typeof get>>;
    const plans = await plansOf(async () => {
      all = await get('/admin/reports');
    });
    expectNoScan(plans);
    const paid = year.purchases.filter((p) => p.status === 'COMPLETED');
    expect(all.json.totals).toMatchObject({
      totalTickets: sum(paid),
      expiredTickets: sum(year.purchases.filter((p) => p.status === 'EXPIRED')),
    });
    // The template order create-order wrote is the one more.
    expect(all.json).toMatchObject({ count: PURCHASES + 1, page: 1, perPage: 100 });
    expect(await factsGoneThrough(plans)).toBeLessThanOrEqual(2 * 100);
    expect(all.json.purchases).toHaveLength(100);
    const newest = [...year.purchases].sort(newestFirst).slice(0, 99);
    const shown = all.json.purchases.map((p: { _id: string }) => p._id);
    expect(newest.filter((p) => !shown.includes(p._id))).toEqual([]);
  });

  it("the dashboard chart of every raffle, from each raffle's facts", async () => {
    let chart!: Awaited<ReturnType<typeof get>>;
    const plans = await plansOf(async () => {
      chart = await get('/admin/sales-chart');
    });
    expectNoScan(plans);
    const sold = chart.json.days.reduce((n: number, d: { total: number }) => n + d.total, 0);
    expect(sold).toBe(sum(year.purchases.filter((p) => p.status === 'COMPLETED')));
    // Each day's numbers are the sum of that day's in each raffle's chart.
    const byDay = new Map<string, number>();
    for (const raffleId of year.raffleIds)
      for (const d of (await get(`/admin/sales-chart?raffleId=${raffleId}`)).json.days)
        byDay.set(d.day, (byDay.get(d.day) ?? 0) + d.total);
    expect(chart.json.days.map((d: { day: string; total: number }) => [d.day, d.total])).toEqual(
      [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)),
    );
  });
});

/** Every purchase in the store, newest first, as the list sorts them (ties by id). */
async function storedNewestFirst(filter: Document = {}) {
  return server.db
    .collection<{ _id: string; createdAt: Date }>('purchases')
    .find(filter, { projection: { _id: 1 }, sort: { createdAt: -1, _id: -1 } })
    .toArray();
}

describe('Historial and Auditoría "todas", raffle by raffle', () => {
  it("Historial de compras todas: newest first, page by page, filtered, from each raffle's index", async () => {
    let answer!: Awaited<ReturnType<typeof get>>;
    const plans = await plansOf(async () => {
      answer = await get('/purchases?range=[0,24]&sort=["createdAt","DESC"]');
    });
    expectNoScan(plans);
    const all = await storedNewestFirst();
    expect(answer.range).toBe(`purchases 0-24/${all.length}`);
    expect(answer.json.map((p: { id: string }) => p.id)).toEqual(
      all.slice(0, 25).map((p) => p._id),
    );
    // The ten raffles' sales, and the one order create-order wrote in the first raffle.
    expect(new Set(answer.json.map((p: { raffleId: string }) => p.raffleId)).size).toBe(11);

    const third = await plansOf(async () => {
      answer = await get('/purchases?range=[50,74]&sort=["createdAt","DESC"]');
    });
    expectNoScan(third);
    expect(answer.json.map((p: { id: string }) => p.id)).toEqual(
      all.slice(50, 75).map((p) => p._id),
    );

    const filtered = await plansOf(async () => {
      answer = await get(
        `/purchases?filter=${listFilter({ status: 'COMPLETED', paymentMethod: 'card' })}&range=[0,9]`,
      );
    });
    expectNoScan(filtered);
    const paidByCard = await storedNewestFirst({ status: 'COMPLETED', paymentMethod: 'card' });
    expect(answer.range).toBe(`purchases 0-9/${paidByCard.length}`);
    expect(answer.json.map((p: { id: string }) => p.id)).toEqual(
      paidByCard.slice(0, 10).map((p) => p._id),
    );

    // The open orders, few at any time, by their status's index.
    const open = await plansOf(async () => {
      answer = await get(`/purchases?filter=${listFilter({ status: 'PENDING' })}&range=[0,9]`);
    });
    expectNoScan(open);
    const pending = await storedNewestFirst({ status: 'PENDING' });
    expect(answer.range).toBe(`purchases 0-9/${pending.length}`);
    expect(answer.json.map((p: { id: string }) => p.id)).toEqual(
      pending.slice(0, 10).map((p) => p._id),
    );

    // The search box: part of an e-mail, in every raffle.
    const searched = await plansOf(async () => {
      answer = await get(`/purchases?filter=${listFilter({ q: 'comprador-00007@' })}&range=[0,24]`);
    });
    expectNoScan(searched);
    const theirs = year.purchases.filter((p) => p.buyer.email === year.emailOf(7));
    expect(answer.range).toBe(`purchases 0-9/${theirs.length}`);
    expect(answer.json.map((p: { id: string }) => p.id)).toEqual(
      [...theirs].sort(newestFirst).map((p) => p._id),
    );
  });

  it("a reseller's Historial todas shows their own sales only, from their code's index", async () => {
    let answer!: Awaited<ReturnType<typeof get>>;
    const plans = await plansOf(async () => {
      answer = await get('/purchases?range=[0,24]&sort=["createdAt","DESC"]', reseller);
    });
    expectNoScan(plans);
    const theirs = year.purchases.filter((p) => p.resellerCode === reseller.code);
    expect(theirs.length).toBeGreaterThan(25);
    expect(answer.range).toBe(`purchases 0-24/${theirs.length}`);
    expect(answer.json.map((p: { id: string }) => p.id)).toEqual(
      [...theirs]
        .sort(newestFirst)
        .slice(0, 25)
        .map((p) => p._id),
    );
    // Never the cédula in a reseller's list (SPEC §6).
    expect(answer.json.every((p: { buyer: object }) => !('document' in p.buyer))).toBe(true);
  });

  it("Auditoría todas: the newest page of every raffle's entries, from each raffle's index", async () => {
    let page!: Awaited<ReturnType<typeof get>>;
    const plans = await plansOf(async () => {
      page = await get('/audit?range=[25,49]');
    });
    expectNoScan(plans);
    const entries = await server.db
      .collection<{ _id: string; at: Date }>('audit_log')
      .find({}, { projection: { _id: 1 }, sort: { at: -1, _id: 1 } })
      .toArray();
    expect(entries.length).toBeGreaterThanOrEqual(3000);
    expect(page.range).toBe(`audit 25-49/${entries.length}`);
    expect(page.json.map((e: { id: string }) => e.id)).toEqual(
      entries.slice(25, 50).map((e) => e._id),
    );
  });

  it('the dashboard: the raffle, its progress, the receipts to review and the chart', async () => {
    const plans = await plansOf(async () => {
      await get('/lottery');
      await get('/raffle/raffle-progress');
      await get('/purchases/in-review/count');
      await get('/purchases/in-review/count', reseller);
      await get('/admin/sales-chart');
    });
    expectNoScan(plans);
  });
});
