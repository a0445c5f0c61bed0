// Purchases for the bank statement matching: by order code, many at once (a statement
// names thousands), those whose code starts like a code the bank cut short, and by id.
import type { Db } from 'mongodb';
import type { PurchaseDoc } from './purchases';

const purchases = (db: Db) => db.collection<PurchaseDoc>('purchases');
const CHUNK = 1000;

/** The purchases holding these codes, by code (the `order_code` index answers each chunk). */
export async function ordersByCode(db: Db, codes: string[]): Promise<Map<string, PurchaseDoc>> {
  const found = new Map<string, PurchaseDoc>();
  for (let i = 0; i < codes.length; i += CHUNK) {
    const docs = await purchases(db)
      .find({ orderCode: { $in: codes.slice(i, i + CHUNK) } })
      .toArray();
    for (const doc of docs) if (doc.orderCode) found.set(doc.orderCode, doc);
  }
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
