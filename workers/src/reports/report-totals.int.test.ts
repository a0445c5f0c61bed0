// Each raffle's report totals (core/src/db/report-totals.ts) say exactly what summing its
// facts says, whatever the events' order, redelivery and the writers side by side, after a
// crash between two of their writes, and after the upgrade on a store that had facts but
// no totals; and Reportes' page, read from them, shows what reading every row showed.
import { completePendingPurchases, type PurchaseDoc } from '@vag/core/db/purchases';
import { deleteFactsOf, queryReport, reportPage } from '@vag/core/db/report-facts';
import { paidEvent, purchaseEvent } from '@vag/core/pipeline/purchase-events';
import { ecuadorDay, TOPICS, type PurchaseLifecycleEvent } from '@vag/contracts';
import { MongoClient, type Db } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { paidPurchase, workerDeps } from '../testing/pipeline-fixtures';
import { catchUpReportFacts, handleReportsMessage } from './index';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function reportsDeps() {
  const w = await workerDeps();
  cleanups.push(w.stop);
  return w;
}

const at = new Date('2026-03-01T15:00:00Z');
const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);
const message = (event: PurchaseLifecycleEvent) => ({
  topic: TOPICS[event.type],
  key: event.data.purchaseId,
  value: event,
});
const expired = (p: PurchaseDoc) =>
  message(purchaseEvent('purchase.expired', p, { expiredAt: later(16).toISOString() }, later(16)));
const paid = (p: PurchaseDoc) => message(paidEvent(p, later(20)));
const refundRequired = (p: PurchaseDoc) =>
  message(
    purchaseEvent('purchase.refund_required', p, { paidAt: later(30).toISOString() }, later(30)),
  );

const STATUS = { 1: 'EXPIRED', 2: 'COMPLETED', 3: 'REFUND_REQUIRED' } as Record<number, string>;

/** Per raffle and status: what summing the facts gives, and what the totals say. */
async function sumsAndTotals(db: Db) {
  const facts = await db
    .collection<{ raffleId: string; stage: number; quantity: number; totalPrice: number }>(
      'report_facts',
    )
    .find({})
    .toArray();
  const summed: Record<string, Record<string, unknown>> = {};
  for (const f of facts) {
    const status = STATUS[f.stage];
    if (!status) continue;
    const raffle = (summed[f.raffleId] ??= {});
    const bucket = (raffle[status] ??= { purchases: 0, tickets: 0, cents: 0 }) as Record<
      string,
      number
    >;
    bucket.purchases! += 1;
    bucket.tickets! += f.quantity;
    bucket.cents! += Math.round(f.totalPrice * 100);
  }
  const kept: Record<string, Record<string, unknown>> = {};
  for (const doc of await db.collection<{ _id: string }>('report_totals').find({}).toArray()) {
    const { _id, applied: _applied, days: _days, ...buckets } = doc as Record<string, unknown>;
    const nonZero = Object.entries(buckets).filter(
      ([, b]) => (b as { purchases: number }).purchases !== 0,
    );
    if (nonZero.length > 0) kept[_id as string] = Object.fromEntries(nonZero);
  }
  return { summed, kept };
}

/** The totals' bookkeeping is done: no claim nor key left once the catch-up has run. */
async function nothingLeftOver(db: Db) {
  const claims = await db.collection('report_facts').countDocuments({ claim: { $exists: true } });
  const due = await db.collection('report_facts').countDocuments({ totalsDue: true });
  const keys = (await db.collection('report_totals').find({}).toArray()).flatMap((doc) =>
    Object.keys((doc.applied as object | undefined) ?? {}),
  );
  return { claims, due, keys };
}

