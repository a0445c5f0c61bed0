// The purchases collection as the numbers worker and the purchase read side see it:
// recording a purchase's numbers once, counting it as sold once, and the reads that
// staff, buyers and the confirmation page make. The order and payment transitions of
// the same documents live in db/purchases.ts.
import { randomUUID } from 'node:crypto';
import { ORDER_STATE_WORDS, orderStateOf, PURCHASES_PAGE_MAX } from '@vag/contracts';
import type { AnyBulkWriteOperation, Db, Filter, Sort } from 'mongodb';
import { pageAcrossRaffles } from './across-raffles';
import { raffleKeys, raffleOf, type RaffleKey } from './by-raffle';
import { batchedPerDb, groupCommit } from './group-commit';

export interface PurchaseRecord {
  _id: string;
  raffleId?: string;
  createdAt: Date;
  updatedAt?: Date;
  buyer: {
    firstName: string;
    lastName: string;
    email: string;
    phone?: string;
    country?: string;
    address?: string;
    city?: string;
    province?: string;
    document?: string;
  };
  resellerCode?: string | null;
  quantity: number;
  unitPrice?: number;
  totalPrice: number;
  paymentMethod: string;
  status: string;
  packageId?: string | null;
  packageData?: { name: string; quantity?: number; price?: number } | null;
  packageType?: string;
  assignedNumbers?: string[];
  numbersAssignedAt?: Date;
  /** Set with its numbers: from then on the reconciler counts its quantity as sold. */
  soldCountedAt?: Date;
  instantPrizesWon?: Array<{ number: string; amount: number }>;
  /** Pick mode: the numbers worker's batch that recorded its numbers (recordChosenNumbersCounted). */
  soldCountedBy?: string;
  /** Why a paid purchase has no numbers (an I2 breach upstream), for admins. */
  numbersProblem?: { problem: string; at: Date };
  [key: string]: unknown;
}

function purchases(db: Db) {
  return db.collection<PurchaseRecord>('purchases');
}

export async function ensurePurchaseNumbersIndexes(db: Db): Promise<void> {
  await purchases(db).createIndex(
    { 'buyer.email': 1, createdAt: -1 },
    { name: 'buyer_email_created' },
  );
  // Historial de compras of one raffle searches that raffle's purchases (DESIGN, "Reading a year").
  await purchases(db).createIndex({ raffleId: 1, createdAt: -1 }, { name: 'raffle_created' });
  // A personal-data export or deletion asks whether another buyer typed the same phone or
  // cédula (privacy/places.ts): an equality each. Every order writes both fields (an
  // anonymized one holds ''), so the store's search of these dotted paths does not return
  // purchases without them (DESIGN, "Reading a year").
  await purchases(db).createIndex({ 'buyer.phone': 1 }, { name: 'buyer_phone' });
  await purchases(db).createIndex({ 'buyer.document': 1 }, { name: 'buyer_document' });
}

// ── Numbers worker ──────────────────────────────────────────────────────────────

/** What the numbers worker decides on: whether the purchase is paid, for how many numbers. */
export type PurchaseToNumber = Pick<PurchaseRecord, '_id' | 'status' | 'quantity' | 'raffleId'> & {
  /** Pick-mode raffles: the numbers the buyer chose (purchases.ts). */
  pickedNumbers?: string[];
};

/**
 * Purchases one read may ask for: the store searches the _id index for an $in list up to
 * this long (infra/ferretdb index_pushdown.go, maxInValues) and scans beyond it.
 */
const MAX_READ = 100;

/**
 * The purchase a paid event names, read with the others the numbers worker asks for
 * while one read is in flight (group-commit.ts): in a sale its handlers run side by side,
 * and one `$in` read serves them all.
 */
export const findPurchaseToNumber: (db: Db, id: string) => Promise<PurchaseToNumber | null> =
  batchedPerDb<string, PurchaseToNumber | null>(async (db, batch) => {
    // Only these fields cross the wire: the buyer, the order's payment and notifications
    // stay in the store.
    const found = await purchases(db)
      .find<PurchaseToNumber>(
        { _id: { $in: [...new Set(batch.map((p) => p.item))] } },
        { projection: { status: 1, quantity: 1, raffleId: 1, pickedNumbers: 1 } },
      )
      .toArray();
    const byId = new Map(found.map((purchase) => [purchase._id, purchase]));
    for (const p of batch) p.resolve(byId.get(p.item) ?? null);
  }, MAX_READ);

