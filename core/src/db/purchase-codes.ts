// Purchases for the bank statement matching: by order code, many at once (a statement
// names thousands), those whose code starts like a code the bank cut short, and by id.
import type { Db } from 'mongodb';
import type { PurchaseDoc } from './purchases';

const purchases = (db: Db) => db.collection<PurchaseDoc>('purchases');
// The store looks up at most 100 values of an $in in the index; a longer list scans the
// whole collection (infra/ferretdb index pushdown, maxInValues).
const CHUNK = 100;
const READERS = 4;

/**
 * The purchases holding these codes, by code. A chunk of codes per query, a few queries
 * at once: the store reads documents on both cores.
 */
export async function ordersByCode(db: Db, codes: string[]): Promise<Map<string, PurchaseDoc>> {
  const found = new Map<string, PurchaseDoc>();
  const chunks: string[][] = [];
  for (let i = 0; i < codes.length; i += CHUNK) chunks.push(codes.slice(i, i + CHUNK));
  let next = 0;
  const reader = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      const docs = await purchases(db)
        .find({ orderCode: { $in: chunk } })
        .toArray();
      for (const doc of docs) if (doc.orderCode) found.set(doc.orderCode, doc);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READERS, chunks.length) }, reader));
  return found;
}

/** A few purchases whose code starts with `prefix` ('VAG-7KQ'), for staff to choose from. */
export async function ordersByCodePrefix(
  db: Db,
  prefix: string,
  limit = 5,
): Promise<PurchaseDoc[]> {
  if (!/^VAG-[2-9A-Z]{1,5}$/.test(prefix)) return [];
  return purchases(db)
    .find({ orderCode: { $regex: `^${prefix}` } })
    .sort({ createdAt: -1 })
    .limit(limit)
    .toArray();
}

/** Purchases by id, many at once (`_id: {$in}` uses the `_id` index). */
export async function purchasesByIds(db: Db, ids: string[]): Promise<PurchaseDoc[]> {
  const found: PurchaseDoc[] = [];
  for (let i = 0; i < ids.length; i += CHUNK)
    found.push(
      ...(await purchases(db)
        .find({ _id: { $in: ids.slice(i, i + CHUNK) } })
        .toArray()),
    );
  return found;
}
