// The bench's year of data (`npm run bench -- --history=N`), small: ten past raffles made
// through the api, their purchases cloned in bulk from what the product wrote, each raffle
// closed, drawn and archived. The product's own screens read them as they read real ones:
// the Rifas list, the staff's search by e-mail and by number, the buyer's order page; and
// the sellout audit passes for every raffle (numbers unique, counters equal sums).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from 'mongodb';
import { isCedulaValid } from '@vag/contracts';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { createStaff } from '@vag/api/testing/seed';
import { startTestServer, type TestServer } from '@vag/server/testing/server';
import { fillHistory, type HistoryFigures } from './bench/history-fill';
import { auditRaffles, formatReport } from './audit';

const PURCHASES = 20_000;
let fakes: FakeProviders;
let server: TestServer;
let token: string;
let figures: HistoryFigures;

beforeAll(async () => {
  fakes = await startFakeProviders();
  server = await startTestServer({ env: fakes.env });
  token = (await createStaff(server.db, { role: 'admin' })).token;
  figures = await fillHistory({
    baseUrl: server.url,
    adminToken: token,
    db: server.db,
    purchases: PURCHASES,
  });
}, 900_000);
afterAll(async () => {
  await server?.stop();
  await fakes?.stop();
});

async function staffGet<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

interface StoredPurchase {
  _id: string;
  raffleId: string;
  orderCode: string;
  accessKey: string;
  buyer: { email: string; phone: string; document: string };
  assignedNumbers: string[];
}

/** A purchase the fill cloned (not one of the few bought through the api), the last one. */
async function aClone(db: Db, raffleId: string): Promise<StoredPurchase> {
  const [clone] = await db
    .collection<StoredPurchase>('purchases')
    .find({ raffleId, 'buyer.email': { $regex: /^comprador\d{5,}@/ } })
    .sort({ _id: -1 })
    .limit(1)
    .toArray();
  return clone!;
}

describe(`a year of past raffles: ${PURCHASES} purchases`, () => {
  it('holds the purchases asked for, over ten archived raffles that the Rifas screen lists with what each sold', async () => {
    expect(figures.purchases).toBeGreaterThanOrEqual(PURCHASES);
    expect(await server.db.collection('purchases').countDocuments()).toBe(figures.purchases);
    const listed =
      await staffGet<Array<{ _id: string; status: string; sold: number }>>('/admin/raffles');
    expect(figures.raffles).toHaveLength(10);
    for (const raffle of figures.raffles) {
      const row = listed.find((r) => r._id === raffle.id);
      expect(row, raffle.slug).toMatchObject({ status: 'archived', sold: raffle.numbersSold });
    }
  });

  // The audit reads each raffle's purchases with no index on raffleId (a scan of the whole
  // collection per raffle) and the reports' rows of every raffle: minutes at 20 000
  // purchases on a loaded box, so the raffles are audited side by side.
  it('every past raffle passes the sellout audit: numbers unique, claims disjoint, counters, messages; the reports of one', async () => {
    const [first, ...others] = figures.raffles.map((r) => r.id);
    // The reports' check reads every raffle's rows for each raffle it audits: once is
    // enough to see the clones' rows as the reports worker writes them.
    const audits = (
      await Promise.all([
        auditRaffles(server.db, { raffleIds: [first!] }),
        ...others.map((id) => auditRaffles(server.db, { raffleIds: [id], reports: false })),
      ])
    ).flat();
    expect(audits).toHaveLength(10);
    for (const { raffleId, report } of audits)
      expect(report.ok, `${raffleId}\n${formatReport(report)}`).toBe(true);
  }, 600_000);

  it("a cloned buyer is found by staff by e-mail and by number, and the buyer's order page shows the past raffle's numbers", async () => {
    const raffle = figures.raffles[3]!;
    const clone = await aClone(server.db, raffle.id);
    const search = (q: string) =>
      staffGet<Array<{ _id: string }>>(
        `/purchases?filter=${encodeURIComponent(JSON.stringify({ q, raffleId: raffle.id }))}`,
      );
    let started = Date.now();
    expect((await search(clone.buyer.email)).map((p) => p._id)).toEqual([clone._id]);
    console.log(
      `staff search by e-mail over ${figures.purchases} purchases: ${Date.now() - started} ms`,
    );
    started = Date.now();
    expect((await search(clone.assignedNumbers[0]!)).map((p) => p._id)).toContain(clone._id);
    console.log(`staff search by number: ${Date.now() - started} ms`);

    started = Date.now();
    const res = await fetch(`${server.url}/api/orders/${clone._id}?key=${clone.accessKey}`);
    console.log(`order page: ${Date.now() - started} ms`);
    expect(res.status).toBe(200);
    const order = (await res.json()) as { orderCode: string; assignedNumbers: string[] };
    expect(order.orderCode).toBe(clone.orderCode);
    expect(order.assignedNumbers).toEqual(clone.assignedNumbers);
    // The checkout's answer kept for a repeat of the same order links to the clone's own page.
    const request = await server.db
      .collection<{ answer: { orderUrl: string } }>('order_requests')
      .findOne({ purchaseId: clone._id });
    expect(request?.answer.orderUrl).toBe(`/pedido?id=${clone._id}&key=${clone.accessKey}`);
  });

  it('each clone has its own order code, access key and buyer', async () => {
    const all = await server.db
      .collection<StoredPurchase>('purchases')
      .find({}, { projection: { orderCode: 1, accessKey: 1, buyer: 1 } })
      .toArray();
    const values = {
      orderCode: all.map((p) => p.orderCode),
      accessKey: all.map((p) => p.accessKey),
      email: all.map((p) => p.buyer.email),
      phone: all.map((p) => p.buyer.phone),
      cédula: all.map((p) => p.buyer.document),
    };
    for (const [field, list] of Object.entries(values))
      expect(new Set(list).size, field).toBe(figures.purchases);
    expect(all.every((p) => isCedulaValid(p.buyer.document))).toBe(true);
  });
});