interface NumbersRecord {
  purchaseId: string;
  numbers: readonly string[];
}

/**
 * Records the purchase's numbers with the mark that its quantity counts as sold (the
 * reconciler's rule, db/purchases.ts): the allocation's cursor move has just moved it on
 * the raffle's counters (raffle-numbers.ts advanceCursor). Once: a redelivery changes
 * nothing. The records asked for while one command is in flight go together in the next
 * (group-commit.ts), each still its own conditional update.
 */
export function recordNumbersCountedAsSold(
  db: Db,
  purchaseId: string,
  numbers: readonly string[],
): Promise<void> {
  return recordGrouped(db, { purchaseId, numbers });
}

/**
 * The one write that records a purchase's numbers and counts it as sold, once: a purchase
 * already counted is left as it is. The paid event arrived, so its outbox entry has done its
 * work (purchases.ts, PurchaseOutbox); gone, it no longer weighs on the purchase's later
 * writes, and its marker goes with it (PurchaseMarkers). `countedBy` names the batch on the
 * purchases it marks, for pick mode's read of which were its own.
 */
function recordNumbersOnce(
  { purchaseId, numbers }: NumbersRecord,
  now: Date,
  countedBy?: string,
): AnyBulkWriteOperation<PurchaseRecord> {
  return {
    updateOne: {
      filter: { _id: purchaseId, soldCountedAt: { $exists: false } },
      update: {
        $set: {
          assignedNumbers: [...numbers],
          numbersAssignedAt: now,
          soldCountedAt: now,
          ...(countedBy ? { soldCountedBy: countedBy } : {}),
          updatedAt: now,
        },
        $unset: { 'outbox.purchase_paid': '', numbersDue: '' },
      },
    },
  };
}

const recordGrouped = groupCommit<NumbersRecord>(async (db, records) => {
  const now = new Date();
  await purchases(db).bulkWrite(
    records.map((record) => recordNumbersOnce(record, now)),
    // One record the store refuses does not hold back the others; the batch's callers
    // are rejected all the same and the bus redelivers them (the updates are conditional).
    { ordered: false },
  );
});

/**
 * Pick mode: records the purchase's chosen numbers with the mark that it counts as sold,
 * and answers whether this call wrote it (only that call moves the raffle's counters,
 * number-picks/assign-picked.ts). The records asked for while one command is in flight go
 * together in the next, each its own conditional update: when the store modified every one
 * (the usual case) each was first; otherwise one read of the purchases the batch marked
 * says which (a redelivery's purchase was recorded before, and writes nothing).
 */
export function recordChosenNumbersCounted(
  db: Db,
  purchaseId: string,
  numbers: readonly string[],
): Promise<boolean> {
  return recordChosenGrouped(db, { purchaseId, numbers });
}

const recordChosenGrouped = batchedPerDb<NumbersRecord, boolean>(async (db, batch) => {
  const now = new Date();
  // Names this batch on the purchases it marks, for the read when some were not its own.
  const countedBy = randomUUID();
  let failure: unknown = null;
  let allWritten = false;
  try {
    const written = await purchases(db).bulkWrite(
      batch.map(({ item }) => recordNumbersOnce(item, now, countedBy)),
      { ordered: false },
    );
    allWritten = written.modifiedCount === batch.length;
  } catch (error) {
    // Some may have been written all the same: those are counted, the rest redelivered.
    failure = error;
  }
  const ids = [...new Set(batch.map((p) => p.item.purchaseId))];
  const mine =
    allWritten && ids.length === batch.length ? new Set(ids) : await countedIn(db, ids, countedBy);
  for (const p of batch) {
    // The same purchase twice in one batch (two deliveries at once): the first one counts.
    const first = mine.delete(p.item.purchaseId);
    if (!first && failure) p.reject(failure);
    else p.resolve(first);
  }
}, MAX_READ);

/** The purchases of `ids` a batch marked as its own. */
async function countedIn(db: Db, ids: string[], countedBy: string): Promise<Set<string>> {
  const found = await purchases(db)
    .find({ _id: { $in: ids }, soldCountedBy: countedBy }, { projection: { _id: 1 } })
    .toArray();
  return new Set(found.map((p) => p._id));
}

/**
 * Leaves a paid purchase that could not get numbers visible to admins (I5) instead of
 * retrying for ever: more attempts cannot create positions that do not exist.
 */
