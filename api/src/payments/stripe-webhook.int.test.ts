// A Stripe event pays a card order and nothing else: a signed, paid Checkout Session that
// names a bank-transfer order (in its metadata) leaves that order unpaid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPurchase } from '@vag/core/db/purchases';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { startTestServer, type TestServer } from '../testing/server';
import { createCheckoutSession } from './stripe';
import { activeRaffle, customOrder, postJson, postStripeWebhook } from './test-fixtures';

let fakes: FakeProviders;
let server: TestServer;
let api: string;

beforeAll(async () => {
  fakes = await startFakeProviders();
  server = await startTestServer({ env: fakes.env });
  api = `${server.url}/api`;
  await activeRaffle(server.db, { totalNumbers: 100, pricePerNumber: 2 });
});
afterAll(async () => {
  await server?.stop();
  await fakes?.stop();
});

describe('POST /api/payments/stripe-webhook', () => {
  it('does not pay a bank-transfer order named by a paid session of the right amount', async () => {
    const order = await postJson(
      `${api}/payments/create-order`,
      customOrder('bank_transfer', 3, 2),
    );
    expect(order.status).toBe(201);
    const purchaseId: string = order.body.purchaseId;
    const session = await createCheckoutSession(
      { secretKey: fakes.stripe.secretKey, webhookSecret: undefined, apiUrl: fakes.stripe.url },
      {
        purchaseId,
        amountCents: 600,
        description: 'Voy a Ganar: 3 números',
        email: 'ana@example.com',
        successUrl: `${server.url}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${server.url}/checkout`,
      },
    );
    fakes.stripe.pay(session.sessionId);

    const hooked = await postStripeWebhook(
      api,
      fakes.stripe.signedCompletedEvent(session.sessionId),
    );

    expect(hooked.status).toBe(200);
    const stored = await getPurchase(server.db, purchaseId);
    expect(stored?.status).toBe('PENDING');
    expect(stored?.card).toBeUndefined();
  });

  it('does not pay a card order from another card order’s session', async () => {
    const mine = await postJson(`${api}/payments/create-order`, customOrder('card', 2, 2));
    const other = await postJson(`${api}/payments/create-order`, customOrder('card', 2, 2));
    const otherSession: string = other.body.checkoutUrl.split('/').pop();
    // A session for `other` whose metadata was made to name `mine`.
    fakes.stripe.sessions.get(otherSession)!.metadata.purchaseId = mine.body.purchaseId;
    await server.db
      .collection('purchases')
      .updateOne({ _id: other.body.purchaseId }, { $set: { 'card.sessionId': 'cs_otra' } });
    fakes.stripe.pay(otherSession);

    expect(
      (await postStripeWebhook(api, fakes.stripe.signedCompletedEvent(otherSession))).status,
    ).toBe(200);
    expect((await getPurchase(server.db, mine.body.purchaseId))?.status).toBe('PENDING');
  });
});
