// A buyer's order link names the raffle the purchase belongs to, whichever raffle is
// featured now: bought in a second raffle, or in the first after another is featured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeRaffle, customOrder, postJson } from '@vag/api/payments/test-fixtures';
import { apiCaller, createStaff, type ApiCaller } from '@vag/api/testing/seed';
import { startTestServer, type TestServer } from '../testing/server';

let server: TestServer;
let call: ApiCaller;
let token: string;
let express: { _id: string; slug: string };

beforeAll(async () => {
  server = await startTestServer();
  call = apiCaller(server.url);
  token = (await createStaff(server.db, { role: 'admin' })).token;
  await activeRaffle(server.db, { totalNumbers: 100, pricePerNumber: 2 });
  const created = await call('POST', '/admin/raffles', {
    token,
    body: {
      name: 'Rifa Express Moto',
      slug: 'rifa-express',
      prize: 'Moto 150 cc',
      imageUrl: '',
      pricePerNumber: 3,
      endDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      totalNumbers: 50,
    },
  });
  expect(created.status).toBe(201);
  express = created.json as { _id: string; slug: string };
  const pkg = await call('POST', `/raffles/${express._id}/packages`, {
    token,
    body: { name: 'Express Dos', quantity: 2, price: 6, isPopular: false },
  });
  expect(pkg.status).toBeLessThan(300);
  expect((await call('POST', `/admin/raffles/${express._id}/publish`, { token })).status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
});

let phones = 0;
async function transferOrder(base: string, pricePerNumber: number) {
  const order = customOrder('bank_transfer', 2, pricePerNumber);
  const res = await postJson(`${server.url}${base}/payments/create-order`, {
    ...order,
    buyer: { ...order.buyer, phone: `0991${String(100000 + phones++).padStart(6, '0')}` },
  });
  expect(res.status).toBe(201);
  const url = new URL(res.body.orderUrl as string, server.url);
  return `/orders/${res.body.purchaseId as string}?key=${url.searchParams.get('key')!}`;
}

describe('GET /api/orders/{id}?key=… names the purchase’s raffle', () => {
  it('an order made in the second raffle names it and its page, not the featured raffle', async () => {
    const order = await call('GET', await transferOrder(`/api/raffles/${express.slug}`, 3));
    expect(order.status).toBe(200);
    expect(order.json).toMatchObject({
      raffle: { name: 'Rifa Express Moto', slug: 'rifa-express' },
      totalPrice: 6,
    });
  });

  it('an order of the first raffle keeps naming it once another raffle is featured', async () => {
    const link = await transferOrder('/api', 2);
    expect((await call('GET', link)).json).toMatchObject({ raffle: { name: 'Rifa de prueba' } });
    expect((await call('POST', `/admin/raffles/${express._id}/feature`, { token })).status).toBe(
      200,
    );
    expect((await call('GET', link)).json).toMatchObject({ raffle: { name: 'Rifa de prueba' } });
  });
});