export async function recordNumbersProblem(
  db: Db,
  purchaseId: string,
  problem: string,
): Promise<void> {
  await purchases(db).updateOne(
    { _id: purchaseId },
    // Flagged for staff: the reconciler no longer watches it (purchases.ts, waitingForNumbers).
    { $set: { numbersProblem: { problem, at: new Date() } }, $unset: { numbersDue: '' } },
  );
}

export async function recordInstantPrizesWon(
  db: Db,
  purchaseId: string,
  won: ReadonlyArray<{ number: string; amount: number }>,
): Promise<void> {
  await purchases(db).updateOne({ _id: purchaseId }, { $set: { instantPrizesWon: [...won] } });
}

// ── Read side ───────────────────────────────────────────────────────────────────

export interface PurchaseListFilter {
  /** One raffle's purchases; every raffle's when absent. */
  raffleId?: string;
  /** A reseller sees only purchases carrying their code. */
  resellerCode?: string;
  paymentMethod?: string;
  status?: string;
  /** Pending transfers whose receipt waits for staff ('En revisión'). */
  inReview?: boolean;
  /** react-admin's getMany asks for records by id. */
  ids?: string[];
  /** Free search: buyer e-mail (part of it), reseller code, or the purchases holding a number (one per raffle). */
  search?: { text: string; holderPurchaseIds: string[] };
}

const SORTABLE = new Set([
  'createdAt',
  'totalPrice',
  'quantity',
  'status',
  'paymentMethod',
  'resellerCode',
  'buyer.email',
]);

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The list's filter, its raffle by the key raffleKeys gives for it. */
function listQuery(
  filter: Omit<PurchaseListFilter, 'raffleId'> & { raffleId?: RaffleKey },
): Filter<PurchaseRecord> {
  const and: Filter<PurchaseRecord>[] = [];
  if (filter.raffleId !== undefined)
    and.push({ raffleId: filter.raffleId } as Filter<PurchaseRecord>);
  if (filter.resellerCode !== undefined) and.push({ resellerCode: filter.resellerCode });
  if (filter.paymentMethod) and.push({ paymentMethod: filter.paymentMethod });
  if (filter.status) and.push({ status: filter.status });
  if (filter.inReview) and.push({ status: 'PENDING', 'review.state': 'in_review' });
  if (filter.ids) and.push({ _id: { $in: filter.ids } });
  if (filter.search) {
    const { text, holderPurchaseIds } = filter.search;
    const or: Filter<PurchaseRecord>[] = [
      { 'buyer.email': { $regex: escapeRegex(text.toLowerCase()) } },
      { resellerCode: { $regex: `^${escapeRegex(text)}$`, $options: 'i' } },
    ];
    if (holderPurchaseIds.length > 0) or.push({ _id: { $in: holderPurchaseIds } });
    and.push({ $or: or });
  }
  return allOf(and);
}

/**
 * The conditions as one filter document where no field repeats: the store searches an
 * index for an equality among a filter's own fields, never inside an $and (DESIGN,
 * "Reading a year"), so { raffleId, status } finds one raffle's purchases by its index.
 */
function allOf(conditions: Filter<PurchaseRecord>[]): Filter<PurchaseRecord> {
  const merged: Record<string, unknown> = {};
  for (const condition of conditions) {
    for (const [field, value] of Object.entries(condition)) {
      if (field in merged) return { $and: conditions };
      merged[field] = value;
    }
  }
  return merged as Filter<PurchaseRecord>;
}

/**
 * Whether a list must be read raffle by raffle to search an index (DESIGN, "Reading a
 * year"): every raffle's purchases ("todas") for an admin. A reseller's list searches their
 * code's index, a read by ids the _id index, and the open orders (few at any time: the
 * sweeper closes them) the index of their status, whatever the raffle.
 */
const readsEveryRaffle = (filter: PurchaseListFilter) =>
  filter.raffleId === undefined &&
  filter.resellerCode === undefined &&
  filter.ids === undefined &&
  !filter.inReview &&
  filter.status !== 'PENDING';

