// Each raffle's report totals, kept beside the facts (`report_totals`, `_id` = raffleId):
// purchases, numbers and cents per closed status, so Reportes, the Rifas list's revenue
// and "todas" read one small document per raffle instead of every fact (DESIGN, "Reading
// a year"). The totals follow the facts exactly, under redelivered events, concurrent
// writers and a crash between two writes, with no transaction (../shared/INFRA.md):
//
// - a fact says which of its stages the totals count (`counted`, absent: none yet). A fact
//   whose stage moves past `counted` carries `totalsDue` (its indexed marker: the write
//   that moves the stage sets it) and a `claim` {from, to}: the one move to count next,
//   written on the fact before the totals move (or with its insert, the common case);
// - the totals move once per claim: their update is conditional on the claim's key
//   (`applied.<purchaseId>~<from>`) being absent and sets it, so a second attempt after a
//   crash or by another process changes nothing;
// - the claim's owner then settles the fact (`counted` = to, claim and marker gone) and
//   only then drops the key. Anyone else finishes a claim only once it is old (its owner
//   died): a claim still on a fact means its key was never dropped.
import { randomUUID } from 'node:crypto';
import type { AnyBulkWriteOperation, Db, Filter } from 'mongodb';
import { MongoServerError } from 'mongodb';
import { raffleOf } from './by-raffle';

/** The statuses the totals count, by the fact's stage (report-facts.ts, STAGES). */
export const COUNTED_STATUSES = { 1: 'EXPIRED', 2: 'COMPLETED', 3: 'REFUND_REQUIRED' } as const;
export type CountedStatus = (typeof COUNTED_STATUSES)[keyof typeof COUNTED_STATUSES];

/** Nothing counted: a fact not yet in the totals (or an open order's, stage 0). */
const NONE = -1;

interface TotalsBucket {
  purchases: number;
  tickets: number;
  /** Dollars in cents: sums of cents never drift. */
  cents: number;
}

export interface ReportTotalsDoc {
  _id: string;
  EXPIRED?: TotalsBucket;
  COMPLETED?: TotalsBucket;
  REFUND_REQUIRED?: TotalsBucket;
  /** Facts per Ecuador day of their order and status: where a page of rows is (reportPage). */
  days?: Record<string, Partial<Record<CountedStatus, number>>>;
  /** Claims already counted, until their fact is settled (see above). */
  applied?: Record<string, number>;
}

export interface Claim {
  from: number;
  to: number;
  at: Date;
  /** Whose claim it is: one writer's token. */
  by: string;
}

/** What the totals read of a fact. */
export interface CountedFact {
  _id: string;
  raffleId?: string | null;
  quantity: number;
  totalPrice: number;
  /** Ecuador day of the order (report-facts.ts). */
  day: string;
  stage: number;
  counted?: number;
  claim?: Claim;
  /** The totals' work marker (see above). */
  totalsDue?: true;
}

const COUNTED_FIELDS = {
  raffleId: 1,
  quantity: 1,
  totalPrice: 1,
  day: 1,
  stage: 1,
  counted: 1,
  claim: 1,
} as const;

/** A claim older than this has lost its owner (a crash): anyone may finish it. */
const ORPHAN_CLAIM_MS = 10 * 60_000;

const totals = (db: Db) => db.collection<ReportTotalsDoc>('report_totals');
const facts = (db: Db) => db.collection<CountedFact>('report_facts');

export async function ensureReportTotalsIndexes(db: Db): Promise<void> {
  // The totals' own work list: facts whose stage the totals do not count yet.
  await facts(db).createIndex({ totalsDue: 1 }, { name: 'totals_due' });
  // A page of Reportes reads the days it shows, raffle by raffle (reportPage).
  await facts(db).createIndex({ raffleDay: 1 }, { name: 'raffle_day' });
}

/** The stage a fact should be counted at: open orders' facts (stage 0) count nowhere. */
const countedStage = (stage: number): number => (stage in COUNTED_STATUSES ? stage : NONE);

/** The claim's key in `applied`: field names may not hold '.' nor start with '$'. */
const appliedKey = (factId: string, from: number) =>
  `applied.${factId.replace(/[.$%]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}~${from}`;

/** The claim a new fact's insert carries: from nothing to its stage. */
export const insertClaim = (stage: number, at: Date, by: string): Claim => ({
  from: NONE,
  to: countedStage(stage),
  at,
  by,
});

function addTo(inc: Record<string, number>, stage: number, fact: CountedFact, sign: 1 | -1) {
  const status: CountedStatus | undefined =
    COUNTED_STATUSES[stage as keyof typeof COUNTED_STATUSES];
  if (!status) return;
  const add = (field: keyof TotalsBucket, n: number) => {
    inc[`${status}.${field}`] = (inc[`${status}.${field}`] ?? 0) + sign * n;
  };
  add('purchases', 1);
  add('tickets', fact.quantity);
  add('cents', Math.round(fact.totalPrice * 100));
  const perDay = `days.${fact.day}.${status}`;
  inc[perDay] = (inc[perDay] ?? 0) + sign;
}