describe("each raffle's report totals", () => {
  it('equal the sum of its facts after sales, late payments, refunds and redelivered events from two processes', async () => {
    const w = await reportsDeps();
    const other = new MongoClient(w.database.url, { retryWrites: false });
    await other.connect();
    cleanups.push(() => other.close());
    const second = { ...w.deps, db: other.db() };
    await w.deps.db.collection<{ _id: string }>('raffles').insertOne({ _id: 'r-b' });
    const order = (i: number, raffleId = 'current') =>
      paidPurchase(w.deps, {
        raffleId,
        status: 'PENDING',
        createdAt: later(i),
        quantity: 1 + (i % 4),
        totalPrice: (1 + (i % 4)) * 2.35,
      });
    // Paid, expired, paid after expiring, refund required after expiring, paid then
    // refund required (no numbers left): in two raffles, every event twice, both processes.
    const sold = await Promise.all(
      Array.from({ length: 8 }, (_, i) => order(i, i % 2 ? 'r-b' : 'current')),
    );
    const lapsed = await Promise.all(Array.from({ length: 4 }, (_, i) => order(10 + i)));
    const late = await Promise.all(Array.from({ length: 4 }, (_, i) => order(20 + i, 'r-b')));
    const refund = await Promise.all(Array.from({ length: 3 }, (_, i) => order(30 + i)));
    const unnumbered = await Promise.all(Array.from({ length: 3 }, (_, i) => order(40 + i, 'r-b')));
    const deliveries = [
      ...sold.map(paid),
      ...lapsed.map(expired),
      ...late.flatMap((p) => [expired(p), paid(p)]),
      ...refund.flatMap((p) => [expired(p), refundRequired(p)]),
      ...unnumbered.flatMap((p) => [paid(p), refundRequired(p)]),
    ];
    await Promise.all(
      [...deliveries, ...deliveries.reverse()].flatMap((m, i) => [
        handleReportsMessage(i % 2 ? second : w.deps, m),
      ]),
    );
    await Promise.all(deliveries.map((m) => handleReportsMessage(w.deps, m)));

    const { summed, kept } = await sumsAndTotals(w.deps.db);
    expect(kept).toEqual(summed);
    expect(summed['r-b']).toMatchObject({
      COMPLETED: { purchases: 8 },
      REFUND_REQUIRED: { purchases: 3 },
    });
    // The catch-up settles what the last batches left: the totals do not move.
    await catchUpReportFacts(w.deps);
    await catchUpReportFacts(second);
    expect((await sumsAndTotals(w.deps.db)).kept).toEqual(summed);
    expect(await nothingLeftOver(w.deps.db)).toEqual({ claims: 0, due: 0, keys: [] });
  });

  it("answer Reportes' totals and pages as reading every row did, and follow a draft's cleared test orders", async () => {
    const w = await reportsDeps();
    await w.deps.db.collection<{ _id: string }>('raffles').insertOne({ _id: 'r-b' });
    const bought: PurchaseDoc[] = [];
    for (let i = 0; i < 60; i++)
      bought.push(
        await paidPurchase(w.deps, {
          raffleId: i % 3 ? 'current' : 'r-b',
          status: i % 7 === 0 ? 'PENDING' : 'COMPLETED',
          // Over several Ecuador days, some orders minutes apart across midnight.
          createdAt: new Date(at.getTime() + i * 97 * 60_000),
          quantity: 1 + (i % 5),
          totalPrice: (1 + (i % 5)) * 1.1,
        }),
      );
    for (const [i, p] of bought.entries())
      if (p.status !== 'PENDING') await handleReportsMessage(w.deps, i % 5 ? paid(p) : expired(p));
    await catchUpReportFacts(w.deps);

    for (const filter of [{}, { raffleId: 'r-b' }, { statuses: ['COMPLETED' as const] }]) {
      const all = await queryReport(w.deps.db, filter);
      for (const page of [1, 2, 3]) {
        const shown = await reportPage(w.deps.db, filter, { page, perPage: 25 });
        expect(shown.totals).toEqual(all.totals);
        expect(shown.count).toBe(all.rows.length);
        expect(shown.rows.map((r) => r._id)).toEqual(
          all.rows.slice((page - 1) * 25, page * 25).map((r) => r._id),
        );
      }
    }

    // 'Borrar pedidos de prueba' of a raffle: its facts leave its totals.
    const cleared = bought.filter((p) => p.raffleId === 'r-b').map((p) => p._id);
    await deleteFactsOf(w.deps.db, cleared);
    const { summed, kept } = await sumsAndTotals(w.deps.db);
    expect(kept).toEqual(summed);
    expect(summed['r-b']).toBeUndefined();
  });

  it('count a move once after a crash between its writes, whichever write it stopped after', async () => {
    const w = await reportsDeps();
    const db = w.deps.db;
    const [a, b] = [await paidPurchase(w.deps), await paidPurchase(w.deps, { quantity: 5 })];
    await handleReportsMessage(w.deps, paid(a));
    await handleReportsMessage(w.deps, paid(b));
    await catchUpReportFacts(w.deps);
    const before = (await sumsAndTotals(db)).kept;
    // As a process that died long ago left them: a's move counted but its fact not
    // settled (the key is there); b's claimed but not counted yet (no key).
    const facts = db.collection<{ _id: string }>('report_facts');
    const longAgo = new Date(Date.now() - 3_600_000);
    const claim = { from: -1, to: 2, at: longAgo, by: 'muerto' };
    for (const id of [a._id, b._id])
      await facts.updateOne(
        { _id: id },
        { $set: { claim, totalsDue: true }, $unset: { counted: '' } },
      );
    await db.collection<{ _id: string }>('report_totals').updateOne(
      { _id: 'current' },
      {
        $set: { [`applied.${a._id}~-1`]: 2 },
        $inc: {
          'COMPLETED.purchases': -1,
          'COMPLETED.tickets': -5,
          'COMPLETED.cents': -1000,
          [`days.${ecuadorDay(b.createdAt)}.COMPLETED`]: -1,
        },
      },
    );
    await catchUpReportFacts(w.deps);
    expect((await sumsAndTotals(db)).kept).toEqual(before);
    expect(await nothingLeftOver(db)).toEqual({ claims: 0, due: 0, keys: [] });
  });
});

