// The reports worker's projection: one fact per purchase that is no longer open, whatever
// the redelivery and whatever the order in which a purchase's events arrive; the reports
// add the open orders from the purchases themselves.
import type { PurchaseDoc } from '@vag/core/db/purchases';
import { queryReport, salesBy, salesChart } from '@vag/core/db/report-facts';
import { paidEvent, purchaseEvent } from '@vag/core/pipeline/purchase-events';
import { TOPICS, type PurchaseLifecycleEvent } from '@vag/contracts';
import { MongoClient } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { paidPurchase, purchasePaid, workerDeps } from '../testing/pipeline-fixtures';
import { catchUpReportFacts, handleReportsMessage } from './index';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function reportsDeps() {
  const w = await workerDeps();
  cleanups.push(w.stop);
  return w.deps;
}

const at = new Date('2026-03-01T15:00:00Z');
const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);

function message(event: PurchaseLifecycleEvent) {
  return { topic: TOPICS[event.type], key: event.data.purchaseId, value: event };
}

const expired = (p: PurchaseDoc) =>
  message(purchaseEvent('purchase.expired', p, { expiredAt: later(16).toISOString() }, later(16)));
const paid = (p: PurchaseDoc) => message(paidEvent(p, later(20)));
const refundRequired = (p: PurchaseDoc) =>
  message(
    purchaseEvent('purchase.refund_required', p, { paidAt: later(30).toISOString() }, later(30)),
  );

