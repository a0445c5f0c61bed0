// What the confirmation calls answer, and to whom: a payment reference (PayPal order id,
// Stripe session id, PayPhone transaction) is no proof of being the buyer, so without the
// order link's key they answer the status and amounts only — no name, e-mail, phone,
// numbers or key. The buyer's browser sends the key it kept at create-order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '@vag/contracts';
import { activeRaffle, customOrder, numbersOf, postJson } from '@vag/api/payments/test-fixtures';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { startTestServer, type TestServer } from '../testing/server';

let fakes: FakeProviders;
let server: TestServer;
let api: string;

beforeAll(async () => {
  fakes = await startFakeProviders();
  // The confirmation calls are limited wherever create-order is; TRUST_PROXY lets the
  // rate-limit test speak from an address of its own.
  server = await startTestServer({
    env: { ...fakes.env, CREATE_ORDER_LIMIT_PER_MINUTE: '1000', TRUST_PROXY: 'true' },
  });
  api = `${server.url}/api`;
  await activeRaffle(server.db, { totalNumbers: 1000, pricePerNumber: 1.5 });
});

afterAll(async () => {
  await server?.stop();
  await fakes?.stop();
});

/** Every caller of a test speaks from its own address, so no test spends another's limit. */
let lastOctet = 10;
const fromNewAddress = () => ({ 'x-forwarded-for': `198.51.100.${lastOctet++}` });

/** The key of the order link create-order answered (what the browser keeps). */
const keyOf = (created: { body: { orderUrl: string } }) =>
  new URL(created.body.orderUrl, server.url).searchParams.get('key')!;

/** Nothing that names, reaches or lets one act as the buyer is in the answer. */
async function expectNothingPersonal(answer: unknown, purchaseId: string) {
  const purchase = await numbersOf(server.db, purchaseId);
  const text = JSON.stringify(answer);
  for (const secret of [
    purchase.buyer.email,
    purchase.buyer.firstName,
    purchase.buyer.lastName,
    purchase.buyer.phone,
    purchase.buyer.address!,
    purchase.accessKey!,
    ...purchase.assignedNumbers.map((n) => `"${n}"`),
  ])
    expect(text).not.toContain(secret);
  expect(answer).toMatchObject({ _id: purchaseId, status: 'COMPLETED', keyRequired: true });
}

describe('confirmation calls without the order link key', () => {
  it('POST /api/payments/verify-stripe with a session id alone answers the status, not the buyer, numbers or key', async () => {
    const order = customOrder('card', 2);
    const created = await postJson(`${api}/payments/create-order`, order);
    const sessionId: string = created.body.checkoutUrl.split('/').pop();
    fakes.stripe.pay(sessionId);
    const stranger = await postJson(
      `${api}/payments/verify-stripe`,
      { sessionId },
      fromNewAddress(),
    );
    expect(stranger.status).toBe(200);
    await expectNothingPersonal(stranger.body, created.body.purchaseId);
    expect(stranger.body).toMatchObject({ quantity: 2, totalPrice: 3, card: { sessionId } });

    const wrongKey = await postJson(
      `${api}/payments/verify-stripe`,
      { sessionId, key: 'x'.repeat(32) },
      fromNewAddress(),
    );
    await expectNothingPersonal(wrongKey.body, created.body.purchaseId);

    const buyer = await postJson(
      `${api}/payments/verify-stripe`,
      { sessionId, key: keyOf(created) },
      fromNewAddress(),
    );
    expect(buyer.status).toBe(200);
    expect(buyer.body).toMatchObject({
      status: 'COMPLETED',
      accessKey: keyOf(created),
      buyer: { firstName: 'María', email: order.buyer.email },
    });
    expect(buyer.body.buyer).not.toHaveProperty('document');
  });

  it('POST /api/payments/capture-order with an order id alone answers the status, not the buyer, numbers or key', async () => {
    const created = await postJson(`${api}/payments/create-order`, customOrder('paypal', 3));
    const orderId = new URL(created.body.approveUrl).searchParams.get('token')!;
    fakes.paypal.approve(orderId);
    const stranger = await postJson(`${api}/payments/capture-order`, { orderId }, fromNewAddress());
    expect(stranger.status).toBe(200);
    await expectNothingPersonal(stranger.body, created.body.purchaseId);
    expect(stranger.body.paypal).toEqual({ orderId, status: 'COMPLETED' });

    const buyer = await postJson(
      `${api}/payments/capture-order`,
      { orderId, key: keyOf(created) },
      fromNewAddress(),
    );
    expect(buyer.body).toMatchObject({
      status: 'COMPLETED',
      accessKey: keyOf(created),
      buyer: { lastName: 'Guamán', phone: '+593991234567' },
    });
  });

  it('POST /api/payments/verify-payphone with the transaction alone answers the status, not the buyer, numbers or key', async () => {
    const order = customOrder('mobile', 2);
    const created = await postJson(`${api}/payments/create-order`, order);
    const { id } = fakes.payphone.pay(order.clientTransactionId!);
    const stranger = await postJson(
      `${api}/payments/verify-payphone`,
      { id, clientTxId: order.clientTransactionId },
      fromNewAddress(),
    );
    expect(stranger.status).toBe(200);
    await expectNothingPersonal(stranger.body, created.body.purchaseId);
  });
});

describe('confirmation calls rate limit', () => {
  it("answers 429 'Demasiados intentos…' with Retry-After past 30 checks a minute from one address; other addresses go on", async () => {
    const one = fromNewAddress();
    const answers = [];
    for (let i = 0; i < 31; i++)
      answers.push(
        await postJson(`${api}/payments/verify-stripe`, { sessionId: `cs_nope_${i}` }, one),
      );
    expect(answers.slice(0, 30).every((a) => a.status === 404)).toBe(true);
    expect(answers[30]).toMatchObject({ status: 429, body: { msg: SERVER.tooManyAttempts } });
    const capture = await postJson(`${api}/payments/capture-order`, { orderId: 'NOPE' }, one);
    expect(capture.status).toBe(429);
    const payphone = await postJson(
      `${api}/payments/verify-payphone`,
      { id: 1, clientTxId: 'trx-nope' },
      one,
    );
    expect(payphone.status).toBe(429);
    const res = await fetch(`${api}/payments/verify-stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...one },
      body: JSON.stringify({ sessionId: 'cs_nope' }),
    });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await postJson(
      `${api}/payments/verify-stripe`,
      { sessionId: 'cs_nope' },
      fromNewAddress(),
    );
    expect(other.status).toBe(404);
  });
});
