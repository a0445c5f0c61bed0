// The reports worker's projection: one fact per purchase that is no longer open
// (`report_facts`, `_id` = purchaseId) with the dimensions reports filter and group by —
// day in Ecuador time, method, reseller, package type, status — and the row the reports
// list. The dashboard chart reads only these facts; the reports screen and its PDF/Excel
// exports read them plus the orders still open, live from the purchases. An open order is
// not a sale yet, and a fact written for each new order was one more write per purchase
// in a sellout, for a row that changes minutes later.
//
// Every event that ends an order (paid, expired, refund required) carries the whole sale,
// so any one of them can write the fact, in any order, any number of times: the sale
// fields are the same in each, and the status only moves forward (`stage` grows with
// `$max`, EXPIRED → COMPLETED | REFUND_REQUIRED, as the purchase itself moves).
import {
  ecuadorDay,
  emptyByMethod,
  type PaymentMethod,
  type PurchaseLifecycleEvent,
  type PurchaseStatus,
  type SalesChartDay,
} from '@vag/contracts';
import { randomUUID } from 'node:crypto';
import { MongoBulkWriteError, type AnyBulkWriteOperation, type Db, type Filter } from 'mongodb';
import {
  findFactsDue,
  findOpenOrders,
  findPurchaseStatuses,
  findSalesByIds,
  unmarkFactsDue,
  type PurchaseDoc,
  type PurchaseSale,
} from './purchases';
import { groupCommit } from './group-commit';
import { keyOf, raffleKeys, raffleOf, type RaffleKey } from './by-raffle';
import {
  applyClaims,
  countFacts,
  factsBehindTotals,
  insertClaim,
  ensureReportTotalsIndexes,
  keysByRaffle,
  raffleDayOf,
  readTotals,
  removeFacts,
  totalsReady,
  TOTALS_UPGRADE_ID,
  COUNTED_STATUSES,
  type CountedStatus,
  type ReportTotalsDoc,
  settleOps,
  type Claim,
  type CountedFact,
} from './report-totals';

const STAGES = {
  PENDING: 0,
  EXPIRED: 1,
  COMPLETED: 2,
  REFUND_REQUIRED: 3,
} as const satisfies Record<PurchaseStatus, number>;

const STATUS_OF_STAGE = Object.fromEntries(
  Object.entries(STAGES).map(([status, stage]) => [stage, status]),
) as Record<number, PurchaseStatus>;

/** The events that write a fact: those that end an order. */
export type ProjectedEvent = PurchaseLifecycleEvent;

const STAGE_OF_EVENT = {
  'purchase.expired': STAGES.EXPIRED,
  'purchase.paid': STAGES.COMPLETED,
  'purchase.refund_required': STAGES.REFUND_REQUIRED,
} as const satisfies Record<ProjectedEvent['type'], number>;

export interface ReportFact {
  _id: string;
  /** Absent in facts written before raffles were records of their own: those are 'current''s. */
  raffleId?: string | null;
  buyer: { firstName: string; lastName: string; email: string };
  paymentMethod: PaymentMethod;
  resellerCode: string | null;
  packageType: 'normal' | 'custom';
  quantity: number;
  totalPrice: number;
  createdAt: Date;
  /** Ecuador calendar day of createdAt, e.g. '2026-12-05'. */
  day: string;
  /** raffleId|day: the key a page of Reportes finds a raffle's day by (report-totals.ts). */
  raffleDay?: string;
  /** The status as a number that only grows (see STAGES). */
  stage: number;
  paidAt?: Date;
  /** Ecuador calendar day of paidAt: the day a sale counts in the chart. */
  paidDay?: string;
  /** What its raffle's totals count of it, and the move they are counting (report-totals.ts). */
  counted?: number;
  claim?: Claim;
  totalsDue?: true;
}

type Sale = Omit<
  ReportFact,
  'day' | 'raffleDay' | 'stage' | 'paidDay' | 'counted' | 'claim' | 'totalsDue'
>;

const facts = (db: Db) => db.collection<ReportFact>('report_facts');

const dayOf = (at: Date) => ecuadorDay(at) ?? at.toISOString().slice(0, 10);

export async function ensureReportFactIndexes(db: Db): Promise<void> {
  await facts(db).createIndex({ createdAt: -1 }, { name: 'created' });
  await facts(db).createIndex({ resellerCode: 1, createdAt: -1 }, { name: 'reseller_created' });
  await facts(db).createIndex({ paidDay: 1, paymentMethod: 1 }, { name: 'paid_day_method' });
  // One raffle's report and chart search its facts, not every raffle's (DESIGN, "Reading a year").
  await facts(db).createIndex({ raffleId: 1, paidDay: 1 }, { name: 'raffle_paid_day' });
  await ensureReportTotalsIndexes(db);
}

