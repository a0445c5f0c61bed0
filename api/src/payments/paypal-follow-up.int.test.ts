// The PayPal follow-up: shortly before an unpaid PayPal order ends, PayPal is asked once.
// A capture that completed at PayPal after the api gave up (the buyer saw an error) and
// an order the buyer approved without coming back are paid, exactly once at PayPal; an
// order never approved is left to the sweeper.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPurchase } from '@vag/core/db/purchases';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { startTestServer, type TestServer } from '../testing/server';
import { waitFor } from '@vag/core/testing/wait';
import { activeRaffle, customOrder, postJson } from './test-fixtures';
import { followUpPayPalOrders } from './paypal-follow-up';

let fakes: FakeProviders;
let server: TestServer;

beforeAll(async () => {
  fakes = await startFakeProviders();
  // No passes of its own: the test runs the follow-up when it wants.
  server = await startTestServer({ env: { ...fakes.env, SWEEP_INTERVAL_SECONDS: '3600' } });
  await activeRaffle(server.db, { totalNumbers: 50, pricePerNumber: 1 });
});

afterAll(async () => {
  await server?.stop();
  await fakes?.stop();
});

/** A PayPal order the api accepted: its purchase id and PayPal order id. */
async function paypalOrder(quantity: number): Promise<{ purchaseId: string; orderId: string }> {
  const created = await postJson(
    `${server.url}/api/payments/create-order`,
    customOrder('paypal', quantity, 1),
  );
  expect(created.status).toBe(201);
  const orderId = new URL(created.body.approveUrl).searchParams.get('token')!;
  return { purchaseId: created.body.purchaseId, orderId };
}

describe('PayPal follow-up before an unpaid order ends', () => {
  it('pays an order captured at PayPal after the api timed out, and one approved but never captured; leaves an unapproved one', async () => {
    const timedOut = await paypalOrder(2);
    const abandoned = await paypalOrder(3);
    const unapproved = await paypalOrder(1);
    fakes.paypal.approve(timedOut.orderId);
    fakes.paypal.approve(abandoned.orderId);

    // PayPal is slow: the buyer's capture is held until the api gives up (15 s), then
    // completes at PayPal once PayPal recovers.
    fakes.paypal.setFault('timeout');
    const capture = await postJson(`${server.url}/api/payments/capture-order`, {
      orderId: timedOut.orderId,
    });
    fakes.paypal.setFault('none');
    expect(capture.status).toBe(502);
    await waitFor(() => fakes.paypal.captureLog.some((c) => c.orderId === timedOut.orderId), {
      message: 'the held capture completing at PayPal',
    });
    expect((await getPurchase(server.db, timedOut.purchaseId))?.status).toBe('PENDING');

    // With passes an hour apart, every order ends within the next two: PayPal is asked.
    expect(await followUpPayPalOrders(server.deps)).toBe(2);

    for (const { purchaseId, orderId } of [timedOut, abandoned]) {
      expect((await getPurchase(server.db, purchaseId))?.status).toBe('COMPLETED');
      const captured = fakes.paypal.captureLog.filter(
        (c) => c.orderId === orderId && c.outcome === 'captured',
      );
      expect(captured).toHaveLength(1);
    }
    expect((await getPurchase(server.db, unapproved.purchaseId))?.status).toBe('PENDING');

    // Asked once: a second pass leaves them alone.
    expect(await followUpPayPalOrders(server.deps)).toBe(0);
  }, 60_000);
});
