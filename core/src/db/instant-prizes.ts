// Instant prizes: a few raffle numbers carrying a cash prize for whoever buys them.
// status 'available' until a purchase gets the number, then 'pending' (won, to be paid)
// with the winning purchaseId; `delivered` is the admin's tick once it is paid out.
import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';

export type InstantPrizeStatus = 'available' | 'pending' | 'delivered';

export interface InstantPrizeDoc {
  _id: string;
  raffleId: string;
  number: string;
  /** Sale position of the number (perm⁻¹), kept for audits. */
  position: number;
  prizeAmount: number;
  /** The prize's own salt and hash (instantPrizeCommitment); absent on older prizes. */
  salt?: string;
  hash?: string;
  status: InstantPrizeStatus;
  delivered: boolean;
  purchaseId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What an admin sees of a prize (no purchase ids); the public's is prize-disclosure.ts's. */
export interface PublicInstantPrize {
  _id: string;
  number: string;
  prizeAmount: number;
  status: InstantPrizeStatus;
  delivered: boolean;
}

function prizes(db: Db) {
  return db.collection<InstantPrizeDoc>('instant_prizes');
}

export async function ensureInstantPrizeIndexes(db: Db): Promise<void> {
  await prizes(db).createIndex(
    { raffleId: 1, number: 1 },
    { unique: true, name: 'raffle_number_unique' },
  );
}

const PUBLIC_PROJECTION = { _id: 1, number: 1, prizeAmount: 1, status: 1, delivered: 1 } as const;

export async function listInstantPrizes(db: Db, raffleId: string): Promise<PublicInstantPrize[]> {
  return prizes(db)
    .find({ raffleId }, { projection: PUBLIC_PROJECTION, sort: { number: 1 } })
    .toArray();
}

/** A prize with its commitment, for what the public may be shown of it. */
export type CommittedPrize = PublicInstantPrize & Pick<InstantPrizeDoc, 'salt' | 'hash'>;

const COMMITTED_PROJECTION = { ...PUBLIC_PROJECTION, salt: 1, hash: 1 } as const;

export async function listCommittedPrizes(db: Db, raffleId: string): Promise<CommittedPrize[]> {
  return prizes(db)
    .find({ raffleId }, { projection: COMMITTED_PROJECTION, sort: { number: 1 } })
    .toArray();
}

/** The prize on one number, if it carries one (the public verifier). */
export async function findInstantPrizeByNumber(
  db: Db,
  raffleId: string,
  number: string,
): Promise<CommittedPrize | null> {
  return prizes(db).findOne({ raffleId, number }, { projection: COMMITTED_PROJECTION });
}

export async function countInstantPrizes(db: Db, raffleId: string): Promise<number> {
  return prizes(db).countDocuments({ raffleId });
}

export async function insertInstantPrizes(
  db: Db,
  raffleId: string,
  items: ReadonlyArray<{
    number: string;
    position: number;
    prizeAmount: number;
    salt?: string;
    hash?: string;
  }>,
): Promise<void> {
  const now = new Date();
  await prizes(db).insertMany(
    items.map((item) => ({
      _id: randomUUID(),
      raffleId,
      ...item,
      status: 'available' as const,
      delivered: false,
      purchaseId: null,
      createdAt: now,
      updatedAt: now,
    })),
  );
}

/** Admin edit of amount and delivered tick; null when the prize does not exist. */
export async function updateInstantPrize(
  db: Db,
  id: string,
  change: { prizeAmount?: number | undefined; delivered?: boolean | undefined },
): Promise<PublicInstantPrize | null> {
  const set: Partial<InstantPrizeDoc> = { updatedAt: new Date() };
  if (change.prizeAmount !== undefined) set.prizeAmount = change.prizeAmount;
  if (change.delivered !== undefined) set.delivered = change.delivered;
  // No projection here: FerretDB v1's findAndModify does not implement `fields`.
  const doc = await prizes(db).findOneAndUpdate(
    { _id: id },
    { $set: set },
    { returnDocument: 'after' },
  );
  return doc && toPublic(doc);
}

function toPublic(doc: InstantPrizeDoc): PublicInstantPrize {
  return {
    _id: doc._id,
    number: doc.number,
    prizeAmount: doc.prizeAmount,
    status: doc.status,
    delivered: doc.delivered,
  };
}

/** A purchase's numbers, checked for the instant prizes among them. */
interface PrizeClaim {
  raffleId: string;
  purchaseId: string;
  numbers: readonly string[];
  /** The raffle's committed prize numbers, when known (raffle-numbers.ts `prizeNumbers`). */
  committedPrizeNumbers?: readonly string[] | null;
}

/**
 * Marks as won every still-available prize among a purchase's numbers, then answers
 * all prizes that purchase holds (so a redelivery answers the same list).
 */
export async function claimInstantPrizes(
  db: Db,
  { raffleId, purchaseId, numbers, committedPrizeNumbers = null }: PrizeClaim,
): Promise<Array<{ number: string; amount: number }>> {
  // The committed list is fixed before the first sale, so numbers outside it win nothing
  // and hold nothing, redelivered or not: most purchases need no read at all.
  if (committedPrizeNumbers && !numbers.some((n) => committedPrizeNumbers.includes(n))) return [];
  // Prizes are few (at most ten per assignment): match them in memory, not with $in
  // over q numbers. The one read also shows what this purchase already holds (a
  // redelivery); only a lost race for a prize calls for reading again.
  const all = await prizes(db)
    .find({ raffleId }, { projection: { number: 1, status: 1, purchaseId: 1, prizeAmount: 1 } })
    .toArray();
  const mine = new Set(numbers);
  const won = all.filter((prize) => prize.purchaseId === purchaseId);
  let raced = false;
  for (const prize of all) {
    if (!mine.has(prize.number) || prize.status !== 'available') continue;
    const taken = await prizes(db).updateOne(
      { _id: prize._id, status: 'available' },
      { $set: { status: 'pending', purchaseId, updatedAt: new Date() } },
    );
    if (taken.modifiedCount === 1) won.push(prize);
    else raced = true;
  }
  const held = raced ? await prizes(db).find({ raffleId, purchaseId }).toArray() : won;
  return held
    .sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0))
    .map((p) => ({ number: p.number, amount: p.prizeAmount }));
}

export async function deleteAllInstantPrizes(db: Db, raffleId: string): Promise<number> {
  return (await prizes(db).deleteMany({ raffleId })).deletedCount;
}

/** After all purchases are deleted nobody holds a prize any more. */
export async function resetInstantPrizes(db: Db, raffleId: string): Promise<void> {
  await prizes(db).updateMany(
    { raffleId },
    { $set: { status: 'available', purchaseId: null, delivered: false, updatedAt: new Date() } },
  );
}
