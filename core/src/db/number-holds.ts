// The numbers of pick-mode raffles (`number_holds`): one document per raffle and number,
// its `_id` made of both, so the store's unique `_id` is what keeps a number from being
// held or sold twice (I1), however many orders race for it. A hold names its purchase; it
// turns 'sold' when the purchase is paid and is removed when the order ends unpaid (the
// purchase itself keeps the numbers it chose, so nothing of the sale is lost). Each hold
// carries the `gridPending` marker until the grid has its sale in the raffle's grid
// document (db/number-grids.ts): the grid reads the marked holds, not every hold.
import { MongoBulkWriteError, type Db } from 'mongodb';

export type NumberHoldState = 'held' | 'sold';

export interface NumberHoldDoc {
  /** `${raffleId}:${number}`. */
  _id: string;
  raffleId: string;
  number: number;
  purchaseId: string;
  state: NumberHoldState;
  at: Date;
  /** When it turned sold (the grid folds a sale only once it has settled). */
  soldAt?: Date;
  /**
   * The raffle's id while the grid document does not have this hold's state: set on every
   * hold, removed once it is sold and folded in (core/src/number-picks/grid.ts).
   */
  gridPending?: string;
}

const holds = (db: Db) => db.collection<NumberHoldDoc>('number_holds');

export function numberHoldId(raffleId: string, number: number): string {
  return `${raffleId}:${number}`;
}

export async function ensureNumberHoldIndexes(db: Db): Promise<void> {
  await holds(db).createIndex({ raffleId: 1 });
  // The reconciler's look for holds of orders that never got written: 'held' holds are
  // the live unpaid orders' numbers, few beside the sold ones (DESIGN I1).
  await holds(db).createIndex({ state: 1 });
  // The grid's read of the holds changed since its document was written: the live orders'
  // and the latest sales' numbers, not the raffle's every hold.
  await holds(db).createIndex({ gridPending: 1 });
  // Every filter by purchase pins the holds' _id as well, which the store searches: the
  // purchase's index searched nothing and cost every hold's insert, sale and release.
  if (await holds(db).indexExists('purchaseId_1')) await holds(db).dropIndex('purchaseId_1');
}

export type HoldOutcome = { ok: true } | { ok: false; taken: number[] };

const DUPLICATE_KEY = 11000;

/**
 * Holds every number of a selection for a purchase, or none: the inserts that hit another
 * purchase's number say exactly which numbers were taken, and the ones that went in are
 * taken back (the buyer retries with the rest). A number this purchase already holds
 * counts as held, so a repeat is harmless.
 */
export async function holdNumbers(
  db: Db,
  hold: {
    raffleId: string;
    purchaseId: string;
    numbers: readonly number[];
    state?: NumberHoldState;
    /**
     * A new order's purchase id, which held nothing before: every clash is another
     * purchase's, so the owners need no read (a rush's refused orders cost two writes).
     */
    fresh?: boolean;
  },
): Promise<HoldOutcome> {
  const at = new Date();
  const state = hold.state ?? 'held';
  const docs: NumberHoldDoc[] = hold.numbers.map((number) => ({
    _id: numberHoldId(hold.raffleId, number),
    raffleId: hold.raffleId,
    number,
    purchaseId: hold.purchaseId,
    state,
    at,
    ...(state === 'sold' ? { soldAt: at } : {}),
    gridPending: hold.raffleId,
  }));
  const clashes = await insertReportingClashes(db, docs);
  if (clashes.length === 0) return { ok: true };
  const owners = hold.fresh
    ? []
    : await ownersOf(
        db,
        clashes.map((d) => d._id),
      );
  const mine = new Set(owners.filter((o) => o.purchaseId === hold.purchaseId).map((o) => o._id));
  const taken = clashes.filter((d) => !mine.has(d._id)).map((d) => d.number);
  if (taken.length === 0) return { ok: true };
  const takenIds = new Set(taken.map((n) => numberHoldId(hold.raffleId, n)));
  await releaseNumbers(
    db,
    hold.purchaseId,
    docs.filter((d) => !takenIds.has(d._id)).map((d) => d._id),
  );
  return { ok: false, taken: taken.sort((a, b) => a - b) };
}

/** Who holds each of `ids`, read in slices the store searches by its _id index. */
async function ownersOf(
  db: Db,
  ids: string[],
): Promise<Array<Pick<NumberHoldDoc, '_id' | 'purchaseId'>>> {
  const owners: Array<Pick<NumberHoldDoc, '_id' | 'purchaseId'>> = [];
  for (const slice of idSlices(ids))
    owners.push(
      ...(await holds(db)
        .find({ _id: { $in: slice } }, { projection: { purchaseId: 1 } })
        .toArray()),
    );
  return owners;
}

/** Inserts all (unordered); answers the documents refused because their `_id` exists. */
async function insertReportingClashes(db: Db, docs: NumberHoldDoc[]): Promise<NumberHoldDoc[]> {
  try {
    await holds(db).insertMany(docs, { ordered: false });
    return [];
  } catch (error) {
    if (!(error instanceof MongoBulkWriteError)) throw error;
    const errors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
    if (errors.some((e) => e.code !== DUPLICATE_KEY)) throw error;
    return errors.map((e) => docs[e.index]!);
  }
}

/**
 * The store searches the _id index for an $in list of up to 100 ids (STORE.md): a
 * selection's ids in such slices, so a whole order is one command per hundred numbers.
 */
function idSlices(ids: readonly string[]): string[][] {
  const slices: string[][] = [];
  for (let i = 0; i < ids.length; i += 100) slices.push(ids.slice(i, i + 100));
  return slices;
}

