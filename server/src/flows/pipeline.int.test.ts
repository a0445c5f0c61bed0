// Reservations that expire, payments that arrive late, and the reconciler repairing
// what a crash between two writes leaves behind.
import { makeEvent, SERVER } from '@vag/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { endPendingReservation, getPurchase, insertPurchase } from '@vag/core/db/purchases';
import { getCapacity, releaseCapacity } from '@vag/core/db/raffle-capacity';
import { CURRENT_RAFFLE_ID } from '@vag/core/db/raffle-numbers';
import { activeRaffle, customOrder, numbersOf, postJson } from '@vag/api/payments/test-fixtures';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { apiCaller, createStaff } from '@vag/api/testing/seed';
import { startTestServer, type TestServer } from '../testing/server';
import { waitFor } from '@vag/core/testing/wait';
import { checkPayPhoneReversals } from '@vag/api/payments/payphone-reversals';
import { reconcileOnce, reconcilerIdle } from '@vag/core/pipeline/reconciler';
import { relayOnce } from '@vag/core/pipeline/relay';
import { purchaseEvent } from '@vag/core/pipeline/purchase-events';
import { sweepExpiredReservations } from '@vag/core/pipeline/sweeper';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(
  totalNumbers: number,
): Promise<{ server: TestServer; fakes: FakeProviders; api: string }> {
  const fakes = await startFakeProviders();
  cleanups.push(() => fakes.stop());
  // The periodic jobs stay out of the way: the tests run each pass themselves.
  const server = await startTestServer({
    env: { ...fakes.env, SWEEP_INTERVAL_SECONDS: '3600', RECONCILE_INTERVAL_SECONDS: '3600' },
  });
  cleanups.push(() => server.stop());
  await activeRaffle(server.db, { totalNumbers, pricePerNumber: 1 });
  return { server, fakes, api: `${server.url}/api` };
}

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('reservation sweeper', () => {
  it('expires an unpaid order after RESERVATION_MINUTES and gives its numbers back exactly once', async () => {
    const { server, api } = await setup(20);
    const order = await postJson(`${api}/payments/create-order`, customOrder('mobile', 4, 1));
    expect((await getCapacity(server.db, CURRENT_RAFFLE_ID))?.reserved).toBe(4);

    expect(await sweepExpiredReservations(server.deps, later(1))).toBe(0);
    const sweeps = await Promise.all(
      [1, 2, 3].map(() => sweepExpiredReservations(server.deps, later(16))),
    );
    expect(sweeps.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await getPurchase(server.db, order.body.purchaseId)).toMatchObject({
      status: 'EXPIRED',
      reservation: { active: false },
    });
    expect(await getCapacity(server.db, CURRENT_RAFFLE_ID)).toMatchObject({
      available: 20,
      reserved: 0,
      sold: 0,
    });
  });

  it('holds a bank transfer for the configured hold (48 hours unless Ajustes says otherwise)', async () => {
    const { server, api } = await setup(20);
    const order = await postJson(
      `${api}/payments/create-order`,
      customOrder('bank_transfer', 2, 1),
    );
    expect(await sweepExpiredReservations(server.deps, later(47 * 60))).toBe(0);
    expect(await sweepExpiredReservations(server.deps, later(48 * 60 + 1))).toBe(1);
    expect((await getPurchase(server.db, order.body.purchaseId))?.status).toBe('EXPIRED');
  });
});

