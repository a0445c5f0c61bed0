// The sold numbers of a pick-mode raffle as one document (`number_grids`, `_id` the
// raffle's): a bitmap of the sold numbers folded into it by the grid's refreshes
// (core/src/number-picks/grid.ts), so a refresh reads this document and the few holds
// changed since (their `gridPending` marker, db/number-holds.ts), not every hold of the
// raffle. Derived data: the holds stay the truth (I1), and a missing document is built
// again from them.
import type { Db } from 'mongodb';
import { isDuplicateKey } from './raffle-numbers';

export interface NumberGridDoc {
  /** The raffle's id. */
  _id: string;
  /** Bit i = number i sold, most significant bit first, base64 (numberGridSchema's shape). */
  sold: string;
  /** Moves with every fold: a fold writes only over the version it read. */
  version: number;
  updatedAt: Date;
}

const grids = (db: Db) => db.collection<NumberGridDoc>('number_grids');

export async function getNumberGridDoc(db: Db, raffleId: string): Promise<NumberGridDoc | null> {
  return grids(db).findOne({ _id: raffleId });
}

/** The first document of a raffle; false when another process wrote it first. */
export async function createNumberGridDoc(
  db: Db,
  raffleId: string,
  sold: string,
): Promise<boolean> {
  try {
    await grids(db).insertOne({ _id: raffleId, sold, version: 1, updatedAt: new Date() });
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/**
 * The sold bitmap with more numbers in it, written only over `version` (false when another
 * refresh folded first: its document already holds what it folded, and this one's numbers
 * stay marked for the next fold).
 */
export async function foldIntoNumberGridDoc(
  db: Db,
  { raffleId, version, sold }: { raffleId: string; version: number; sold: string },
): Promise<boolean> {
  const folded = await grids(db).updateOne(
    { _id: raffleId, version },
    { $set: { sold, version: version + 1, updatedAt: new Date() } },
  );
  return folded.modifiedCount === 1;
}

/** A draft's test orders are cleared with their holds: the document goes with them. */
export async function deleteNumberGridDoc(db: Db, raffleId: string): Promise<void> {
  await grids(db).deleteOne({ _id: raffleId });
}