/** Takes back this purchase's unpaid holds (by id, so only its own go), in one write a slice. */
async function releaseNumbers(db: Db, purchaseId: string, ids: readonly string[]): Promise<void> {
  for (const slice of idSlices(ids))
    await holds(db).deleteMany({ _id: { $in: slice }, purchaseId, state: 'held' });
}

/** The order ended unpaid (or never got written): its numbers are free again. */
export async function releasePurchaseNumbers(
  db: Db,
  raffleId: string,
  purchaseId: string,
  numbers: readonly number[],
): Promise<void> {
  await releaseNumbers(
    db,
    purchaseId,
    numbers.map((n) => numberHoldId(raffleId, n)),
  );
}

/**
 * The purchase was paid: its holds become sold, in one write a slice (idempotent). True
 * when the purchase holds every one of `numbers` (held or sold already); false when some
 * hold is gone (the caller holds them again, db/number-holds.ts holdNumbers).
 */
export async function markNumbersSold(
  db: Db,
  raffleId: string,
  purchaseId: string,
  numbers: readonly number[],
): Promise<boolean> {
  let matched = 0;
  const soldAt = new Date();
  const ids = numbers.map((n) => numberHoldId(raffleId, n));
  for (const slice of idSlices(ids)) {
    const sold = await holds(db).updateMany(
      { _id: { $in: slice }, purchaseId },
      { $set: { state: 'sold', soldAt } },
    );
    matched += sold.matchedCount;
  }
  return matched === ids.length;
}

/**
 * A paid purchase whose numbers could not all be its own: those it has (held, or sold by
 * the first write of its numbering) go back, so the next buyer can choose them. Nothing of
 * the sale is lost: the purchase keeps the numbers it chose, and staff see its problem.
 */
export async function releaseUnsellableNumbers(
  db: Db,
  raffleId: string,
  purchaseId: string,
  numbers: readonly number[],
): Promise<void> {
  const ids = numbers.map((n) => numberHoldId(raffleId, n));
  for (const slice of idSlices(ids))
    await holds(db).deleteMany({ _id: { $in: slice }, purchaseId });
}

export type UnpaidHold = Pick<NumberHoldDoc, '_id' | 'purchaseId'>;

/** Holds of unpaid orders taken before `before` (a page of them, the oldest first). */
export async function listUnpaidHoldsBefore(db: Db, before: Date): Promise<UnpaidHold[]> {
  return holds(db)
    .find({ state: 'held', at: { $lt: before } }, { projection: { _id: 1, purchaseId: 1 } })
    .limit(1_000)
    .toArray();
}

/** Takes back holds of a purchase that was never written (only while still unpaid). */
export async function releaseUnwrittenHolds(
  db: Db,
  purchaseId: string,
  ids: readonly string[],
): Promise<void> {
  await releaseNumbers(db, purchaseId, ids);
}

/** Every held or sold number of a raffle (the grid's first build, the bench's count). */
export async function listRaffleHolds(
  db: Db,
  raffleId: string,
): Promise<Array<Pick<NumberHoldDoc, 'number' | 'state'>>> {
  return holds(db)
    .find({ raffleId }, { projection: { _id: 0, number: 1, state: 1 } })
    .toArray();
}

export type PendingHold = Pick<NumberHoldDoc, '_id' | 'number' | 'state' | 'soldAt'>;

/** The holds the raffle's grid document does not have yet (an index search of the marker). */
export async function listGridPendingHolds(db: Db, raffleId: string): Promise<PendingHold[]> {
  return holds(db)
    .find({ gridPending: raffleId }, { projection: { number: 1, state: 1, soldAt: 1 } })
    .toArray();
}

/** Sold holds now in the grid document: their marker goes, in one write a slice. */
export async function unmarkGridFolded(db: Db, ids: readonly string[]): Promise<void> {
  for (const slice of idSlices(ids))
    await holds(db).updateMany(
      { _id: { $in: slice }, state: 'sold' },
      { $unset: { gridPending: '' } },
    );
}

/**
 * Holds written before the marker existed: the held ones get it (once, when a raffle's
 * grid document is first built; the sold ones are in that document).
 */
export async function markHeldGridPending(db: Db, raffleId: string): Promise<void> {
  await holds(db).updateMany(
    { raffleId, state: 'held', gridPending: { $exists: false } },
    { $set: { gridPending: raffleId } },
  );
}

/** The sold numbers of a pick-mode raffle with their purchases (its sold list). */
export async function listSoldNumbers(
  db: Db,
  raffleId: string,
): Promise<Array<Pick<NumberHoldDoc, 'number' | 'purchaseId' | 'at'>>> {
  return holds(db)
    .find({ raffleId, state: 'sold' }, { projection: { _id: 0, number: 1, purchaseId: 1, at: 1 } })
    .sort({ number: 1 })
    .toArray();
}

/** The purchase a number of a pick-mode raffle was sold to (null: unsold). */
export async function soldNumberHolder(
  db: Db,
  raffleId: string,
  number: number,
): Promise<string | null> {
  const hold = await holds(db).findOne({ _id: numberHoldId(raffleId, number), state: 'sold' });
  return hold?.purchaseId ?? null;
}

/** A pick-mode raffle's number as sold: its purchase and when it was held (null: unsold). */
export async function findSoldNumber(
  db: Db,
  raffleId: string,
  number: number,
): Promise<Pick<NumberHoldDoc, 'purchaseId' | 'at'> | null> {
  return holds(db).findOne(
    { _id: numberHoldId(raffleId, number), state: 'sold' },
    { projection: { _id: 0, purchaseId: 1, at: 1 } },
  );
}

/** A draft's test orders are cleared (raffle-actions.ts): their chosen numbers go with them. */
export async function deleteRaffleHolds(db: Db, raffleId: string): Promise<void> {
  await holds(db).deleteMany({ raffleId });
}