/** The key a page of one raffle's rows finds a day's facts by (index `raffle_day`). */
export const raffleDayOf = (raffleId: string, day: string): string => `${raffleId}|${day}`;

const isDuplicateKey = (error: unknown) =>
  error instanceof MongoServerError && error.code === 11000;

/**
 * Counts each claim once in its raffle's totals: one conditional update per raffle (the
 * claims' keys all absent), else one per claim. `settled` are keys of claims whose facts
 * are settled: dropped in the same update.
 */
export async function applyClaims(
  db: Db,
  claimed: readonly CountedFact[],
  settled: ReadonlyMap<string, readonly string[]> = new Map(),
): Promise<void> {
  const byRaffle = new Map<string, CountedFact[]>();
  for (const fact of claimed)
    byRaffle.set(raffleOf(fact), [...(byRaffle.get(raffleOf(fact)) ?? []), fact]);
  for (const raffleId of settled.keys()) if (!byRaffle.has(raffleId)) byRaffle.set(raffleId, []);
  for (const [raffleId, group] of byRaffle) {
    const drop = settled.get(raffleId) ?? [];
    try {
      await countOnce(db, raffleId, group, drop);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // One of them was counted already (a retry after a crash): each on its own.
      for (const fact of group.length > 1 ? group : [])
        await countOnce(db, raffleId, [fact], []).catch((e: unknown) => {
          if (!isDuplicateKey(e)) throw e;
        });
      if (drop.length > 0) await dropKeys(db, raffleId, drop);
    }
  }
}

async function countOnce(
  db: Db,
  raffleId: string,
  group: readonly CountedFact[],
  drop: readonly string[],
): Promise<void> {
  const inc: Record<string, number> = {};
  const set: Record<string, number> = {};
  const filter: Record<string, unknown> = { _id: raffleId };
  for (const fact of group) {
    const { from, to } = fact.claim!;
    addTo(inc, from, fact, -1);
    addTo(inc, to, fact, 1);
    const key = appliedKey(fact._id, from);
    filter[key] = { $exists: false };
    set[key] = to;
  }
  const unset = Object.fromEntries(drop.map((key) => [key, '' as const]));
  if (group.length === 0 && drop.length === 0) return;
  await totals(db).updateOne(
    filter as Filter<ReportTotalsDoc>,
    {
      ...(Object.keys(inc).length > 0 ? { $inc: inc } : {}),
      ...(group.length > 0 ? { $set: set } : {}),
      ...(drop.length > 0 ? { $unset: unset } : {}),
    },
    // A raffle's first claim creates its totals; a key present makes the insert collide.
    { upsert: group.length > 0 },
  );
}

async function dropKeys(db: Db, raffleId: string, keys: readonly string[]) {
  await totals(db).updateOne(
    { _id: raffleId },
    { $unset: Object.fromEntries(keys.map((key) => [key, '' as const])) },
  );
}

/** The key `applyClaims` set for a fact's claim (to drop once the fact is settled). */
const claimKey = (fact: CountedFact): string => appliedKey(fact._id, fact.claim!.from);

/**
 * The writes that settle counted claims on their facts: `counted` moves to the claim's
 * stage and the claim goes; the marker too when the fact's stage is still that one.
 * Ordered: the first matches when the stage has not moved, else the second.
 */
export function settleOps(claimed: readonly CountedFact[]): AnyBulkWriteOperation<CountedFact>[] {
  return claimed.flatMap((fact): AnyBulkWriteOperation<CountedFact>[] => {
    const { from, to } = fact.claim!;
    const ours = { _id: fact._id, 'claim.from': from, 'claim.to': to } as Filter<CountedFact>;
    return [
      {
        updateOne: {
          filter: { ...ours, stage: to } as Filter<CountedFact>,
          update: { $set: { counted: to }, $unset: { claim: '', totalsDue: '' } },
        },
      },
      {
        updateOne: {
          filter: ours,
          update: { $set: { counted: to }, $unset: { claim: '' } },
        },
      },
    ];
  });
}

/** Settles counted claims: their facts, then their keys (one more totals update per raffle). */
async function settleClaims(db: Db, claimed: readonly CountedFact[]): Promise<void> {
  if (claimed.length === 0) return;
  await facts(db).bulkWrite(settleOps(claimed), { ordered: true });
  await applyClaims(db, [], keysByRaffle(claimed));
}

/** The claims' keys per raffle. */
export function keysByRaffle(claimed: readonly CountedFact[]): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const fact of claimed)
    keys.set(raffleOf(fact), [...(keys.get(raffleOf(fact)) ?? []), claimKey(fact)]);
  return keys;
}

/**
 * Brings the totals in line with some facts (by id): finishes their orphaned claims,
 * claims and counts each move of a stage the totals miss, settles them, and drops the
 * marker of facts already counted. Idempotent; safe beside the projection's own writes.
 */
