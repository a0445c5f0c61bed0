// BASELINE, not product code: the allocator most raffle systems use, for comparison in
// the benchmark. Every number is a document of a pre-generated pool; a purchase takes
// random free numbers one at a time, each with a conditional update (free → sold) that
// retries on a lost race. Probing random numbers is cheap while the pool is mostly free;
// as it fills, misses pile up, so after a few misses it picks a random free number by
// offset among the free ones (a scan), which always terminates.
import { randomInt } from 'node:crypto';
import type { Db } from 'mongodb';

interface PoolNumber {
  /** The zero-padded number, as buyers see it. */
  _id: string;
  status: 'free' | 'sold';
  purchaseId: string | null;
}

/** Misses in a row before falling back from random probes to a free-number scan. */
const PROBES_BEFORE_SCAN = 8;
const INSERT_BATCH = 2_000;

export function pool(db: Db) {
  return db.collection<PoolNumber>('baseline_numbers');
}

/** Writes the N numbers of the pool, all free (the "generate numbers" step of such systems). */
export async function generatePool(db: Db, total: number): Promise<void> {
  await pool(db).createIndex({ status: 1 });
  for (let start = 0; start < total; start += INSERT_BATCH) {
    const docs: PoolNumber[] = [];
    for (let n = start; n < Math.min(total, start + INSERT_BATCH); n++)
      docs.push({ _id: pad(n, total), status: 'free', purchaseId: null });
    await pool(db).insertMany(docs, { ordered: false });
  }
}

export function pad(n: number, total: number): string {
  return String(n).padStart(String(total - 1).length, '0');
}

export interface PoolAllocation {
  /** Zero-padded. */
  numbers: string[];
  /** Database round trips spent, probes and scans included. */
  roundTrips: number;
}

/**
 * Takes `quantity` random free numbers for a purchase. The caller has reserved the
 * capacity beforehand (like our create-order), so enough free numbers exist.
 */
export async function allocateFromPool(
  db: Db,
  purchaseId: string,
  quantity: number,
  total: number,
): Promise<PoolAllocation> {
  const numbers: string[] = [];
  let roundTrips = 0;
  let misses = 0;
  while (numbers.length < quantity) {
    let candidate: string;
    if (misses < PROBES_BEFORE_SCAN) {
      candidate = pad(randomInt(total), total);
    } else {
      const free = await pool(db).countDocuments({ status: 'free' });
      roundTrips++;
      if (free === 0) throw new Error('baseline pool exhausted: capacity was not reserved');
      const doc = await pool(db).findOne(
        { status: 'free' },
        { skip: randomInt(free), projection: { _id: 1 } },
      );
      roundTrips++;
      if (!doc) continue;
      candidate = doc._id;
    }
    const taken = await pool(db).updateOne(
      { _id: candidate, status: 'free' },
      { $set: { status: 'sold', purchaseId } },
    );
    roundTrips++;
    if (taken.modifiedCount === 1) {
      numbers.push(candidate);
      misses = 0;
    } else {
      misses++;
    }
  }
  return { numbers, roundTrips };
}