describe('late payments', () => {
  it('a payment after expiry re-reserves numbers when some remain, and the purchase is numbered', async () => {
    const { server, fakes, api } = await setup(20);
    const order = customOrder('mobile', 3, 1);
    const created = await postJson(`${api}/payments/create-order`, order);
    await sweepExpiredReservations(server.deps, later(16));
    const { id } = fakes.payphone.pay(order.clientTransactionId!);
    const verified = await postJson(`${api}/payments/verify-payphone`, {
      id,
      clientTxId: order.clientTransactionId,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.status).toBe('COMPLETED');
    const purchase = await numbersOf(server.db, created.body.purchaseId);
    expect(purchase.assignedNumbers).toHaveLength(3);
    await waitFor(async () => (await getCapacity(server.db, CURRENT_RAFFLE_ID))?.sold === 3, {
      message: 'sold counted',
    });
    expect(await getCapacity(server.db, CURRENT_RAFFLE_ID)).toMatchObject({
      available: 17,
      reserved: 0,
      sold: 3,
    });
  });

  it('a payment after expiry with no numbers left becomes REFUND_REQUIRED, gets no numbers, and the buyer is told', async () => {
    const { server, fakes, api } = await setup(5);
    const late = customOrder('mobile', 3, 1);
    const created = await postJson(`${api}/payments/create-order`, late);
    await sweepExpiredReservations(server.deps, later(16));
    const other = await postJson(
      `${api}/payments/create-order`,
      customOrder('bank_transfer', 4, 1),
    );
    expect(other.status).toBe(201);

    const { id } = fakes.payphone.pay(late.clientTransactionId!);
    const verified = await postJson(`${api}/payments/verify-payphone`, {
      id,
      clientTxId: late.clientTransactionId,
    });
    expect(verified.status).toBe(409);
    expect(verified.body.msg).toBe(SERVER.refundRequired);
    const stored = await getPurchase(server.db, created.body.purchaseId);
    expect(stored).toMatchObject({
      status: 'REFUND_REQUIRED',
      assignedNumbers: [],
      failure: { reason: 'late_payment_sold_out' },
      mobile: { transactionId: id },
    });
    expect(stored?.outbox?.purchase_paid).toBeUndefined();
    expect(await getCapacity(server.db, CURRENT_RAFFLE_ID)).toMatchObject({
      available: 1,
      reserved: 4,
      sold: 0,
    });
  });
});

describe('late payment racing the sweeper', () => {
  it('a payment that arrives after the sweeper ended its reservation but before it gave the numbers back still gets them', async () => {
    const { server, fakes, api } = await setup(5);
    const late = customOrder('mobile', 3, 1);
    const created = await postJson(`${api}/payments/create-order`, late);
    const other = await postJson(
      `${api}/payments/create-order`,
      customOrder('bank_transfer', 2, 1),
    );
    expect(other.status).toBe(201);
    // The sweeper's first write: the reservation is over, its 3 numbers not yet released.
    const pending = await getPurchase(server.db, created.body.purchaseId);
    const expiredAt = later(16);
    const ended = await endPendingReservation(
      server.db,
      created.body.purchaseId,
      purchaseEvent(
        'purchase.expired',
        pending!,
        { expiredAt: expiredAt.toISOString() },
        expiredAt,
      ),
      { expiredBefore: expiredAt },
    );
    expect(ended?.status).toBe('EXPIRED');
    expect(await getCapacity(server.db, CURRENT_RAFFLE_ID)).toMatchObject({
      available: 0,
      reserved: 5,
    });
    // Its second write lands while the payment is being settled.
    const released = new Promise<void>((resolve) =>
      setTimeout(() => void releaseCapacity(server.db, 3, CURRENT_RAFFLE_ID).then(resolve), 100),
    );

    const { id } = fakes.payphone.pay(late.clientTransactionId!);
    const verified = await postJson(`${api}/payments/verify-payphone`, {
      id,
      clientTxId: late.clientTransactionId,
    });
    await released;
    expect(verified.status).toBe(200);
    expect(verified.body.status).toBe('COMPLETED');
    expect((await numbersOf(server.db, created.body.purchaseId)).assignedNumbers).toHaveLength(3);
    await waitFor(async () => (await getCapacity(server.db, CURRENT_RAFFLE_ID))?.sold === 3, {
      message: 'sold counted',
    });
    expect(await getCapacity(server.db, CURRENT_RAFFLE_ID)).toMatchObject({
      available: 0,
      reserved: 2,
      sold: 3,
    });
  });
});

describe('reconciler', () => {
  it('recomputes the counters after a crash left them wrong, but not while they agree', async () => {
    const { server, api } = await setup(30);
    await postJson(`${api}/payments/create-order`, customOrder('bank_transfer', 5, 1));
    expect(await reconcileOnce(server.deps, { confirmDelayMs: 20 })).toEqual({
      countersCorrected: false,
      requeued: 0,
    });

    // An order reserved 7 numbers and its process died before writing the purchase.
    await server.db
      .collection<{ _id: string }>('raffles')
      .updateOne({ _id: CURRENT_RAFFLE_ID }, { $inc: { available: -7, reserved: 7 } });
    expect(await getCapacity(server.db, CURRENT_RAFFLE_ID)).toMatchObject({
      available: 18,
      reserved: 12,
    });
    expect((await reconcileOnce(server.deps, { confirmDelayMs: 20 })).countersCorrected).toBe(true);
    expect(await getCapacity(server.db, CURRENT_RAFFLE_ID)).toMatchObject({
      available: 25,
      reserved: 5,
      sold: 0,
    });
  });

  /**
   * A purchase paid `minutesAgo` minutes ago whose purchase.paid has not reached the
   * numbers worker; `numbered` ones already hold their numbers (and no longer the entry).
   */
  async function insertPaid(
    server: TestServer,
    minutesAgo: number,
    numbered?: { minutesAgo: number },
  ): Promise<string> {
    const paidAt = new Date(Date.now() - minutesAgo * 60_000);
    const purchaseId = crypto.randomUUID();
    const event = makeEvent(
      'purchase.paid',
      {
        purchaseId,
        raffleId: CURRENT_RAFFLE_ID,
        quantity: 2,
        paymentMethod: 'paypal',
        totalPrice: 2,
        resellerCode: null,
        packageType: 'custom',
        createdAt: paidAt.toISOString(),
        buyer: { firstName: 'Pedro', lastName: 'Loor', email: 'pedro@example.com' },
        paidAt: paidAt.toISOString(),
      },
      paidAt,
    );
    await insertPurchase(server.db, {
      _id: purchaseId,
      raffleId: CURRENT_RAFFLE_ID,
      createdAt: paidAt,
      updatedAt: paidAt,
      buyer: {
        firstName: 'Pedro',
        lastName: 'Loor',
        email: 'pedro@example.com',
        phone: '0991112233',
        country: 'ECUADOR',
        address: '',
        city: '',
        province: '',
      },
      resellerCode: null,
      quantity: 2,
      unitPrice: 1,
      totalPrice: 2,
      paymentMethod: 'paypal',
      status: 'COMPLETED',
      packageId: null,
      packageData: { name: 'Personalizado', quantity: 2, price: 2 },
      packageType: 'custom',
      reservation: { active: false, expiresAt: paidAt },
      paidAt,
      assignedNumbers: [],
      ...(numbered && { numbersAssignedAt: new Date(Date.now() - numbered.minutesAgo * 60_000) }),
      outbox: numbered ? {} : { purchase_paid: { event, createdAt: paidAt, publishedAt: null } },
    });
    return purchaseId;
  }

  it('re-publishes a paid purchase whose event was lost, and it gets its numbers', async () => {
    const { server } = await setup(30);
    await reconcilerIdle(server.deps);
    await server.db
      .collection<{ _id: string }>('raffles')
      .updateOne({ _id: CURRENT_RAFFLE_ID }, { $inc: { available: -2, reserved: 2 } });
    // Published into an in-memory bus that died with its process: never delivered.
    const purchaseId = await insertPaid(server, 5);
    expect((await reconcileOnce(server.deps, { confirmDelayMs: 20 })).requeued).toBe(1);
    const numbered = await numbersOf(server.db, purchaseId);
    expect(numbered.assignedNumbers).toHaveLength(2);
    // Its entry went with the write of its numbers: nothing is left to re-publish.
    expect((await getPurchase(server.db, purchaseId))?.outbox?.purchase_paid).toBeUndefined();
    await waitFor(async () => (await getCapacity(server.db, CURRENT_RAFFLE_ID))?.sold === 2, {
      message: 'sold counted',
    });
    expect((await reconcileOnce(server.deps, { confirmDelayMs: 20 })).requeued).toBe(0);
  });

  it('leaves a backlog the numbers worker is still working through alone, but not what it skipped', async () => {
    const { server } = await setup(30);
    await reconcilerIdle(server.deps);
    // The worker numbered a purchase paid 5 minutes ago, seconds ago: the ones paid after
    // it are queued behind it, however long ago their events went out.
    await insertPaid(server, 5, { minutesAgo: 0.1 });
    const queued = await insertPaid(server, 4);
    expect((await reconcileOnce(server.deps, { confirmDelayMs: 20 })).requeued).toBe(0);
    // Nor does the relay's scan: its entry is never marked published, and is not its to send.
    expect(await relayOnce(server.deps)).toBe(0);

    // One paid 8 minutes ago, before the front by more than the stale period: skipped.
    const skipped = await insertPaid(server, 8);
    expect((await reconcileOnce(server.deps, { confirmDelayMs: 20 })).requeued).toBe(1);
    expect((await numbersOf(server.db, skipped)).assignedNumbers).toHaveLength(2);
    expect((await getPurchase(server.db, queued))?.assignedNumbers).toEqual([]);
  });
});

describe('PayPhone reversals', () => {
  it('flags a confirmed PayPhone payment that PayPhone later reversed, for staff', async () => {
    const { server, fakes, api } = await setup(20);
    const order = customOrder('mobile', 2, 1);
    const created = await postJson(`${api}/payments/create-order`, order);
    const { id } = fakes.payphone.pay(order.clientTransactionId!);
    await postJson(`${api}/payments/verify-payphone`, {
      id,
      clientTxId: order.clientTransactionId,
    });
    expect(await checkPayPhoneReversals(server.deps)).toBe(0);
    expect(
      (await getPurchase(server.db, created.body.purchaseId))?.mobile?.checkedAt,
    ).toBeInstanceOf(Date);

    fakes.payphone.reverse(order.clientTransactionId!);
    expect(await checkPayPhoneReversals(server.deps)).toBe(1);
    expect(await getPurchase(server.db, created.body.purchaseId)).toMatchObject({
      status: 'COMPLETED',
      mobile: { status: 'REVERSED' },
      failure: { reason: 'payment_reversed', message: expect.stringContaining('Reversed') },
    });
    expect(await checkPayPhoneReversals(server.deps)).toBe(0);
  });
});

describe('the reports follow each purchase through its life', () => {
  it('PENDING after create-order, EXPIRED after the sweeper, then COMPLETED or REFUND_REQUIRED as late payments find numbers or not', async () => {
    const { server, fakes, api } = await setup(5);
    const admin = await createStaff(server.db, { role: 'admin' });
    const call = apiCaller(server.url);
    const report = async (query = '') =>
      (await call('GET', `/admin/reports${query}`, { token: admin.token })).json as {
        totals: { totalAmount: number; totalTickets: number };
        purchases: Array<{ _id: string; status: string }>;
      };
    const reportShows = (expected: Record<string, string>) =>
      waitFor(
        async () => {
          const shown = Object.fromEntries(
            (await report()).purchases.map((p) => [p._id, p.status]),
          );
          return Object.entries(expected).every(([id, status]) => shown[id] === status);
        },
        { message: `the report to show ${JSON.stringify(expected)}` },
      );

    const paidLate = customOrder('mobile', 2, 1);
    const refunded = customOrder('mobile', 3, 1);
    const a = (await postJson(`${api}/payments/create-order`, paidLate)).body.purchaseId;
    const b = (await postJson(`${api}/payments/create-order`, refunded)).body.purchaseId;
    await reportShows({ [a]: 'PENDING', [b]: 'PENDING' });

    await sweepExpiredReservations(server.deps, later(16));
    await reportShows({ [a]: 'EXPIRED', [b]: 'EXPIRED' });

    // A bank transfer takes 3 of the 5 numbers: 2 remain, enough for one late payment.
    const transfer = await postJson(
      `${api}/payments/create-order`,
      customOrder('bank_transfer', 3, 1),
    );
    const t = transfer.body.purchaseId;
    for (const order of [paidLate, refunded]) {
      const { id } = fakes.payphone.pay(order.clientTransactionId!);
      await postJson(`${api}/payments/verify-payphone`, {
        id,
        clientTxId: order.clientTransactionId,
      });
    }
    await reportShows({ [a]: 'COMPLETED', [b]: 'REFUND_REQUIRED', [t]: 'PENDING' });

    // Sold counts the paid purchase only; the transfer is pending, the refund neither.
    expect((await report()).totals).toEqual({
      totalAmount: 2,
      totalTickets: 2,
      pendingAmount: 3,
      pendingTickets: 3,
      expiredAmount: 0,
      expiredTickets: 0,
    });
    expect((await report('?status=PAID')).purchases.map((p) => p._id)).toEqual([a]);
    expect((await report('?status=PENDING')).purchases.map((p) => p._id)).toEqual([t]);
  });
});
