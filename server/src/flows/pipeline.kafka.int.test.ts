// The scaled path for real: the api with its workers subscribed through Apache Kafka.
// An order of each payment method goes from create-order to numbers, e-mail and SMS; a
// second workers process shares the consumer groups, and when one of them stops the
// other takes over.
import { numberRuns } from '@vag/contracts';
import { randomUUID } from 'node:crypto';
import { createBus, withCoreServices, type CoreDeps } from '@vag/core';
import { getPurchase } from '@vag/core/db/purchases';
import {
  activeRaffle,
  customOrder,
  numbersOf,
  postJson,
  postStripeWebhook,
} from '@vag/api/payments/test-fixtures';
import { staffToken } from '@vag/api/testing/seed';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { startTestServer, type TestServer } from '../testing/server';
import { waitFor } from '@vag/core/testing/wait';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '@vag/workers/index';

const brokers = process.env.VAG_TEST_KAFKA_BROKERS ?? '';
let fakes: FakeProviders;
let server: TestServer;
let api: string;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  if (!brokers) throw new Error('VAG_TEST_KAFKA_BROKERS is not set: run through `npm test`');
  fakes = await startFakeProviders();
  // Own topics and consumer groups on the shared broker.
  server = await startTestServer({
    env: { ...fakes.env, KAFKA_BROKERS: brokers, KAFKA_NAMESPACE: `t${randomUUID().slice(0, 8)}.` },
  });
  api = `${server.url}/api`;
  await activeRaffle(server.db, { totalNumbers: 200, pricePerNumber: 2 });
}, 120_000);
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
  await server?.stop();
  await fakes?.stop();
});

async function buyWithPayPal(quantity: number): Promise<string> {
  const created = await postJson(
    `${api}/payments/create-order`,
    customOrder('paypal', quantity, 2),
  );
  expect(created.status).toBe(201);
  const orderId = new URL(created.body.approveUrl).searchParams.get('token')!;
  fakes.paypal.approve(orderId);
  const captured = await postJson(`${api}/payments/capture-order`, { orderId });
  expect(captured.body.status).toBe('COMPLETED');
  return created.body.purchaseId;
}

async function expectDelivered(purchaseId: string) {
  const purchase = await numbersOf(server.db, purchaseId, 60_000);
  // A transfer's buyer also got the order link first: look for the e-mail with the numbers.
  await waitFor(
    () =>
      fakes.smtp.mails.find(
        (m) =>
          m.to.includes(purchase.buyer.email) &&
          m.text.includes(numberRuns(purchase.assignedNumbers).join(', ')),
      ),
    { timeoutMs: 60_000, message: 'the e-mail with the numbers' },
  );
  await waitFor(
    () =>
      fakes.twilio.messages.find((s) =>
        s.body.includes(numberRuns(purchase.assignedNumbers).join(', ')),
      ),
    { timeoutMs: 60_000, message: 'the SMS' },
  );
  return purchase;
}

describe('the pipeline over Kafka', () => {
  it('paypal order → capture → numbers, e-mail and SMS through Kafka consumers', async () => {
    expect(server.deps.bus.kind).toBe('kafka');
    const purchase = await expectDelivered(await buyWithPayPal(3));
    expect(purchase.assignedNumbers).toHaveLength(3);
    // The numbers' write took the purchase.paid entry with it (it is never marked published).
    expect((await getPurchase(server.db, purchase._id))?.outbox?.purchase_paid).toBeUndefined();
  }, 120_000);

  it('card: Stripe webhook and verify-stripe → numbers, e-mail and SMS through Kafka consumers', async () => {
    const created = await postJson(`${api}/payments/create-order`, customOrder('card', 2, 2));
    expect(created.status).toBe(201);
    const sessionId: string = created.body.checkoutUrl.split('/').pop();
    fakes.stripe.pay(sessionId);
    const event = fakes.stripe.signedCompletedEvent(sessionId);
    const hooked = await postStripeWebhook(api, event);
    expect(hooked.status).toBe(200);
    const verified = await postJson(`${api}/payments/verify-stripe`, { sessionId });
    expect(verified.body.status).toBe('COMPLETED');
    const purchase = await expectDelivered(created.body.purchaseId);
    expect(purchase.assignedNumbers).toHaveLength(2);
    expect(fakes.smtp.mails.filter((m) => m.to.includes(purchase.buyer.email))).toHaveLength(1);
  }, 120_000);

  it('mobile: PayPhone Confirm → numbers, e-mail and SMS through Kafka consumers', async () => {
    const order = customOrder('mobile', 4, 2);
    const created = await postJson(`${api}/payments/create-order`, order);
    expect(created.status).toBe(201);
    const { id } = fakes.payphone.pay(order.clientTransactionId!);
    const verified = await postJson(`${api}/payments/verify-payphone`, {
      id,
      clientTxId: order.clientTransactionId,
    });
    expect(verified.body.status).toBe('COMPLETED');
    const purchase = await expectDelivered(created.body.purchaseId);
    expect(purchase.assignedNumbers).toHaveLength(4);
  }, 120_000);

  it('bank transfer: staff confirm-transfer answers the numbers the Kafka consumer assigned', async () => {
    const created = await postJson(
      `${api}/payments/create-order`,
      customOrder('bank_transfer', 3, 2),
    );
    expect(created.status).toBe(201);
    const { auth } = await staffToken(server.deps, 'admin');
    const confirmed = await postJson(
      `${api}/purchases/${created.body.purchaseId}/confirm-transfer`,
      { referenceCode: 'REF-K1', bankName: 'Pichincha' },
      auth,
      'PATCH',
    );
    expect(confirmed.status).toBe(200);
    const purchase = await expectDelivered(created.body.purchaseId);
    expect(confirmed.body.assignedNumbers).toEqual(purchase.assignedNumbers);
    expect(purchase.assignedNumbers).toHaveLength(3);
  }, 120_000);

  it('a second workers process shares the groups; when one stops the other keeps every purchase flowing', async () => {
    // What `npm run workers` does in another process: its own Kafka client, the same groups.
    const bus = createBus({ ...server.deps.env });
    const { env, db, log } = server.deps;
    const deps: CoreDeps = withCoreServices({ env, db, bus, log });
    const second = await startWorkers(deps);
    cleanups.push(async () => {
      await bus.close();
    });
    const before = await Promise.all([1, 2, 3, 4].map(() => buyWithPayPal(1)));
    for (const id of before) await expectDelivered(id);

    await second.stop();
    const after = await Promise.all([1, 2, 3].map(() => buyWithPayPal(2)));
    for (const id of after) await expectDelivered(id);
  }, 180_000);
});