interface FactWrite {
  sale: Sale;
  stage: number;
}

/** Writes what one transition says about its purchase; idempotent and order-free. */
function project(db: Db, sale: Sale, stage: number): Promise<void> {
  return projectGrouped(db, { sale, stage });
}

/**
 * The facts asked for while one write is in flight, in one command (group-commit.ts): in a
 * sellout the reports worker's events pile up behind the store, and one command per fact
 * was a tenth of the store's writes. Two transitions of one purchase become one statement.
 * A new fact comes with its claim on the raffle's totals (report-totals.ts), counted by one
 * more write per raffle and batch; the facts are settled by the next batch's command.
 */
const projectGrouped = groupCommit<FactWrite>(async (db, writes) => {
  const at = new Date();
  const by = randomUUID();
  const upserts = [...onePerPurchase(writes)].map(({ sale, stage }) => {
    const { _id, ...fields } = sale;
    const update = {
      $set: {
        ...fields,
        // An event from a version before raffles were records names none: the first
        // raffle's, so every fact is found by an equality on raffleId (by-raffle.ts).
        raffleId: raffleOf(sale),
        day: dayOf(sale.createdAt),
        raffleDay: raffleDayOf(raffleOf(sale), dayOf(sale.createdAt)),
        ...(sale.paidAt ? { paidDay: dayOf(sale.paidAt) } : {}),
        // The totals' marker, in the same write: the stage may have moved past them.
        totalsDue: true as const,
      },
      $max: { stage },
      $setOnInsert: { claim: insertClaim(stage, at, by) },
    };
    return { filter: { _id }, update, sale, stage };
  });
  const pending = pendingOf(db);
  // Taken now, so that the catch-up's flush meanwhile settles other facts, never these.
  const settling = pending.settle;
  pending.settle = [];
  const ops: AnyBulkWriteOperation<ReportFact>[] = [
    ...upserts.map(({ filter, update }) => ({ updateOne: { filter, update, upsert: true } })),
    ...(settleOps(settling) as AnyBulkWriteOperation<ReportFact>[]),
  ];
  let inserted: Record<number, unknown>;
  try {
    inserted = (await facts(db).bulkWrite(ops, { ordered: false })).upsertedIds;
  } catch (error) {
    // Two deliveries inserting the same new fact at once: the losers update it.
    const refused = duplicateKeyWrites(error);
    if (!refused) {
      pending.settle.push(...settling);
      throw error;
    }
    inserted = (error as MongoBulkWriteError).upsertedIds;
    for (const index of refused)
      await facts(db).updateOne(upserts[index]!.filter, upserts[index]!.update);
  }
  // The facts the last batch counted are settled now: their keys may go.
  for (const [raffleId, keys] of keysByRaffle(settling))
    pending.drop.set(raffleId, [...(pending.drop.get(raffleId) ?? []), ...keys]);
  const claimed = upserts
    .filter((_, index) => index in inserted)
    .map(({ sale, stage }) => countedFact(sale, stage, insertClaim(stage, at, by)));
  const drop = new Map(
    [...pending.drop].filter(([raffleId]) => claimed.some((f) => f.raffleId === raffleId)),
  );
  await applyClaims(db, claimed, drop);
  for (const raffleId of drop.keys()) pending.drop.delete(raffleId);
  pending.settle.push(...claimed);
  // A fact that was there already: whether its stage moved is read from the fact itself.
  const existing = upserts.filter((_, index) => !(index in inserted)).map((u) => u.sale._id);
  if (existing.length > 0) await countFacts(db, existing);
});

const countedFact = (sale: Sale, stage: number, claim: Claim): CountedFact => ({
  _id: sale._id,
  raffleId: raffleOf(sale),
  quantity: sale.quantity,
  totalPrice: sale.totalPrice,
  day: dayOf(sale.createdAt),
  stage,
  claim,
});

/**
 * What this process still owes the totals: the facts counted by its last batch, settled by
 * the next batch's command (no write of their own), and the keys of settled facts, dropped
 * by the next update of their raffle's totals. The catch-up settles whatever is left.
 */
interface PendingTotals {
  settle: CountedFact[];
  drop: Map<string, string[]>;
}