describe('the reports catch-up', () => {
  it("counts an old store's facts once, then finds only the purchases whose order ended since", async () => {
    const w = await reportsDeps();
    const db = w.deps.db;
    // A store as a version before the totals left it: facts without `counted`, a paid
    // purchase with no fact, no upgrade recorded.
    const a = await paidPurchase(w.deps);
    await paidPurchase(w.deps, { quantity: 4 });
    await handleReportsMessage(w.deps, paid(a));
    await db.collection('report_totals').deleteMany({});
    await db
      .collection('report_facts')
      .updateMany({}, { $unset: { counted: '', claim: '', totalsDue: '', raffleDay: '' } });
    await db.collection<{ _id: string }>('upgrades').deleteMany({});
    await db.collection<{ _id: string }>('purchases').updateMany({}, { $unset: { factDue: '' } });

    expect(await catchUpReportFacts(w.deps)).toEqual({ projected: 1, removed: 0 });
    const { summed, kept } = await sumsAndTotals(db);
    expect(kept).toEqual(summed);
    expect(summed.current).toMatchObject({ COMPLETED: { purchases: 2, tickets: 7 } });

    // From then on a lost event is found by its purchase's marker alone: paid by the
    // product's own transition, its event never delivered.
    const lost = await paidPurchase(w.deps, { status: 'PENDING', quantity: 2 });
    const paidAt = new Date();
    await completePendingPurchases(db, [
      { id: lost._id, block: {}, event: paidEvent(lost, paidAt), paidAt },
    ]);
    expect(await catchUpReportFacts(w.deps)).toEqual({ projected: 1, removed: 0 });
    expect(await db.collection('purchases').countDocuments({ factDue: true })).toBe(0);
    expect((await sumsAndTotals(db)).summed.current).toMatchObject({
      COMPLETED: { purchases: 3, tickets: 9 },
    });
    expect(await catchUpReportFacts(w.deps)).toEqual({ projected: 0, removed: 0 });
  });
});
