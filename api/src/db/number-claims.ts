// Claims of sale positions: one document per purchase covering positions
// [start, start + count) of a raffle. The `_id` is '<raffleId>:<start>' (two claims can
// never start at the same position) and purchaseId is unique (a purchase claims once).
// allocate.ts builds the chain of claims on these two guarantees.
import type { Db } from 'mongodb';
import { isDuplicateKey } from './raffle-numbers';

export interface NumberClaim {
  _id: string;
  raffleId: string;
  start: number;
  count: number;
  purchaseId: string;
  createdAt: Date;
}

function claims(db: Db) {
  return db.collection<NumberClaim>('number_claims');
}

export async function ensureNumberClaimIndexes(db: Db): Promise<void> {
  await claims(db).createIndex({ purchaseId: 1 }, { unique: true, name: 'purchase_unique' });
  await claims(db).createIndex({ raffleId: 1, start: -1 }, { name: 'raffle_start' });
}

export function claimId(raffleId: string, start: number): string {
  return `${raffleId}:${start}`;
}

export async function findClaimByPurchase(db: Db, purchaseId: string): Promise<NumberClaim | null> {
  return claims(db).findOne({ purchaseId });
}

export async function findClaimAt(
  db: Db,
  raffleId: string,
  start: number,
): Promise<NumberClaim | null> {
  return claims(db).findOne({ _id: claimId(raffleId, start) });
}

/** The claim holding a position, if that position was sold. */
export async function findClaimCovering(
  db: Db,
  raffleId: string,
  position: number,
): Promise<NumberClaim | null> {
  const claim = await claims(db).findOne(
    { raffleId, start: { $lte: position } },
    { sort: { start: -1 } },
  );
  return claim && position < claim.start + claim.count ? claim : null;
}

/** Inserts a claim; null when its start position or its purchase is already claimed. */
export async function insertClaim(
  db: Db,
  claim: { raffleId: string; start: number; count: number; purchaseId: string },
): Promise<NumberClaim | null> {
  const doc: NumberClaim = {
    _id: claimId(claim.raffleId, claim.start),
    ...claim,
    createdAt: new Date(),
  };
  try {
    await claims(db).insertOne(doc);
    return doc;
  } catch (error) {
    if (isDuplicateKey(error)) return null;
    throw error;
  }
}

export async function deleteAllClaims(db: Db, raffleId: string): Promise<number> {
  const result = await claims(db).deleteMany({ raffleId });
  return result.deletedCount;
}
