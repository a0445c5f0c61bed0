// The holds ledger: one entry per order, naming who holds how many numbers of which
// raffle until when, under the buyer's keys (e-mail, phone, cédula) and the client's
// address. The purchase limits (limits/purchase-limits.ts) count it. An order's entry is
// written before the order checks its limits, so two orders racing each see the other
// (see `claimWithinLimits`); entries are settled from their purchases only when a count
// comes near a limit, so an honest sale pays one insert and four indexed reads per order.
//
// Each key is also stored in a scalar field of its own (`keyE`, `keyP`, `keyD`), and the
// buyer's entries are found through those: the embedded store searches an index only for
// scalars, so an equality on the `buyerKeys` array reads every entry that has an array
// there, i.e. the whole ledger, and each order cost more as the sale went on (STORE.md,
// index pushdown).
import type { Db } from 'mongodb';

export type HoldState = 'held' | 'paid' | 'released';

export interface HoldEntry {
  /** The purchase's id. */
  _id: string;
  raffleId: string;
  buyerKeys: string[];
  /** The keys of `buyerKeys` by kind (`e:` e-mail, `p:` phone, `d:` cédula), each indexed. */
  keyE?: string;
  keyP?: string;
  keyD?: string;
  address: string;
  quantity: number;
  state: HoldState;
  /** The purchase's reservation end as last known; past it an unpaid hold counts no more. */
  holdUntil: Date;
  createdAt: Date;
}

const holds = (db: Db) => db.collection<HoldEntry>('order_holds');

const KEY_FIELDS = { e: 'keyE', p: 'keyP', d: 'keyD' } as const;
type KeyField = (typeof KEY_FIELDS)[keyof typeof KEY_FIELDS];

function keyField(key: string): KeyField | undefined {
  return KEY_FIELDS[key.slice(0, 1) as keyof typeof KEY_FIELDS];
}

/** The scalar key fields of an entry, from its `buyerKeys`. */
function keyFields(buyerKeys: string[]): Partial<Record<KeyField, string>> {
  const fields: Partial<Record<KeyField, string>> = {};
  for (const key of buyerKeys) {
    const field = keyField(key);
    if (field) fields[field] = key;
  }
  return fields;
}

export async function ensureOrderHoldIndexes(db: Db): Promise<void> {
  for (const field of Object.values(KEY_FIELDS))
    await holds(db).createIndex({ [field]: 1 }, { name: field });
  await holds(db).createIndex({ address: 1 }, { name: 'address' });
  // The index of the keys' list searched nothing (see above) and only cost every write.
  if (await holds(db).indexExists('buyer_keys')) await holds(db).dropIndex('buyer_keys');
  await addKeyFields(db);
}

/** Entries written before the scalar key fields get them, once (an idempotent start-up step). */
async function addKeyFields(db: Db): Promise<void> {
  const older = holds(db).find({ keyE: { $exists: false } }, { projection: { buyerKeys: 1 } });
  for await (const entry of older)
    await holds(db).updateOne({ _id: entry._id }, { $set: keyFields(entry.buyerKeys) });
}

export async function insertHold(db: Db, entry: HoldEntry): Promise<void> {
  await holds(db).insertOne({ ...entry, ...keyFields(entry.buyerKeys) });
}

/** The entries of `keys` in `raffleId` that still count towards a buyer's numbers. */
export async function buyerHolds(db: Db, raffleId: string, keys: string[]): Promise<HoldEntry[]> {
  const lookups = keys.flatMap((key) => {
    const field = keyField(key);
    return field
      ? [
          holds(db)
            .find({ [field]: key, state: { $ne: 'released' } })
            .toArray(),
        ]
      : [];
  });
  const found = new Map<string, HoldEntry>();
  for (const entry of (await Promise.all(lookups)).flat()) found.set(entry._id, entry);
  return [...found.values()].filter((h) => h.raffleId === raffleId);
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