export async function countFacts(
  db: Db,
  ids: readonly string[],
  now: () => Date = () => new Date(),
): Promise<number> {
  let counted = 0;
  // A fact moved on while its claim was counted needs a second round (a claim at a time).
  for (let round = 0; round < 3 && ids.length > 0; round++) {
    const found = await facts(db)
      .find({ _id: { $in: [...ids] } }, { projection: { ...COUNTED_FIELDS, totalsDue: 1 } })
      .toArray();
    const orphaned = found.filter(
      (f) => f.claim && now().getTime() - f.claim.at.getTime() >= ORPHAN_CLAIM_MS,
    );
    const toClaim = found.filter((f) => !f.claim && (f.counted ?? NONE) !== countedStage(f.stage));
    const inLine = found.filter(
      (f) => !f.claim && (f.counted ?? NONE) === countedStage(f.stage) && 'totalsDue' in f,
    );
    if (inLine.length > 0)
      await facts(db).bulkWrite(
        inLine.map((f) => ({
          updateOne: {
            filter: { _id: f._id, stage: f.stage, claim: { $exists: false }, ...countedIs(f) },
            update: { $unset: { totalsDue: '' } },
          },
        })),
      );
    const claims = await claim(db, toClaim, now());
    const mine = [...orphaned, ...claims];
    if (mine.length === 0) break;
    await applyClaims(db, mine);
    await settleClaims(db, mine);
    counted += claims.length;
  }
  return counted;
}

const countedIs = (f: CountedFact) =>
  f.counted === undefined ? { counted: { $exists: false } } : { counted: f.counted };

/**
 * Writes a claim on each fact still as read (to its stage, or to `to`); answers the facts
 * that took ours.
 */
async function claim(
  db: Db,
  found: readonly CountedFact[],
  at: Date,
  to?: number,
): Promise<CountedFact[]> {
  if (found.length === 0) return [];
  const by = randomUUID();
  const claims = new Map(
    found.map((f) => [
      f._id,
      { from: f.counted ?? NONE, to: to ?? countedStage(f.stage), at, by } satisfies Claim,
    ]),
  );
  await facts(db).bulkWrite(
    found.map((f) => ({
      updateOne: {
        filter: { _id: f._id, stage: f.stage, claim: { $exists: false }, ...countedIs(f) },
        // The day key too, which facts from before it lack (the upgrade claims those).
        update: {
          $set: {
            claim: claims.get(f._id)!,
            totalsDue: true,
            raffleDay: raffleDayOf(raffleOf(f), f.day),
          },
        },
      },
    })),
    { ordered: false },
  );
  // Read back: a fact another writer moved meanwhile holds its claim, not ours.
  const after = await facts(db)
    .find({ _id: { $in: [...claims.keys()] } }, { projection: COUNTED_FIELDS })
    .toArray();
  return after.filter((f) => f.claim?.by === by);
}

/** The facts the totals may not count yet, by their marker's index (a sale's last batch, a crash's). */
export async function factsBehindTotals(db: Db): Promise<string[]> {
  return (
    await facts(db)
      .find({ totalsDue: true }, { projection: { _id: 1 } })
      .toArray()
  ).map((f) => f._id);
}

/**
 * Deletes facts and takes them out of their raffles' totals: each is claimed down to
 * nothing, counted, then deleted. A crash before the delete leaves the fact counted as
 * it stands (the next count claims it back up), never counted twice nor lost.
 */
export async function removeFacts(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const found = await facts(db)
    .find({ _id: { $in: [...ids] } }, { projection: COUNTED_FIELDS })
    .toArray();
  const claimed = await claim(
    db,
    found.filter((f) => !f.claim),
    new Date(),
    NONE,
  );
  await applyClaims(db, claimed);
  const gone = claimed.map((f) => f._id);
  const { deletedCount } = await facts(db).deleteMany({ _id: { $in: gone } });
  await applyClaims(db, [], keysByRaffle(claimed));
  return deletedCount;
}

/** The totals of some raffles (absent: nothing counted yet). */
export async function readTotals(
  db: Db,
  raffleIds: readonly string[],
): Promise<Map<string, ReportTotalsDoc>> {
  if (raffleIds.length === 0) return new Map();
  const docs = await totals(db)
    .find({ _id: { $in: [...raffleIds] } }, { projection: { applied: 0 } })
    .toArray();
  return new Map(docs.map((doc) => [doc._id, doc]));
}

/** Recorded in `upgrades` once every fact is projected and in its raffle's totals. */
export const TOTALS_UPGRADE_ID = 'report-totals-1';

/** Whether the totals count every fact (the upgrade is done): until then reports sum the facts. */
export async function totalsReady(db: Db): Promise<boolean> {
  return Boolean(
    await db.collection<{ _id: string }>('upgrades').findOne({ _id: TOTALS_UPGRADE_ID }),
  );
}

/** Paid sales in dollars per raffle, from the raffles' totals (the Rifas list's revenue). */
export async function paidFromTotals(
  db: Db,
  raffleIds: readonly string[],
): Promise<Map<string, number>> {
  const docs = await readTotals(db, raffleIds);
  return new Map([...docs].map(([id, doc]) => [id, (doc.COMPLETED?.cents ?? 0) / 100]));
}
