// The holds ledger: one entry per order, naming who holds how many numbers of which
// raffle until when, under the buyer's keys (e-mail, phone, cédula) and the client's
// address. The purchase limits (limits/purchase-limits.ts) count it. An order's entry is
// written before the order checks its limits, so two orders racing each see the other
// (see `claimWithinLimits`); entries are settled from their purchases only when a count
// comes near a limit, so an honest sale pays one insert and two indexed reads per order.
import type { Db } from 'mongodb';

export type HoldState = 'held' | 'paid' | 'released';

export interface HoldEntry {
  /** The purchase's id. */
  _id: string;
  raffleId: string;
  buyerKeys: string[];
  address: string;
  quantity: number;
  state: HoldState;
  /** The purchase's reservation end as last known; past it an unpaid hold counts no more. */
  holdUntil: Date;
  createdAt: Date;
}

const holds = (db: Db) => db.collection<HoldEntry>('order_holds');

export async function ensureOrderHoldIndexes(db: Db): Promise<void> {
  await holds(db).createIndex({ buyerKeys: 1 }, { name: 'buyer_keys' });
  await holds(db).createIndex({ address: 1 }, { name: 'address' });
}

export async function insertHold(db: Db, entry: HoldEntry): Promise<void> {
  await holds(db).insertOne(entry);
}

/** The entries of `keys` in `raffleId` that still count towards a buyer's numbers. */
export async function buyerHolds(db: Db, raffleId: string, keys: string[]): Promise<HoldEntry[]> {
  const found = await holds(db)
    .find({ buyerKeys: { $in: keys }, state: { $ne: 'released' } })
    .toArray();
  return found.filter((h) => h.raffleId === raffleId);
}

/** Unpaid entries of one address whose hold has not ended at `now`. */
export async function addressHolds(db: Db, address: string, now: Date): Promise<HoldEntry[]> {
  return holds(db)
    .find({ address, state: 'held', holdUntil: { $gt: now } })
    .toArray();
}

/** Records what became of an entry's purchase (paid, released, or a later hold end). */
export async function settleHold(
  db: Db,
  id: string,
  change: { state: HoldState; holdUntil?: Date },
): Promise<void> {
  await holds(db).updateOne({ _id: id, state: { $ne: 'released' } }, { $set: change });
}

/** Gives an entry up: its order was refused, failed or ended. */
export async function releaseHold(db: Db, id: string): Promise<void> {
  await settleHold(db, id, { state: 'released' });
}

/** A receipt lengthened the purchase's hold: the entry holds as long. */
export async function extendHold(db: Db, id: string, holdUntil: Date): Promise<void> {
  await holds(db).updateOne({ _id: id, state: 'held' }, { $set: { holdUntil } });
}