const pendingTotals = new WeakMap<Db, PendingTotals>();

function pendingOf(db: Db): PendingTotals {
  let pending = pendingTotals.get(db);
  if (!pending) {
    pending = { settle: [], drop: new Map() };
    pendingTotals.set(db, pending);
  }
  return pending;
}

/** Settles what the last batch counted and drops the keys it owes (the catch-up's first step). */
const flushPendingTotals = groupCommit<null>(async (db) => {
  const pending = pendingOf(db);
  const settling = pending.settle;
  pending.settle = [];
  if (settling.length > 0)
    await facts(db)
      .bulkWrite(settleOps(settling) as AnyBulkWriteOperation<ReportFact>[], { ordered: true })
      .catch((error: unknown) => {
        pending.settle.push(...settling);
        throw error;
      });
  for (const [raffleId, keys] of keysByRaffle(settling))
    pending.drop.set(raffleId, [...(pending.drop.get(raffleId) ?? []), ...keys]);
  const drop = pending.drop;
  pending.drop = new Map();
  await applyClaims(db, [], drop);
});

function onePerPurchase(writes: FactWrite[]): Iterable<FactWrite> {
  const byPurchase = new Map<string, FactWrite>();
  for (const write of writes) {
    const earlier = byPurchase.get(write.sale._id);
    // The sale fields are the same in every transition; only the later ones carry paidAt.
    const merged = earlier && {
      sale: { ...earlier.sale, ...write.sale },
      stage: Math.max(earlier.stage, write.stage),
    };
    byPurchase.set(write.sale._id, merged ?? write);
  }
  return byPurchase.values();
}

/** The statements a bulk write refused for a duplicate key only; null when anything else failed. */
function duplicateKeyWrites(error: unknown): number[] | null {
  if (!(error instanceof MongoBulkWriteError)) return null;
  const refused = [error.writeErrors].flat();
  if (refused.length === 0 || !refused.every((e) => e.code === 11000)) return null;
  return refused.map((e) => e.index);
}

/** The reports worker's step for one event that ends an order. */
export async function projectEvent(db: Db, event: ProjectedEvent): Promise<void> {
  const d = event.data;
  const paidAt =
    event.type === 'purchase.paid' || event.type === 'purchase.refund_required'
      ? new Date(event.data.paidAt)
      : undefined;
  await project(
    db,
    {
      _id: d.purchaseId,
      raffleId: d.raffleId,
      buyer: d.buyer,
      paymentMethod: d.paymentMethod,
      resellerCode: d.resellerCode,
      packageType: d.packageType,
      quantity: d.quantity,
      totalPrice: d.totalPrice,
      createdAt: new Date(d.createdAt),
      ...(paidAt ? { paidAt } : {}),
    },
    STAGE_OF_EVENT[event.type],
  );
}

type ProjectablePurchase = PurchaseSale & Pick<PurchaseDoc, 'status' | 'paidAt'>;

/** Writes a closed purchase as it stands: the same write as an event's, so never backwards. */
async function projectPurchase(db: Db, p: ProjectablePurchase): Promise<void> {
  await project(
    db,
    {
      ...saleRow(p),
      ...(p.paidAt && p.status !== 'EXPIRED' ? { paidAt: p.paidAt } : {}),
    },
    STAGES[p.status],
  );
}

/**
 * Brings the facts in line with the purchases: projects those whose fact is missing or
 * behind (purchases written before their events existed, a lost event), and removes
 * facts whose purchase is gone (an event that arrived after "Borrar todo") or that stand
 * for an open order (written by versions that projected new orders too).
 */
export async function reconcileFacts(
  db: Db,
  readPurchases: () => Promise<ProjectablePurchase[]>,
): Promise<{ projected: number; removed: number }> {
  // Facts first: an event follows its purchase's write, so every fact read now belongs
  // to a purchase the read below sees, unless that purchase has been deleted.
  const found = await facts(db)
    .find({}, { projection: { stage: 1 } })
    .toArray();
  const all = await readPurchases();
  const stageOf = new Map(found.map((f) => [f._id, f.stage]));
  const behind = all.filter(
    (p) => p.status !== 'PENDING' && (stageOf.get(p._id) ?? -1) < STAGES[p.status],
  );
  // Side by side, so that the writes group into commands of many facts.
  await Promise.all(behind.map((purchase) => projectPurchase(db, purchase)));
  const exists = new Set(all.map((p) => p._id));
  const orphans = found.filter((f) => !exists.has(f._id) || f.stage === STAGES.PENDING);
  await removeFacts(
    db,
    orphans.map((orphan) => orphan._id),
  );
  return { projected: behind.length, removed: orphans.length };
}