/** Staff listing: filtered and paged in the store (a sellout means thousands of purchases). */
export async function listPurchases(
  db: Db,
  filter: PurchaseListFilter,
  page: { sort?: { field: string; order: 'ASC' | 'DESC' }; skip?: number; limit?: number } = {},
): Promise<{ items: PurchaseRecord[]; total: number }> {
  const field = page.sort && SORTABLE.has(page.sort.field) ? page.sort.field : 'createdAt';
  const order = page.sort ? (page.sort.order === 'ASC' ? 1 : -1) : -1;
  if (readsEveryRaffle(filter))
    return pageAcrossRaffles(purchases(db), await raffleKeys(db), {
      filterOf: (key) => listQuery({ ...filter, raffleId: key }),
      sort: { field, order },
      idOrder: order,
      skip: page.skip ?? 0,
      limit: page.limit ?? PURCHASES_PAGE_MAX,
      projection: STAFF_PROJECTION,
    });
  // One raffle's read looks its raffle up as raffleKeys does: by an equality, once every
  // older purchase names its raffle (by-raffle.ts).
  const [key] = filter.raffleId === undefined ? [] : await raffleKeys(db, filter.raffleId);
  const query = listQuery({ ...filter, raffleId: key });
  const sort: Sort = field === '_id' ? { _id: order } : { [field]: order, _id: order };
  let cursor = purchases(db).find(query, { projection: STAFF_PROJECTION, sort });
  if (page.skip) cursor = cursor.skip(page.skip);
  if (page.limit !== undefined) cursor = cursor.limit(page.limit);
  const [items, total] = await Promise.all([cursor.toArray(), purchases(db).countDocuments(query)]);
  return { items, total };
}

/** Pipeline bookkeeping that no screen shows. */
const INTERNAL_FIELDS = [
  'outbox',
  'reservation',
  'soldCountedAt',
  'idempotencyKey',
  // The order link's key is the buyer's, not staff's; notices are delivery bookkeeping.
  'accessKey',
  'notices',
] as const;
const STAFF_PROJECTION = Object.fromEntries(INTERNAL_FIELDS.map((f) => [f, 0]));

/** What a buyer may see of their own purchases when looking them up by e-mail. */
export interface BuyerLookupPurchase {
  raffleId: string;
  createdAt: Date;
  status: string;
  quantity: number;
  totalPrice: number;
  paymentMethod: string;
  assignedNumbers: string[];
  packageData: { name: string } | null;
  /** The state in the order page's words ('Comprobante en revisión', …). */
  statusText: string;
}

/** The fields the lookup reads a buyer's state from (typed loosely in PurchaseRecord). */
type BuyerState = Parameters<typeof orderStateOf>[0];

export async function findPurchasesByEmail(
  db: Db,
  email: string,
  now = new Date(),
): Promise<BuyerLookupPurchase[]> {
  const docs = await purchases(db)
    .find(
      { 'buyer.email': email.trim().toLowerCase() },
      {
        projection: {
          raffleId: 1,
          createdAt: 1,
          status: 1,
          quantity: 1,
          totalPrice: 1,
          paymentMethod: 1,
          assignedNumbers: 1,
          'packageData.name': 1,
          review: 1,
          reservation: 1,
          refund: 1,
        },
        sort: { createdAt: -1 },
        limit: 200,
      },
    )
    .toArray();
  return docs.map((d) => ({
    raffleId: raffleOf(d),
    createdAt: d.createdAt,
    status: d.status,
    quantity: d.quantity,
    totalPrice: d.totalPrice,
    paymentMethod: d.paymentMethod,
    assignedNumbers: d.assignedNumbers ?? [],
    packageData: d.packageData?.name !== undefined ? { name: d.packageData.name } : null,
    statusText: ORDER_STATE_WORDS[orderStateOf(d as unknown as BuyerState, now)],
  }));
}

/** What the lookup e-mail says of each order: its code, size, status and its link's key. */
export interface OrderLinkRecord {
  _id: string;
  raffleId?: string;
  orderCode?: string;
  accessKey?: string;
  status: string;
  quantity: number;
  totalPrice: number;
}

/** The newest orders of an e-mail with their links' keys: for the mail to that mailbox only. */
export async function findOrderLinksByEmail(
  db: Db,
  email: string,
  limit: number,
): Promise<OrderLinkRecord[]> {
  return purchases(db)
    .find(
      { 'buyer.email': email.trim().toLowerCase() },
      {
        projection: {
          raffleId: 1,
          orderCode: 1,
          accessKey: 1,
          status: 1,
          quantity: 1,
          totalPrice: 1,
        },
        sort: { createdAt: -1 },
        limit,
      },
    )
    .toArray() as Promise<OrderLinkRecord[]>;
}

/** One purchase by its unguessable id, without pipeline internals (the confirmation page). */
export async function findPurchaseForBuyer(db: Db, id: string): Promise<PurchaseRecord | null> {
  return purchases(db).findOne(
    { _id: id },
    {
      projection: { ...STAFF_PROJECTION, 'buyer.document': 0, notifications: 0, numbersProblem: 0 },
    },
  );
}
