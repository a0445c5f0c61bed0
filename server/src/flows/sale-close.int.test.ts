// The sale's end as the operator drives it: 'Cerrar venta' stops the store at once, the
// pending orders may still be paid until their hold ends, then the sold list is published
// and the result can be recorded — after a preview, and never with a date after today.
import {
  AUDIT_TEXTS,
  ecuadorDay,
  REFUND_TEXTS,
  fairnessExportSchema,
  SALE_TEXTS,
  saleStatusSchema,
  type SaleStatus,
} from '@vag/contracts';
import { bearer, createStaff } from '@vag/api/testing/seed';
import { closeSaleIfDue } from '@vag/core/raffle/fairness';
import {
  insertPurchase,
  purchasePaidMessage,
  raffleWithNumbers,
  watchNumbersAssigned,
} from '@vag/core/testing/raffle-fixtures';
import { waitFor } from '@vag/core/testing/wait';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/server';
import { CURRENT_RAFFLE_ID } from '@vag/core/db/raffle';

let srv: TestServer;
let admin: { authorization: string };
let watcher: Awaited<ReturnType<typeof watchNumbersAssigned>>;

beforeEach(async () => {
  srv = await startTestServer();
  watcher = await watchNumbersAssigned(srv.deps.bus);
  admin = bearer((await createStaff(srv.db, { role: 'admin', deps: srv.deps })).token);
});
afterEach(async () => {
  await watcher.stop();
  await srv.stop();
});

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${srv.url}/api${path}`, {
    method,
    headers: { ...admin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function status(): Promise<SaleStatus> {
  const res = await call('GET', '/raffle/sale-status');
  expect(res.status).toBe(200);
  return saleStatusSchema.parse(res.body);
}

/** Pays an order (PENDING → COMPLETED, as a confirmation does) and waits for its numbers. */
async function pay(id: string, quantity: number): Promise<string[]> {
  await srv.db
    .collection<{ _id: string }>('purchases')
    .updateOne(
      { _id: id },
      { $set: { status: 'COMPLETED', paidAt: new Date(), 'reservation.active': false } },
    );
  await srv.deps.bus.publish([purchasePaidMessage(id, quantity)]);
  await watcher.settled(id);
  const doc = await srv.db
    .collection<{ _id: string; assignedNumbers: string[] }>('purchases')
    .findOne({ _id: id });
  return doc!.assignedNumbers;
}

async function sell(quantity: number): Promise<string[]> {
  return pay(await insertPurchase(srv.db, { quantity, status: 'PENDING' }), quantity);
}

const today = () => ecuadorDay(new Date())!;

describe("PATCH /api/lottery/is-active ('Cerrar venta')", () => {
  it('stops the store now, waits for the pending order to be paid, then publishes the sold list', async () => {
    await raffleWithNumbers(srv.db, 10);
    await sell(3);
    const pending = await insertPurchase(srv.db, { quantity: 2, status: 'PENDING' });
    expect((await status()).phase).toBe('open');

    const closed = await call('PATCH', '/lottery/is-active', { isActive: false });
    expect(closed).toMatchObject({
      status: 200,
      body: { isActive: false, msg: SALE_TEXTS.closed },
    });
    expect((await call('GET', '/lottery')).body.isActive).toBe(false);
    const waiting = await status();
    expect(waiting).toMatchObject({ phase: 'closing', selling: false, pendingOrders: 1 });
    expect(waiting.pendingUntil).not.toBeNull();
    // The pending order keeps its hold: the sold list waits for it.
    expect(await closeSaleIfDue(srv.db, undefined, CURRENT_RAFFLE_ID)).toBeNull();

    await pay(pending, 2);
    const closing = await waitFor(() => closeSaleIfDue(srv.db, undefined, CURRENT_RAFFLE_ID), {
      message: 'the sale to close',
    });
    expect(closing).toMatchObject({ reason: 'staff', soldCount: 5 });
    expect(await status()).toMatchObject({ phase: 'closed', closeReason: 'staff' });
    const record = fairnessExportSchema.parse((await call('GET', '/raffle/fairness')).body);
    expect(record.closing).toMatchObject({ reason: 'staff', soldCount: 5 });

    const audit = (await call('GET', '/audit')).body as Array<{
      action: string;
      description: string;
    }>;
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'sale.stopped',
          description: AUDIT_TEXTS.saleStopped(1),
        }),
        expect.objectContaining({ action: 'sale.closed' }),
      ]),
    );
    // A published sold list cannot take new sales.
    expect(await call('PATCH', '/lottery/is-active', { isActive: true })).toMatchObject({
      status: 409,
      body: { msg: SALE_TEXTS.alreadyClosed },
    });
  });

  it('a refunded purchase keeps its numbers, marked refunded, and the sold list leaves them out; after the closing a refund waits for the draw', async () => {
    await raffleWithNumbers(srv.db, 10);
    const transfer = { status: 'PENDING', paymentMethod: 'bank_transfer' } as const;
    const kept = await insertPurchase(srv.db, { quantity: 3, ...transfer });
    await pay(kept, 3);
    const refunded = await insertPurchase(srv.db, { quantity: 2, ...transfer });
    const numbers = await pay(refunded, 2);
    const body = { reason: 'El comprador pagó dos veces', transferReference: 'TRF-0001' };
    expect((await call('POST', `/purchases/${refunded}/refund`, body)).status).toBe(200);

    expect((await call('PATCH', '/lottery/is-active', { isActive: false })).status).toBe(200);
    // Closed by this call or by the server's own closing job, whichever comes first.
    await waitFor(
      async () =>
        (await closeSaleIfDue(srv.db, undefined, CURRENT_RAFFLE_ID)) ??
        ((await status()).phase === 'closed' || null),
      { message: 'the sale to close' },
    );
    const record = fairnessExportSchema.parse((await call('GET', '/raffle/fairness')).body);
    expect(record.closing).toMatchObject({ soldCount: 3 });
    const doc = await srv.db
      .collection<{ _id: string; assignedNumbers: string[]; status: string }>('purchases')
      .findOne({ _id: refunded });
    expect(doc).toMatchObject({ status: 'COMPLETED', assignedNumbers: numbers });
    expect(await call('POST', `/purchases/${kept}/refund`, body)).toMatchObject({
      status: 409,
      body: { msg: REFUND_TEXTS.errors.saleClosed },
    });
  });

  it("'Reabrir venta' before the sold list is published takes the close back", async () => {
    await raffleWithNumbers(srv.db, 10);
    await insertPurchase(srv.db, { quantity: 2, status: 'PENDING' });
    await call('PATCH', '/lottery/is-active', { isActive: false });
    const reopened = await call('PATCH', '/lottery/is-active', { isActive: true });
    expect(reopened).toMatchObject({
      status: 200,
      body: { isActive: true, msg: SALE_TEXTS.opened },
    });
    expect(await status()).toMatchObject({ phase: 'open', selling: true });
    expect((await call('GET', '/lottery')).body.isActive).toBe(true);
    expect(await closeSaleIfDue(srv.db, undefined, CURRENT_RAFFLE_ID)).toBeNull();
    const actions = ((await call('GET', '/audit')).body as Array<{ action: string }>).map(
      (e) => e.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['sale.stopped', 'sale.opened']));
  });
});

describe('PUT /api/raffle/draw-rule after the close', () => {
  it('refuses to change the rule of a closed sale, even with nothing sold', async () => {
    await raffleWithNumbers(srv.db, 10);
    await call('PATCH', '/lottery/is-active', { isActive: false });
    await waitFor(() => closeSaleIfDue(srv.db, undefined, CURRENT_RAFFLE_ID), {
      message: 'the sale to close',
    });
    const rule = (await call('GET', '/raffle/fairness')).body.rule;
    const changed = { ...rule, draw: { kind: 'fixed', date: today(), drawNumber: 7012 } };
    expect(await call('PUT', '/raffle/draw-rule', changed)).toMatchObject({
      status: 409,
      body: { msg: SALE_TEXTS.ruleAfterClose },
    });
  });
});

describe('POST /api/raffle/draw', () => {
  it('refuses a draw date after today, previews the winner without recording, then names the winner', async () => {
    await raffleWithNumbers(srv.db, 10);
    const numbers = await sell(4);
    await call('PATCH', '/lottery/is-active', { isActive: false });
    await waitFor(() => closeSaleIfDue(srv.db, undefined, CURRENT_RAFFLE_ID), {
      message: 'the sale to close',
    });
    const winning = numbers[1]!;

    const tomorrow = ecuadorDay(new Date(Date.now() + 86_400_000))!;
    const future = await call('POST', '/raffle/draw', {
      firstPrize: `7${winning}`,
      drawNumber: 7012,
      drawDate: tomorrow,
    });
    expect(future.status).toBe(400);
    expect(future.body.msg).toBe(SALE_TEXTS.drawDateInFuture(today()));
    expect(future.body.msg).toMatch(/^La fecha del sorteo no puede ser posterior a hoy/);

    const result = { firstPrize: `7${winning}`, drawNumber: 7012, drawDate: today() };
    const preview = await call('POST', '/raffle/draw/preview', result);
    expect(preview).toMatchObject({
      status: 200,
      body: {
        winningNumber: winning,
        winner: { number: winning, buyerName: 'Ana Pérez' },
      },
    });
    expect(
      fairnessExportSchema.parse((await call('GET', '/raffle/fairness')).body).draw,
    ).toBeNull();

    const recorded = await call('POST', '/raffle/draw', result);
    expect(recorded.status).toBe(200);
    expect(recorded.body.winner).toMatchObject({ number: winning, buyerName: 'Ana Pérez' });
    expect(await status()).toMatchObject({
      phase: 'drawn',
      winner: { number: winning, buyerName: 'Ana Pérez', orderCode: preview.body.winner.orderCode },
    });
  });
});