/**
 * Purchases one catch-up step reads and projects: the store searches the _id index for an
 * $in list up to this long (infra/ferretdb index_pushdown.go, maxInValues).
 */
const CATCH_UP_BATCH = 100;

export interface CatchUpOptions {
  /** Asked between steps: a stopping process ends the catch-up there (the next one resumes). */
  stopped?: () => boolean;
}

/**
 * The upgrade that brings a store written before the work markers and the totals in line
 * (DESIGN, "Start-up and catch-ups"): one read of every fact's stage and every purchase's
 * status, the purchases behind projected a hundred at a time, facts of deleted purchases
 * or of open orders removed, then every fact not yet in its raffle's totals counted. Its
 * reads go through everything, once: afterwards the periodic catch-up finds its work by
 * markers. Each step is right on its own, so a restart half-way resumes it.
 */
async function upgradeFactsAndTotals(
  db: Db,
  options: CatchUpOptions,
): Promise<{ projected: number; removed: number }> {
  // Facts first, as in reconcileFacts.
  const found = await facts(db)
    .find({}, { projection: { stage: 1, counted: 1 } })
    .toArray();
  const stageOf = new Map(found.map((f) => [f._id, f.stage]));
  const statuses = await findPurchaseStatuses(db);
  const behind = statuses
    .filter((p) => p.status !== 'PENDING' && (stageOf.get(p._id) ?? -1) < STAGES[p.status])
    .map((p) => p._id);
  let projected = 0;
  for (let i = 0; i < behind.length && !options.stopped?.(); i += CATCH_UP_BATCH) {
    const batch = await findSalesByIds(db, behind.slice(i, i + CATCH_UP_BATCH));
    // Read now: a purchase that moved on since the first read is projected as it stands.
    const closed = batch.filter((p) => p.status !== 'PENDING');
    await Promise.all(closed.map((purchase) => projectPurchase(db, purchase)));
    projected += closed.length;
  }
  const exists = new Set(statuses.map((p) => p._id));
  const orphans = [...stageOf]
    .filter(([id, stage]) => !exists.has(id) || stage === STAGES.PENDING)
    .map(([id]) => id);
  for (let i = 0; i < orphans.length && !options.stopped?.(); i += CATCH_UP_BATCH)
    await removeFacts(db, orphans.slice(i, i + CATCH_UP_BATCH));
  const uncounted = found
    .filter((f) => f.counted === undefined && exists.has(f._id) && f.stage !== STAGES.PENDING)
    .map((f) => f._id);
  for (let i = 0; i < uncounted.length && !options.stopped?.(); i += CATCH_UP_BATCH)
    await countFacts(db, uncounted.slice(i, i + CATCH_UP_BATCH));
  if (!options.stopped?.())
    await db
      .collection<{ _id: string; doneAt: Date }>('upgrades')
      .updateOne({ _id: TOTALS_UPGRADE_ID }, { $set: { doneAt: new Date() } }, { upsert: true });
  return { projected, removed: orphans.length };
}

/**
 * The reports' catch-up (DESIGN, "Queries on a year of data"): the purchases whose order
 * ended since it last looked (their `factDue` marker) get their fact if it is missing or
 * behind, a hundred at a time, and lose the marker; the facts the totals do not count yet
 * (their `totalsDue` marker) are counted. Neither reads a purchase or fact that has
 * nothing waiting, so an archived raffle's are never read. On a store from before the
 * markers, the upgrade above runs first, once.
 */
export async function catchUpFacts(
  db: Db,
  options: CatchUpOptions = {},
): Promise<{ projected: number; removed: number }> {
  const upgraded = (await totalsReady(db))
    ? { projected: 0, removed: 0 }
    : await upgradeFactsAndTotals(db, options);
  await flushPendingTotals(db, null);
  let projected = upgraded.projected;
  // Bounded by what was waiting when it began: in a sale new ones keep coming.
  const waiting = await db.collection('purchases').countDocuments({ factDue: true });
  for (let seen = 0; seen < waiting && !options.stopped?.(); seen += CATCH_UP_BATCH) {
    const batch = await findFactsDue(db, CATCH_UP_BATCH);
    if (batch.length === 0) break;
    const stageOf = new Map(
      (
        await facts(db)
          .find({ _id: { $in: batch.map((p) => p._id) } }, { projection: { stage: 1 } })
          .toArray()
      ).map((f) => [f._id, f.stage]),
    );
    const behind = batch.filter(
      (p) => p.status !== 'PENDING' && (stageOf.get(p._id) ?? -1) < STAGES[p.status],
    );
    await Promise.all(behind.map((purchase) => projectPurchase(db, purchase)));
    await unmarkFactsDue(db, batch);
    projected += behind.length;
  }
  const uncounted = await factsBehindTotals(db);
  for (let i = 0; i < uncounted.length && !options.stopped?.(); i += CATCH_UP_BATCH)
    await countFacts(db, uncounted.slice(i, i + CATCH_UP_BATCH));
  return { projected, removed: upgraded.removed };
}

