// Claims of sale positions: one document per purchase covering positions
// [start, start + count) of a raffle. The `_id` is '<raffleId>:<start>' (two claims can
// never start at the same position) and purchaseId is unique (a purchase claims once).
// allocate.ts builds the chain of claims on these two guarantees.
import { MongoBulkWriteError, type Db } from 'mongodb';
import { isDuplicateKey } from './raffle-numbers';

export interface NumberClaim {
  _id: string;
  raffleId: string;
  start: number;
  count: number;
  purchaseId: string;
  createdAt: Date;
}

/** What a claim says before the store keys and stamps it. */
export type ClaimRequest = Pick<NumberClaim, 'raffleId' | 'start' | 'count' | 'purchaseId'>;

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

function claimDoc(claim: ClaimRequest, createdAt = new Date()): NumberClaim {
  return { _id: claimId(claim.raffleId, claim.start), ...claim, createdAt };
}

/** Inserts a claim; null when its start position or its purchase is already claimed. */
export async function insertClaim(db: Db, claim: ClaimRequest): Promise<NumberClaim | null> {
  const doc = claimDoc(claim);
  try {
    await claims(db).insertOne(doc);
    return doc;
  } catch (error) {
    if (isDuplicateKey(error)) return null;
    throw error;
  }
}

/**
 * Inserts contiguous claims in order and stops at the first one the store refuses (its
 * start or its purchase is claimed already); answers the claims that went in, a prefix
 * of `chain`. Any other failure is thrown.
 */
export async function insertClaimChain(
  db: Db,
  chain: readonly ClaimRequest[],
): Promise<NumberClaim[]> {
  if (chain.length === 0) return [];
  const createdAt = new Date();
  const docs = chain.map((c) => claimDoc(c, createdAt));
  try {
    await claims(db).insertMany(docs, { ordered: true });
    return docs;
  } catch (error) {
    if (!(error instanceof MongoBulkWriteError) || !isDuplicateKey(error)) throw error;
    // An ordered insert stops at its first refusal, so the claims before it went in.
    // Counted low rather than high: a claim taken for missing is found again by
    // allocateNumbers, while one taken for inserted would hand out numbers twice.
    const refused = [error.writeErrors].flat().map((e) => e.index);
    return docs.slice(0, Math.min(error.insertedCount, ...refused));
  }
}

export async function deleteAllClaims(db: Db, raffleId: string): Promise<number> {
  const result = await claims(db).deleteMany({ raffleId });
  return result.deletedCount;
}

/** Every claim of a raffle in position order: the sold list at the close and in the public record. */
export async function listClaims(db: Db, raffleId: string): Promise<NumberClaim[]> {
  return claims(db)
    .find({ raffleId }, { sort: { start: 1 } })
    .toArray();
}
