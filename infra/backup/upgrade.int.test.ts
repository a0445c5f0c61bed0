// A store written by an earlier version must start on this one with everything intact.
// fixtures/store-f79a135.jsonl.gz is `npm run backup` of a store made by f79a135 (the
// last version with one current raffle): the demo raffle, two bank transfers confirmed
// by staff (María's 5 numbers, Pedro's 10) and Lucía's order waiting for her transfer. The api
// started on it must serve that raffle, those orders and numbers, the fairness record,
// and the same staff sign-in — and that raffle becomes the first raffle record: its own
// slug and page, featured, en venta, its packages its own, and a second raffle beside it
// leaves all of that alone.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../api/src/testing/server';
import { testMongoBaseUrl, uniqueDbName } from '../../core/src/testing/test-db';
import { restoreDatabase } from './archive';

const fixture = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures',
  'store-f79a135.jsonl.gz',
);

const MARIA = {
  id: '0cdd29f8-3e8a-4343-825b-7447309631b6',
  key: 'bkQv6GP-gdcuZRWWvlCaPG4W0Yy714XN',
  numbers: ['2319', '2638', '6511', '7026', '3507'],
};
const LUCIA = {
  id: '4a1fe315-1209-4303-9e86-babf6f910359',
  key: 'ucBufqPlXMZubMmDZThmbzRTMs1UvjPX',
};

let server: TestServer;

beforeAll(async () => {
  const url = testMongoBaseUrl() + uniqueDbName('upgrade');
  const client = new MongoClient(url, { retryWrites: false });
  await client.connect();
  try {
    await restoreDatabase(client.db(), fixture);
  } finally {
    await client.close();
  }
  server = await startTestServer({ env: { MONGODB_URL: url }, bankAccount: false });
});

afterAll(async () => {
  await server?.stop();
});

async function getJson(pathAndQuery: string, init?: RequestInit): Promise<Record<string, unknown>> {
  const res = await fetch(`${server.url}/api${pathAndQuery}`, init);
  expect(res.status, pathAndQuery).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

describe('a store backed up by f79a135', () => {
  it('GET /api/lottery still answers its raffle', async () => {
    const raffle = await getJson('/lottery');
    expect(raffle).toMatchObject({ name: 'Gran Rifa Navideña 2026' });
  });

  it("GET /api/orders/{id} shows María's paid order with her five numbers", async () => {
    const order = await getJson(`/orders/${MARIA.id}?key=${MARIA.key}`);
    expect(order).toMatchObject({ status: 'COMPLETED', quantity: 5 });
    expect([...(order.assignedNumbers as string[])].sort()).toEqual([...MARIA.numbers].sort());
  });

  // Her 48-hour hold ends on 30/11/2026, so by the day the test runs the sweeper may
  // have expired it: either way the order, its code and its package are there, unpaid.
  it("GET /api/orders/{id} shows Lucía's unpaid order", async () => {
    const order = await getJson(`/orders/${LUCIA.id}?key=${LUCIA.key}`);
    expect(order).toMatchObject({ orderCode: 'VAG-R4BMXA', quantity: 25, assignedNumbers: [] });
    expect(['PENDING', 'EXPIRED']).toContain(order.status);
  });

  it('GET /api/raffle/fairness keeps the published commitment', async () => {
    const record = await getJson('/raffle/fairness');
    expect(record.commitment).toMatchObject({ keyHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('the administrator still signs in', async () => {
    const answer = await getJson('/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@voyaganar.ec', password: 'Admin123!' }),
    });
    expect(answer.token).toEqual(expect.any(String));
  });

  it('its raffle is the first raffle record: featured, on sale, with its own address and packages', async () => {
    const res = await fetch(`${server.url}/api/raffles`);
    const raffles = (await res.json()) as Array<Record<string, unknown>>;
    expect(raffles).toEqual([
      expect.objectContaining({
        _id: 'current',
        slug: 'gran-rifa-navidena-2026',
        name: 'Gran Rifa Navideña 2026',
        status: 'on_sale',
        featured: true,
      }),
    ]);
    const scoped = await getJson('/raffles/gran-rifa-navidena-2026/lottery');
    expect(scoped).toMatchObject({ _id: 'current', isActive: true });
    const packages = await fetch(`${server.url}/api/raffles/gran-rifa-navidena-2026/packages`);
    expect(((await packages.json()) as unknown[]).length).toBeGreaterThan(0);
  });

  it("a second raffle created beside it leaves María's order, numbers and the featured raffle alone", async () => {
    const { token } = (await getJson('/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@voyaganar.ec', password: 'Admin123!' }),
    })) as { token: string };
    const created = await fetch(`${server.url}/api/admin/raffles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: 'Rifa Express',
        prize: 'Moto',
        pricePerNumber: 1,
        endDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        totalNumbers: 100,
        templateId: 'current',
      }),
    });
    expect(created.status).toBe(201);
    const order = await getJson(`/orders/${MARIA.id}?key=${MARIA.key}`);
    expect([...(order.assignedNumbers as string[])].sort()).toEqual([...MARIA.numbers].sort());
    expect(await getJson('/lottery')).toMatchObject({ _id: 'current' });
  });
});