/**
 * How many facts per status (none PENDING: open orders have no fact); lets a load test
 * see when the projection has caught up.
 */
export async function countFactsByStatus(db: Db): Promise<Record<PurchaseStatus, number>> {
  // One read of the stages, counted here: a count per stage would read every fact four times.
  const counts = Object.fromEntries(Object.keys(STAGES).map((status) => [status, 0]));
  const stages = await facts(db)
    .find({}, { projection: { stage: 1 } })
    .toArray();
  for (const { stage } of stages) counts[STATUS_OF_STAGE[stage]!]!++;
  return counts as Record<PurchaseStatus, number>;
}

// ── The reports screen and its exports ─────────────────────────────────────────

export interface ReportFilter {
  /** One raffle's purchases; every raffle's when absent. */
  raffleId?: string;
  /** Inclusive lower bound of createdAt. */
  from?: Date;
  /** Exclusive upper bound of createdAt. */
  until?: Date;
  paymentMethod?: string;
  resellerCode?: string;
  packageType?: 'normal' | 'custom';
  statuses?: PurchaseStatus[];
  /** Raffles whose purchases are left out (a reseller's report leaves out drafts). */
  exceptRaffleIds?: readonly string[];
}

export interface ReportRowDoc {
  _id: string;
  raffleId: string;
  buyer: { firstName: string; lastName: string; email: string };
  paymentMethod: string;
  quantity: number;
  totalPrice: number;
  status: PurchaseStatus;
  resellerCode: string | null;
  packageType?: 'normal' | 'custom';
  createdAt: Date;
}

export interface PurchaseReport {
  totals: {
    totalAmount: number;
    totalTickets: number;
    pendingAmount: number;
    pendingTickets: number;
    expiredAmount: number;
    expiredTickets: number;
  };
  rows: ReportRowDoc[];
}

/** Paid, pending and expired sums of the rows (in cents while adding, so no float drift). */
function sumTotals(rows: ReportRowDoc[]): PurchaseReport['totals'] {
  const sums = { COMPLETED: [0, 0], PENDING: [0, 0], EXPIRED: [0, 0] } as Record<
    string,
    [number, number]
  >;
  for (const row of rows) {
    const sum = sums[row.status];
    if (!sum) continue;
    sum[0] += Math.round(row.totalPrice * 100);
    sum[1] += row.quantity;
  }
  const [paid, pending, expired] = [sums.COMPLETED!, sums.PENDING!, sums.EXPIRED!];
  return {
    totalAmount: paid[0] / 100,
    totalTickets: paid[1],
    pendingAmount: pending[0] / 100,
    pendingTickets: pending[1],
    expiredAmount: expired[0] / 100,
    expiredTickets: expired[1],
  };
}

/** The filter's dimensions but the raffle, which the facts and the purchases name alike. */
function dimensions(
  filter: Omit<ReportFilter, 'raffleId'>,
): Filter<ReportFact> & Filter<PurchaseDoc> {
  const query: Filter<ReportFact> & Filter<PurchaseDoc> = {};
  if (filter.from || filter.until) {
    query.createdAt = {
      ...(filter.from ? { $gte: filter.from } : {}),
      ...(filter.until ? { $lt: filter.until } : {}),
    };
  }
  if (filter.paymentMethod) query.paymentMethod = filter.paymentMethod as PaymentMethod;
  if (filter.resellerCode !== undefined) query.resellerCode = filter.resellerCode;
  // Purchases written before package types existed have none: they are normal ones.
  if (filter.packageType)
    query.packageType = filter.packageType === 'normal' ? { $ne: 'custom' } : 'custom';
  return query;
}

const CLOSED_STAGES = [STAGES.EXPIRED, STAGES.COMPLETED, STAGES.REFUND_REQUIRED];

