// Our Stripe requests against stripe-mock, which validates every request against
// Stripe's OpenAPI: the Checkout Session we create and read is one Stripe accepts.
// (Paid/unpaid flows need state, so the pipeline tests use the stateful local fake.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeMock, type StripeMock } from '../../../infra/services';
import { createCheckoutSession, retrieveSession } from './stripe';

let mock: StripeMock;
beforeAll(async () => {
  mock = await startStripeMock();
});
afterAll(async () => {
  await mock?.stop();
});

describe('Stripe Checkout requests', () => {
  it('create and retrieve pass stripe-mock’s validation of the real API', async () => {
    const config = { secretKey: 'sk_test_123', webhookSecret: undefined, apiUrl: mock.url };
    const created = await createCheckoutSession(config, {
      purchaseId: '7f1c1c54-0000-4000-8000-000000000001',
      amountCents: 1250,
      description: 'Voy a Ganar: 5 números',
      email: 'ana@example.com',
      successUrl: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/checkout',
    });
    expect(created.sessionId).toMatch(/^cs_/);
    expect(created.checkoutUrl).toMatch(/^https?:\/\//);
    const state = await retrieveSession(config, created.sessionId);
    expect(state?.sessionId).toBe(created.sessionId);
  });
});
