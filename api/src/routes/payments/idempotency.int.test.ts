// create-order's Idempotency-Key (SPEC §7): two clicks in one tick, or a retry after a
// lost answer, place one order and both answers name it; the same key with another
// order is refused, so a key alone fetches nobody's order.
import { randomUUID } from 'node:crypto';
import { SERVER } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customOrder, postJson } from '../../payments/test-fixtures';
import { activeRaffle } from '../../payments/test-fixtures';
import { strangerBuyer } from '../../payments/test-buyers';
import { startTestServer, type TestServer } from '../../testing/server';

let server: TestServer;
let api: string;

beforeAll(async () => {
  server = await startTestServer();
  api = `${server.url}/api`;
  await activeRaffle(server.db, { totalNumbers: 500, pricePerNumber: 2 });
});
afterAll(async () => server?.stop());

const transferOrder = (quantity: number, buyer = strangerBuyer()) =>
  customOrder('bank_transfer', quantity, 2, {
    buyer: { ...buyer, paymentProvider: 'bank_transfer' },
  });

const send = (order: unknown, key?: string) =>
  postJson(`${api}/payments/create-order`, order, key ? { 'idempotency-key': key } : {});

const ordersOf = (email: string) =>
  server.db.collection('purchases').countDocuments({ 'buyer.email': email });

describe('POST /api/payments/create-order with Idempotency-Key', () => {
  it('two identical orders sent at once with one key place one order, and both answers name it', async () => {
    const order = transferOrder(10);
    const key = randomUUID();
    const [first, second] = await Promise.all([send(order, key), send(order, key)]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await ordersOf(order.buyer.email)).toBe(1);

    // A retry later (the answer was lost) answers the same order again.
    const retry = await send(order, key);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await ordersOf(order.buyer.email)).toBe(1);
  });

  it('the same key with another order answers 422 and places nothing, and tells nothing of the first', async () => {
    const key = randomUUID();
    const mine = transferOrder(2);
    expect((await send(mine, key)).status).toBe(201);
    const stranger = transferOrder(2);
    const res = await send(stranger, key);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ msg: SERVER.idempotencyKeyReused });
    expect(await ordersOf(stranger.buyer.email)).toBe(0);
    // Another quantity on the same draft's key is another order too.
    expect((await send({ ...transferOrder(3), buyer: mine.buyer }, key)).status).toBe(422);
    expect(await ordersOf(mine.buyer.email)).toBe(1);
  });

  it('a refused order is refused again on repeat, never answered from a record; a malformed key is a 400', async () => {
    const tampered = { ...transferOrder(2), totalPrice: 3.99, amount: 3.99 };
    const key = randomUUID();
    expect((await send(tampered, key)).status).toBe(400);
    // The same refused request again is refused again (not answered from a record).
    expect((await send(tampered, key)).body.msg).toBe(SERVER.amountMismatch);

    const bad = await send(transferOrder(1), 'corta');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(SERVER.idempotencyKeyInvalid);
  });

  it('without a key, two identical orders are two orders (as before)', async () => {
    const order = transferOrder(1);
    const [a, b] = await Promise.all([send(order), send(order)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.purchaseId).not.toBe(b.body.purchaseId);
  });

  it('the OpenAPI document names the header and the 422', async () => {
    const doc = (await (await fetch(`${api}/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; in: string }[]; responses: object }>
      >;
    };
    const op = doc.paths['/api/payments/create-order']!.post!;
    expect(op.parameters).toContainEqual(
      expect.objectContaining({ name: 'idempotency-key', in: 'header' }),
    );
    expect(op.responses).toHaveProperty('422');
  });
});