/**
 * The report: every purchase matching the filter, newest first, and their totals. Every
 * raffle's report ("todas") is each raffle's, read raffle by raffle through the
 * `raffle_paid_day` and `raffle_created` indexes, and merged: one read without a raffle went
 * through every document of both collections (DESIGN, "Reading a year").
 */
export async function queryReport(db: Db, filter: ReportFilter): Promise<PurchaseReport> {
  const keys = (await raffleKeys(db, filter.raffleId)).filter(
    (key) => !filter.exceptRaffleIds?.includes(keyOf(key)),
  );
  const perRaffle = await Promise.all(keys.map((key) => rowsOfRaffle(db, filter, key)));
  const shown = perRaffle
    .flat()
    .filter((row) => !filter.statuses || filter.statuses.includes(row.status))
    .filter((row) => !filter.exceptRaffleIds?.includes(row.raffleId))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  // Summed here rather than with $group: FerretDB v1 computes only the first of two
  // $sum accumulators in one $group (the second comes back 0), and the rows are read anyway.
  return { totals: sumTotals(shown), rows: shown };
}

export interface ReportPage {
  totals: PurchaseReport['totals'];
  /** The page's rows, newest first. */
  rows: ReportRowDoc[];
  /** Every row the report holds. */
  count: number;
}

/** Whether a filter narrows only by raffle and status: what the raffles' totals answer. */
const byRaffleOnly = (filter: ReportFilter) =>
  !filter.from &&
  !filter.until &&
  !filter.paymentMethod &&
  filter.resellerCode === undefined &&
  !filter.packageType;

/**
 * One page of the report with its totals and count. By raffle and status alone (the
 * screen's first look, "todas" or one raffle), the totals and the count come from each
 * raffle's totals (report-totals.ts) and the open orders, and the rows from the days the
 * page spans, read by `raffle_day`: a year of facts is not read for a page of a hundred
 * (DESIGN, "Reading a year"). Any other filter reads its rows and sums them.
 */