describe('reports worker', () => {
  it('purchase.paid handler is idempotent when delivered twice', async () => {
    const deps = await reportsDeps();
    // 23:30 in Guayaquil on 2026-03-01 is already 2026-03-02 in UTC: the day is Ecuador's.
    const paidAt = new Date('2026-03-02T04:30:00Z');
    const a = await paidPurchase(deps, {
      quantity: 3,
      totalPrice: 6,
      paymentMethod: 'paypal',
      paidAt,
      resellerCode: 'RITA01',
    });
    const b = await paidPurchase(deps, {
      quantity: 5,
      totalPrice: 10,
      paymentMethod: 'bank_transfer',
      paidAt,
      packageType: 'normal',
    });
    for (const m of [purchasePaid(a), purchasePaid(a), purchasePaid(b)])
      await handleReportsMessage(deps, m);
    await Promise.all([
      handleReportsMessage(deps, purchasePaid(b)),
      handleReportsMessage(deps, purchasePaid(b)),
    ]);

    expect(await salesChart(deps.db)).toEqual([
      {
        day: '2026-03-01',
        byMethod: { paypal: 3, card: 0, bank_transfer: 5, mobile: 0 },
        total: 8,
        amount: 16,
      },
    ]);
    expect(await salesBy(deps.db, 'resellerCode')).toEqual([
      { key: null, quantity: 5, amount: 10, purchases: 1 },
      { key: 'RITA01', quantity: 3, amount: 6, purchases: 1 },
    ]);
    expect(await salesChart(deps.db, { resellerCode: 'RITA01' })).toMatchObject([{ total: 3 }]);
    expect(await salesChart(deps.db, { from: '2026-03-02' })).toEqual([]);
  });

  it("keeps each purchase's latest status whatever the order and number of its events", async () => {
    const deps = await reportsDeps();
    const order = { createdAt: at, status: 'PENDING' as const };
    // Expired unpaid, then paid late with numbers left: COMPLETED.
    const late = await paidPurchase(deps, { ...order, quantity: 2, totalPrice: 4 });
    // Expired and never paid.
    const lapsed = await paidPurchase(deps, { ...order, quantity: 1, totalPrice: 2 });
    // Still waiting for its bank transfer: no event, the report reads the order itself.
    const waiting = await paidPurchase(deps, {
      ...order,
      quantity: 5,
      totalPrice: 10,
      paymentMethod: 'bank_transfer',
      resellerCode: 'RITA01',
    });
    // Paid late with no numbers left.
    const refund = await paidPurchase(deps, { ...order, quantity: 3, totalPrice: 6 });

    // The stored documents above still say PENDING, as when the report reads an order just
    // before its payment's write and its fact just after: the fact wins, the row shows once.
    const deliveries = [
      paid(late),
      expired(lapsed),
      refundRequired(refund),
      expired(late),
      expired(refund),
      paid(late),
      expired(late),
    ];
    await Promise.all(deliveries.map((m) => handleReportsMessage(deps, m)));

    const report = await queryReport(deps.db, {});
    expect(report.rows).toHaveLength(4);
    const statusOf = Object.fromEntries(report.rows.map((r) => [r._id, r.status]));
    expect(statusOf).toEqual({
      [late._id]: 'COMPLETED',
      [lapsed._id]: 'EXPIRED',
      [waiting._id]: 'PENDING',
      [refund._id]: 'REFUND_REQUIRED',
    });
    // 'Números vendidos' counts paid purchases only; pending and expired have their own totals.
    expect(report.totals).toEqual({
      totalAmount: 4,
      totalTickets: 2,
      pendingAmount: 10,
      pendingTickets: 5,
      expiredAmount: 2,
      expiredTickets: 1,
    });
    expect(report.rows.find((r) => r._id === waiting._id)).toMatchObject({
      buyer: {
        firstName: waiting.buyer.firstName,
        lastName: waiting.buyer.lastName,
        email: waiting.buyer.email,
      },
      paymentMethod: 'bank_transfer',
      resellerCode: 'RITA01',
      createdAt: at,
    });

    const pending = await queryReport(deps.db, { statuses: ['PENDING'] });
    expect(pending.rows.map((r) => r._id)).toEqual([waiting._id]);
    expect(pending.totals).toEqual({
      totalAmount: 0,
      totalTickets: 0,
      pendingAmount: 10,
      pendingTickets: 5,
      expiredAmount: 0,
      expiredTickets: 0,
    });
    // Only the sale counts as sold, on the day it was paid.
    expect(await salesChart(deps.db)).toEqual([
      {
        day: '2026-03-01',
        byMethod: { paypal: 0, card: 0, bank_transfer: 0, mobile: 2 },
        total: 2,
        amount: 4,
      },
    ]);
  });

  it('two processes projecting the same new purchases at once write one fact each', async () => {
    const w = await workerDeps();
    cleanups.push(w.stop);
    // A second process: its own client, so its facts go in commands of their own.
    const other = new MongoClient(w.database.url, { retryWrites: false });
    await other.connect();
    cleanups.push(() => other.close());
    const second = { ...w.deps, db: other.db() };
    const bought = await Promise.all(
      Array.from({ length: 12 }, (_, i) => paidPurchase(w.deps, { quantity: 1 + i })),
    );
    await Promise.all(
      // Each expired, then paid late: both events of each, in both processes.
      bought.flatMap((p) => [
        handleReportsMessage(w.deps, expired(p)),
        handleReportsMessage(second, paid(p)),
        handleReportsMessage(w.deps, paid(p)),
        handleReportsMessage(second, expired(p)),
      ]),
    );

    const report = await queryReport(w.deps.db, {});
    expect(report.rows).toHaveLength(12);
    expect(report.rows.every((r) => r.status === 'COMPLETED')).toBe(true);
    expect(report.totals.totalTickets).toBe(bought.reduce((n, p) => n + p.quantity, 0));
  });

  it('projects purchases that have no fact yet, once, and drops facts whose purchase is gone', async () => {
    const deps = await reportsDeps();
    // Written before their events existed (an upgraded store): no fact for either.
    const sold = await paidPurchase(deps, { quantity: 4, totalPrice: 8 });
    const open = await paidPurchase(deps, { status: 'PENDING', quantity: 1, totalPrice: 2 });
    // This one's fact is already ahead of the stored document read below.
    await handleReportsMessage(deps, paid(open));

    // Deleted by 'Borrar todo' while its event was on the way: the event brought it back.
    const deleted = await paidPurchase(deps, { quantity: 2, totalPrice: 4 });
    await deps.db.collection<{ _id: string }>('purchases').deleteOne({ _id: deleted._id });
    await handleReportsMessage(deps, paid(deleted));
    // An open order's fact, as versions that projected new orders wrote it.
    const older = await paidPurchase(deps, { status: 'PENDING', quantity: 3, totalPrice: 6 });
    await deps.db
      .collection<{ _id: string; stage: number }>('report_facts')
      .insertOne({ _id: older._id, stage: 0 });

    expect(await catchUpReportFacts(deps)).toEqual({ projected: 1, removed: 2 });
    expect(await catchUpReportFacts(deps)).toEqual({ projected: 0, removed: 0 });
    const report = await queryReport(deps.db, {});
    expect(Object.fromEntries(report.rows.map((r) => [r._id, r.status]))).toEqual({
      [sold._id]: 'COMPLETED',
      [open._id]: 'COMPLETED',
      [older._id]: 'PENDING',
    });
    expect(report.rows).toHaveLength(3);
  });

  it("writes each fact with its purchase's raffle, so one raffle's sales read apart; facts without one are the first raffle's", async () => {
    const deps = await reportsDeps();
    // Every sale's raffle has its record (raffles are never deleted): "todas" reads raffle
    // by raffle (DESIGN, "Reading a year").
    await deps.db.collection<{ _id: string }>('raffles').insertOne({ _id: 'r-b' });
    const paidAt = new Date('2026-03-01T15:00:00Z');
    const first = await paidPurchase(deps, { quantity: 3, totalPrice: 6, paidAt });
    const express = await paidPurchase(deps, {
      raffleId: 'r-b',
      quantity: 2,
      totalPrice: 4,
      paidAt,
    });
    await handleReportsMessage(deps, purchasePaid(first));
    await handleReportsMessage(deps, purchasePaid(express));
    // Caught up from the store rather than from an event: the raffle comes along too.
    const caughtUp = await paidPurchase(deps, {
      raffleId: 'r-b',
      quantity: 1,
      totalPrice: 2,
      paidAt,
    });
    await catchUpReportFacts(deps);
    // A fact as a version before many raffles wrote it: no raffleId.
    await deps.db.collection('report_facts').insertOne({
      _id: 'antes-de-rifas',
      buyer: { firstName: 'Lía', lastName: 'Antigua', email: 'lia@example.ec' },
      paymentMethod: 'mobile',
      resellerCode: null,
      packageType: 'normal',
      quantity: 5,
      totalPrice: 10,
      createdAt: paidAt,
      day: '2026-03-01',
      stage: 2,
      paidAt,
      paidDay: '2026-03-01',
    } as never);

    const facts = await deps.db
      .collection<{ _id: string; raffleId?: string }>('report_facts')
      .find({ _id: { $in: [first._id, express._id, caughtUp._id] } })
      .toArray();
    expect(Object.fromEntries(facts.map((f) => [f._id, f.raffleId]))).toEqual({
      [first._id]: 'current',
      [express._id]: 'r-b',
      [caughtUp._id]: 'r-b',
    });
    expect(await salesChart(deps.db, { raffleId: 'r-b' })).toMatchObject([{ total: 3, amount: 6 }]);
    expect(await salesChart(deps.db, { raffleId: 'current' })).toMatchObject([
      { total: 8, amount: 16 },
    ]);
    expect(await salesChart(deps.db)).toMatchObject([{ total: 11 }]);
    const rows = (await queryReport(deps.db, { raffleId: 'current' })).rows;
    expect(rows.map((r) => [r._id, r.raffleId]).sort()).toEqual(
      [
        [first._id, 'current'],
        ['antes-de-rifas', 'current'],
      ].sort(),
    );
  });
});