export async function reportPage(
  db: Db,
  filter: ReportFilter,
  { page, perPage }: { page: number; perPage: number },
): Promise<ReportPage> {
  if (!byRaffleOnly(filter) || !(await totalsReady(db))) {
    const report = await queryReport(db, filter);
    const rows = report.rows.slice((page - 1) * perPage, page * perPage);
    return { totals: report.totals, rows, count: report.rows.length };
  }
  const raffleIds = (await raffleKeys(db, filter.raffleId))
    .map(keyOf)
    .filter((id) => !filter.exceptRaffleIds?.includes(id));
  const shows = (status: PurchaseStatus) => !filter.statuses || filter.statuses.includes(status);
  const [open, counted] = await Promise.all([
    shows('PENDING') ? openOrdersOf(db, raffleIds) : [],
    readTotals(db, raffleIds),
  ]);
  const closed = (Object.entries(COUNTED_STATUSES) as Array<[string, CountedStatus]>).filter(
    ([, status]) => shows(status),
  );
  const perDay = new Map<string, Map<string, number>>();
  for (const [raffleId, doc] of counted)
    for (const [day, byStatus] of Object.entries(doc.days ?? {})) {
      const n = closed.reduce((sum, [, status]) => sum + (byStatus[status] ?? 0), 0);
      if (n <= 0) continue;
      const raffles = perDay.get(day) ?? new Map<string, number>();
      raffles.set(raffleId, n);
      perDay.set(day, raffles);
    }
  const openRows = open.map((p): ReportRowDoc => ({ ...saleRow(p), status: 'PENDING' }));
  const openPerDay = new Map<string, number>();
  for (const row of openRows) {
    const day = dayOf(row.createdAt);
    openPerDay.set(day, (openPerDay.get(day) ?? 0) + 1);
  }
  const days = [...new Set([...perDay.keys(), ...openPerDay.keys()])].sort().reverse();
  const size = (day: string) =>
    [...(perDay.get(day)?.values() ?? [])].reduce((a, b) => a + b, 0) + (openPerDay.get(day) ?? 0);
  const count = days.reduce((n, day) => n + size(day), 0);
  // The days holding rows first..last of the page, newest first.
  const [first, last] = [(page - 1) * perPage, page * perPage];
  let before = 0;
  const spanned: string[] = [];
  let skipped = 0;
  for (const day of days) {
    const n = size(day);
    if (before + n > first && before < last) spanned.push(day);
    else if (before + n <= first) skipped += n;
    before += n;
  }
  const keys = spanned.flatMap((day) =>
    [...(perDay.get(day)?.keys() ?? [])].map((raffleId) => raffleDayOf(raffleId, day)),
  );
  const stages = closed.map(([stage]) => Number(stage));
  const factRows: ReportRowDoc[] = [];
  for (let i = 0; i < keys.length; i += CATCH_UP_BATCH) {
    const found = await facts(db)
      .find({ raffleDay: { $in: keys.slice(i, i + CATCH_UP_BATCH) }, stage: { $in: stages } })
      .toArray();
    for (const f of found) factRows.push({ ...saleRow(f), status: STATUS_OF_STAGE[f.stage]! });
  }
  const inSpan = new Set(spanned);
  const rows = new Map<string, ReportRowDoc>();
  for (const row of openRows) if (inSpan.has(dayOf(row.createdAt))) rows.set(row._id, row);
  for (const row of factRows) rows.set(row._id, row);
  const sorted = [...rows.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return {
    totals: totalsOf(counted, openRows, shows),
    rows: sorted.slice(first - skipped, last - skipped),
    count,
  };
}

/** The open orders of some raffles: one read of every open order (few), by `status`. */
async function openOrdersOf(db: Db, raffleIds: readonly string[]): Promise<PurchaseSale[]> {
  const wanted = new Set(raffleIds);
  return (await findOpenOrders(db, {})).filter((p) => wanted.has(raffleOf(p)));
}

/** The report's totals from the raffles' totals and the open orders, as sumTotals would add the rows. */
function totalsOf(
  counted: ReadonlyMap<string, ReportTotalsDoc>,
  open: readonly ReportRowDoc[],
  shows: (status: PurchaseStatus) => boolean,
): PurchaseReport['totals'] {
  const sum = (status: 'COMPLETED' | 'EXPIRED') => {
    let [cents, tickets] = [0, 0];
    if (shows(status))
      for (const doc of counted.values()) {
        cents += doc[status]?.cents ?? 0;
        tickets += doc[status]?.tickets ?? 0;
      }
    return [cents, tickets] as const;
  };
  const [paid, expired] = [sum('COMPLETED'), sum('EXPIRED')];
  const pending = sumTotals(open.map((row) => ({ ...row, status: 'COMPLETED' })));
  return {
    totalAmount: paid[0] / 100,
    totalTickets: paid[1],
    pendingAmount: pending.totalAmount,
    pendingTickets: pending.totalTickets,
    expiredAmount: expired[0] / 100,
    expiredTickets: expired[1],
  };
}

/**
 * The rows whose `raffleId` matches `key`. Open orders are read first, then every closed fact
 * of the filter's dimensions: an order paid between the two reads shows once, from its
 * fact if the worker has written it already, else still as open.
 */
async function rowsOfRaffle(db: Db, filter: ReportFilter, key: RaffleKey): Promise<ReportRowDoc[]> {
  const { raffleId: _all, ...others } = filter;
  const matching = { ...dimensions(others), raffleId: key } as Filter<ReportFact> &
    Filter<PurchaseDoc>;
  const open = await findOpenOrders(db, matching);
  const closed = await facts(db)
    .find({ ...matching, stage: { $in: CLOSED_STAGES } })
    .toArray();
  const rows = new Map<string, ReportRowDoc>();
  for (const p of open) rows.set(p._id, { ...saleRow(p), status: 'PENDING' });
  for (const f of closed) rows.set(f._id, { ...saleRow(f), status: STATUS_OF_STAGE[f.stage]! });
  return [...rows.values()];
}

/** What a purchase or its fact says of the sale (purchases written before a field existed get its default). */
function saleRow(sale: PurchaseSale | ReportFact): Omit<Sale, 'paidAt'> & { raffleId: string } {
  return {
    _id: sale._id,
    raffleId: raffleOf(sale),
    buyer: {
      firstName: sale.buyer?.firstName ?? '',
      lastName: sale.buyer?.lastName ?? '',
      email: sale.buyer?.email ?? '',
    },
    paymentMethod: sale.paymentMethod,
    quantity: sale.quantity,
    totalPrice: sale.totalPrice,
    resellerCode: sale.resellerCode ?? null,
    packageType: sale.packageType ?? 'normal',
    createdAt: sale.createdAt,
  };
}

// ── Sales: the COMPLETED facts, by the day they were paid ──────────────────────

export interface SalesFilter {
  /** First Ecuador day, 'yyyy-MM-dd', inclusive. */
  from?: string;
  /** Last Ecuador day, inclusive. */
  to?: string;
  resellerCode?: string;
  /** One raffle's sales; every raffle's when absent. */
  raffleId?: string;
}

/** The filter's match but the raffle, which sumBy reads raffle by raffle. */
function salesMatch(filter: Omit<SalesFilter, 'raffleId'>): Filter<ReportFact> {
  const query: Filter<ReportFact> = { stage: STAGES.COMPLETED };
  if (filter.from || filter.to)
    query.paidDay = {
      ...(filter.from ? { $gte: filter.from } : {}),
      ...(filter.to ? { $lte: filter.to } : {}),
    };
  if (filter.resellerCode !== undefined) query.resellerCode = filter.resellerCode;
  return query;
}

/**
 * One `$sum` per pipeline: FerretDB v1 answers 0 for every accumulator of a `$group`
 * but the first (measured), so each total is its own aggregation. Every raffle's sums
 * ("todas") are each raffle's added up, read raffle by raffle through `raffle_paid_day`:
 * one aggregation without a raffle went through every fact (DESIGN, "Reading a year").
 */
async function sumBy<K>(
  db: Db,
  filter: SalesFilter,
  key: unknown,
  field: '$quantity' | '$totalPrice' | 1,
): Promise<Map<string, { key: K; total: number }>> {
  const { raffleId, ...others } = filter;
  const keys = await raffleKeys(db, raffleId);
  const perRaffle = await Promise.all(
    keys.map((raffleKey) =>
      facts(db)
        .aggregate<{ _id: K; total: number }>([
          { $match: { ...salesMatch(others), raffleId: raffleKey } },
          { $group: { _id: key, total: { $sum: field } } },
        ])
        .toArray(),
    ),
  );
  const sums = new Map<string, { key: K; total: number }>();
  for (const r of perRaffle.flat()) {
    const k = JSON.stringify(r._id);
    sums.set(k, { key: r._id, total: (sums.get(k)?.total ?? 0) + r.total });
  }
  return sums;
}

/** Numbers sold per day and method (the dashboard chart). */
export async function salesChart(db: Db, filter: SalesFilter = {}): Promise<SalesChartDay[]> {
  const key = { day: '$paidDay', method: '$paymentMethod' };
  const [quantities, amounts] = await Promise.all([
    sumBy<{ day: string; method: PaymentMethod }>(db, filter, key, '$quantity'),
    sumBy<{ day: string; method: PaymentMethod }>(db, filter, key, '$totalPrice'),
  ]);
  const byDay = new Map<string, SalesChartDay>();
  for (const [k, { key: group, total }] of quantities) {
    const entry = byDay.get(group.day) ?? {
      day: group.day,
      byMethod: emptyByMethod(),
      total: 0,
      amount: 0,
    };
    entry.byMethod[group.method] = (entry.byMethod[group.method] ?? 0) + total;
    entry.total += total;
    entry.amount = Math.round((entry.amount + (amounts.get(k)?.total ?? 0)) * 100) / 100;
    byDay.set(group.day, entry);
  }
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}

export type SalesDimension = 'paidDay' | 'paymentMethod' | 'resellerCode' | 'packageType';

/** Sold totals (numbers, dollars, purchases) grouped by one dimension. */
export async function salesBy(
  db: Db,
  dimension: SalesDimension,
  filter: SalesFilter = {},
): Promise<Array<{ key: string | null; quantity: number; amount: number; purchases: number }>> {
  const key = `$${dimension}`;
  const [quantities, amounts, counts] = await Promise.all([
    sumBy<string | null>(db, filter, key, '$quantity'),
    sumBy<string | null>(db, filter, key, '$totalPrice'),
    sumBy<string | null>(db, filter, key, 1),
  ]);
  return [...quantities.entries()]
    .map(([k, { key: group, total }]) => ({
      key: group ?? null,
      quantity: total,
      amount: Math.round((amounts.get(k)?.total ?? 0) * 100) / 100,
      purchases: counts.get(k)?.total ?? 0,
    }))
    .sort((a, b) => String(a.key ?? '').localeCompare(String(b.key ?? '')));
}

/** A draft's test orders, cleared: their facts go with them, and out of the totals. */
export async function deleteFactsOf(db: Db, purchaseIds: readonly string[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < purchaseIds.length; i += CATCH_UP_BATCH)
    removed += await removeFacts(db, purchaseIds.slice(i, i + CATCH_UP_BATCH));
  return removed;
}
