// The order and payment side of the `purchases` collection: creating a pending order,
// its provider references, and the one-way status transitions of the pipeline
// (PENDING → COMPLETED | EXPIRED, EXPIRED → COMPLETED | REFUND_REQUIRED). Each transition
// is one conditional single-document update that matches nothing the second time, so
// replays and races between confirmation paths confirm a purchase once. The numbers
// and read side of the same documents live in db/purchase-numbers.ts.
import type {
  NotificationChannel,
  PaymentMethod,
  PurchaseExpiredEvent,
  PurchaseNoticeEvent,
  PurchasePaidEvent,
  PurchaseRefundRequiredEvent,
  MessageChannel,
  PurchaseConsent,
  PurchaseStatus,
} from '@vag/contracts';
import type { Db, Filter } from 'mongodb';
import type { ChannelState } from './notifications';
import { isDuplicateKey } from './raffle-numbers';
import type { ShortPaymentDoc } from './short-payments';
import { paidFromTotals, totalsReady } from './report-totals';

export interface PurchaseBuyerDoc {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  country: string;
  address: string;
  city: string;
  province: string;
  document?: string;
}

export interface OutboxEntry<E> {
  event: E;
  createdAt: Date;
  publishedAt: Date | null;
}

/**
 * Outbox entries by event type, one per transition out of PENDING (a new order publishes
 * no event: the reports read open orders from the purchases). Keys may not contain '.', so
 * 'purchase.paid' is stored under `purchase_paid` (see OUTBOX_KEYS).
 *
 * `purchase_paid` is never marked published: the numbers worker removes it with the
 * write that records the numbers, the proof that it arrived (purchase-numbers.ts). Until
 * then the reconciler tells a lost one from a queued one (pipeline/reconciler.ts).
 */
export interface PurchaseOutbox {
  purchase_paid?: OutboxEntry<PurchasePaidEvent>;
  purchase_expired?: OutboxEntry<PurchaseExpiredEvent>;
  purchase_refund_required?: OutboxEntry<PurchaseRefundRequiredEvent>;
  /** The latest message for the buyer of an unpaid order (see order-review.ts). */
  purchase_notice?: OutboxEntry<PurchaseNoticeEvent>;
}

export type OutboxKey = keyof PurchaseOutbox;

/** The events that travel through the outbox. */
export type OutboxEvent =
  PurchasePaidEvent | PurchaseExpiredEvent | PurchaseRefundRequiredEvent | PurchaseNoticeEvent;

export const OUTBOX_KEYS = {
  'purchase.paid': 'purchase_paid',
  'purchase.expired': 'purchase_expired',
  'purchase.refund_required': 'purchase_refund_required',
  'purchase.notice': 'purchase_notice',
} as const satisfies Record<OutboxEvent['type'], OutboxKey>;

/**
 * A new, unpublished outbox entry for the event, keyed by its type, with the work marker
 * of whoever takes it out (PurchaseMarkers): the relay, or for `purchase.paid` the numbers
 * worker (and the reconciler watching for a lost one).
 */
export function outboxField(
  event: OutboxEvent,
  at: Date,
): Record<string, OutboxEntry<OutboxEvent> | true> {
  const key = OUTBOX_KEYS[event.type];
  const marker = markedWhenPublished(key) ? 'relayDue' : 'numbersDue';
  return {
    [`outbox.${key}`]: { event, createdAt: at, publishedAt: null },
    [marker]: true,
    ...(endsAnOrder(key) ? { factDue: true as const } : {}),
  };
}

/** The entries of the transitions that end an order: each calls for its report fact. */
const endsAnOrder = (key: OutboxKey) => key !== 'purchase_notice';

/**
 * Work markers (DESIGN, "Queries on a year of data"). A job that repeats finds its work by
 * an equality on one of these, each the first field of an index, never by a range or an
 * `$exists` over every purchase: the store searches an index only for an equality on its
 * first field (docs/STORE.md), and a year of sales must not be read on every pass. Each is
 * set by the write that creates the work and unset by the write that finishes it; they are
 * top-level, since the store's search for a dotted path also returns every document the
 * path is missing from. upgradeQueryMarkers (db/query-markers.ts) sets them on older data.
 */
export interface PurchaseMarkers {
  /** An outbox entry the relay marks published is waiting (not `purchase_paid`). */
  relayDue?: true;
  /** `purchase_paid` waits for the numbers worker (the reconciler's watch). */
  numbersDue?: true;
  /** An unpaid transfer lists receipt files (the receipt clean-up's work list). */
  receiptsHeld?: true;
  /** A channel failed after its retries (the automatic re-send's work list). */
  notifyRetry?: true;
  /** A PayPhone sale still within the day PayPhone may reverse it in. */
  mobileRecheck?: true;
  /**
   * The order ended (paid, expired, refund required) since the reports' last catch-up
   * looked: the catch-up checks its fact and unsets it (db/report-facts.ts).
   */
  factDue?: true;
}

export const PURCHASE_MARKERS = [
  'relayDue',
  'numbersDue',
  'receiptsHeld',
  'notifyRetry',
  'mobileRecheck',
  'factDue',
] as const satisfies ReadonlyArray<keyof PurchaseMarkers>;

/** The provider's reference a callback names the purchase by, top-level for its index. */
export function paymentRefOf(doc: Pick<PurchaseDoc, 'paypal' | 'card'>): string | undefined {
  if (doc.paypal?.orderId) return `paypal:${doc.paypal.orderId}`;
  if (doc.card?.sessionId) return `stripe:${doc.card.sessionId}`;
  return undefined;
}

export interface PurchaseDoc extends PurchaseMarkers {
  _id: string;
  raffleId: string;
  createdAt: Date;
  updatedAt: Date;
  buyer: PurchaseBuyerDoc;
  resellerCode: string | null;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  paymentMethod: PaymentMethod;
  status: PurchaseStatus;
  packageId: string | null;
  packageData: { name: string; quantity: number; price: number };
  packageType: 'normal' | 'custom';
  /** firstHold: a transfer on its short first hold, until its first receipt (purchase-limits). */
  reservation: { active: boolean; expiresAt: Date; firstHold?: boolean };
  /** When the PayPal follow-up asked PayPal about this unpaid order (once). */
  paypalFollowedUpAt?: Date;
  paidAt?: Date;
  assignedNumbers: string[];
  /** Pick-mode raffles: the numbers the buyer chose, held with the order (db/number-holds.ts). */
  pickedNumbers?: string[];
  numbersAssignedAt?: Date;
  soldCountedAt?: Date;
  instantPrizesWon?: Array<{ number: string; amount: number }>;
  paypal?: {
    orderId: string;
    status: string;
    amount?: number;
    currency?: string;
    captureId?: string;
    completedAt?: Date | null;
  };
  card?: {
    sessionId: string;
    status: string;
    completedAt?: Date | null;
    paymentIntentId?: string | null;
    amountTotal?: number;
  };
  mobile?: {
    transactionId: number | null;
    clientTransactionId: string;
    status: string;
    cardBrand?: string | null;
    last4?: string | null;
    authorizationCode?: string | null;
    payUrl?: string;
    completedAt?: Date | null;
    /** Last time the sale was looked up again at PayPhone (reversals). */
    checkedAt?: Date;
  };
  bankTransfer?: {
    received: boolean;
    bankName?: string | null;
    referenceCode?: string | null;
    confirmedAt?: Date | null;
    confirmedBy?: string | null;
    /** The bank statement line that paid it (bank-statements/), so a re-import knows its own work. */
    statementLineId?: string | null;
  };
  /** The money went back (refunds/refund-purchase.ts): the numbers stay, marked refunded. */
  refund?: { at: Date; amount: number; method: PaymentMethod };
  /** Bank lines that paid part of this transfer order (db/short-payments.ts). */
  shortPayment?: ShortPaymentDoc;
  /** `paypal:<order id>` or `stripe:<session id>`: what provider callbacks look it up by. */
  paymentRef?: string;
  /** Short human code, also the transfer concept (unique by the `order_code` index). */
  orderCode?: string;
  /** Unguessable key of the order link: public reads of the purchase need it. */
  accessKey?: string;
  /** Transfer receipts uploaded by the buyer, oldest first (files in `receipts`). */
  receipts?: ReceiptMeta[];
  /** Receipts whose files were deleted (older than the latest few, or of an order that ended unpaid). */
  removedReceipts?: Array<ReceiptMeta & { removedAt: Date }>;
  /** Where staff's review of the latest receipt stands (a PENDING transfer only). */
  review?: { state: 'in_review' | 'rejected'; at: Date; reason?: string; by?: string };
  /** Every confirmation and rejection: who and when. */
  reviewLog?: Array<{ action: 'confirmed' | 'rejected'; by: string; at: Date; reason?: string }>;
  /** When the reminder before the hold's end was queued. */
  reminderQueuedAt?: Date;
  outbox?: PurchaseOutbox;
  notifications?: Partial<Record<NotificationChannel, ChannelState>>;
  /** What the buyer accepted (absent on purchases made before consent was recorded). */
  consent?: PurchaseConsentDoc;
  /** WhatsApp or SMS for the numbers, with the WhatsApp opt-in as shown (absent: SMS). */
  messaging?: PurchaseMessagingDoc;
  /** Why an order never reached the buyer's payment page (provider failure), or why it needs a refund. */
  failure?: {
    reason:
      | 'provider_error'
      | 'late_payment_sold_out'
      | 'numbers_exhausted'
      | 'amount_mismatch'
      | 'payment_reversed';
    message: string;
    at: Date;
  };
}

export type PurchaseConsentDoc = Omit<PurchaseConsent, 'acceptedAt'> & { acceptedAt: Date };

export interface PurchaseMessagingDoc {
  channel: MessageChannel;
  optIn: { text: string; at: Date } | null;
}

export interface ReceiptMeta {
  id: string;
  contentType: 'image/jpeg' | 'image/png' | 'application/pdf';
  size: number;
  uploadedAt: Date;
}

export type ProviderBlock = Pick<PurchaseDoc, 'paypal' | 'card' | 'mobile' | 'bankTransfer'>;

const purchases = (db: Db) => db.collection<PurchaseDoc>('purchases');
/** References that must point at one purchase only (a PayPhone transaction, an order code). */
const paymentRefs = (db: Db) =>
  db.collection<{ _id: string; purchaseId: string; createdAt: Date }>('payment_refs');

export async function ensurePurchaseIndexes(db: Db): Promise<void> {
  await purchases(db).createIndex(
    { status: 1, 'reservation.expiresAt': 1 },
    { name: 'status_reservation_expiry' },
  );
  // Resellers' purchase lists always filter by their code, newest first.
  await purchases(db).createIndex({ resellerCode: 1, createdAt: -1 });
  // Provider callbacks name the order by the provider's own reference (top-level: the
  // store's search of a dotted path returns every purchase without it, see PurchaseMarkers).
  await purchases(db).createIndex({ paymentRef: 1 }, { name: 'payment_ref' });
  // Per-raffle sums read that raffle's purchases only (the reconciler, DESIGN I3).
  await purchases(db).createIndex({ raffleId: 1, status: 1 }, { name: 'raffle_status' });
  for (const marker of PURCHASE_MARKERS) await purchases(db).createIndex({ [marker]: 1 });
  // One purchase per code. Sparse, so that MongoDB lets purchases without a code be (the
  // store, which ignores the option, lets them be too: SQLite's unique indexes skip a
  // missing field).
  await purchases(db).createIndex(
    { orderCode: 1 },
    { name: 'order_code', unique: true, sparse: true },
  );
}

export async function insertPurchase(db: Db, doc: PurchaseDoc): Promise<void> {
  await purchases(db).insertOne(withMarkers(doc));
}

/** The document with the markers and reference its fields call for (PurchaseMarkers). */
export function withMarkers(doc: PurchaseDoc): PurchaseDoc {
  const marked = { ...doc };
  const ref = paymentRefOf(doc);
  if (ref) marked.paymentRef = ref;
  for (const [key, entry] of Object.entries(doc.outbox ?? {}) as Array<
    [OutboxKey, OutboxEntry<OutboxEvent> | undefined]
  >) {
    if (!entry?.event) continue;
    if (endsAnOrder(key)) marked.factDue = true;
    if (!markedWhenPublished(key)) marked.numbersDue = true;
    else if (entry.publishedAt === null) marked.relayDue = true;
  }
  return marked;
}

/**
 * Inserts a new order's purchase; false when its order code is another purchase's. Its
 * `_id` is a fresh UUID, so the order code's is the one unique key it can collide on.
 */
export async function insertPurchaseWithCode(db: Db, doc: PurchaseDoc): Promise<boolean> {
  try {
    await purchases(db).insertOne(withMarkers(doc));
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

export async function getPurchase(db: Db, id: string): Promise<PurchaseDoc | null> {
  return purchases(db).findOne({ _id: id });
}

// Provider callbacks name an order by the provider's reference. PayPal's order and
// Stripe's session are created for one purchase and written on it before the buyer sees
// the provider's page, so an index on the purchase finds them (the store searches indexed
// fields, infra/ferretdb/patches.json), and so does the order code's unique index. PayPhone's
// reference is chosen by us before the purchase is written and must point at one purchase
// only: a payment_refs key holds it.
export const payphoneClientRef = (clientTransactionId: string) =>
  `payphone-client:${clientTransactionId}`;

export function findPurchaseByPaypalOrder(db: Db, orderId: string): Promise<PurchaseDoc | null> {
  return purchases(db).findOne({ paymentRef: `paypal:${orderId}` });
}

/** The order of a code (VAG-…): the SMS's short link names it so. */
export function findPurchaseByOrderCode(db: Db, code: string): Promise<PurchaseDoc | null> {
  return purchases(db).findOne({ orderCode: code });
}

export function findPurchaseByStripeSession(
  db: Db,
  sessionId: string,
): Promise<PurchaseDoc | null> {
  return purchases(db).findOne({ paymentRef: `stripe:${sessionId}` });
}

export function findPurchaseByClientTransaction(
  db: Db,
  clientTransactionId: string,
): Promise<PurchaseDoc | null> {
  return findPurchaseByRef(db, payphoneClientRef(clientTransactionId));
}

async function findPurchaseByRef(db: Db, ref: string): Promise<PurchaseDoc | null> {
  const owner = await paymentRefs(db).findOne({ _id: ref });
  return owner ? getPurchase(db, owner.purchaseId) : null;
}

/**
 * Binds a provider reference to one purchase for good (a unique key). Answers the
 * purchase that owns it: `purchaseId` itself, or another one that took it first.
 */
export async function claimPaymentRef(db: Db, ref: string, purchaseId: string): Promise<string> {
  try {
    await paymentRefs(db).insertOne({ _id: ref, purchaseId, createdAt: new Date() });
    return purchaseId;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const owner = await paymentRefs(db).findOne({ _id: ref });
    return owner?.purchaseId ?? purchaseId;
  }
}

/**
 * Ends a pending order whose reservation should go back: the sweeper's expiry, or an
 * order whose provider call failed (then `failure` says why, for staff). True only for
 * the one call that ended it: that caller gives the capacity back.
 */
export async function endPendingReservation(
  db: Db,
  id: string,
  event: PurchaseExpiredEvent,
  options: { expiredBefore?: Date; failure?: PurchaseDoc['failure'] } = {},
): Promise<PurchaseDoc | null> {
  const filter: Filter<PurchaseDoc> = { _id: id, status: 'PENDING', 'reservation.active': true };
  if (options.expiredBefore) filter['reservation.expiresAt'] = { $lte: options.expiredBefore };
  const now = new Date();
  const set: Partial<PurchaseDoc> & Record<string, unknown> = {
    status: 'EXPIRED',
    'reservation.active': false,
    updatedAt: now,
    ...outboxField(event, now),
  };
  if (options.failure) set.failure = options.failure;
  return purchases(db).findOneAndUpdate(filter, { $set: set }, { returnDocument: 'after' });
}

/** The fields every event of a purchase's life carries (see purchaseEvent). */
export type PurchaseSale = Pick<
  PurchaseDoc,
  | '_id'
  | 'raffleId'
  | 'quantity'
  | 'paymentMethod'
  | 'totalPrice'
  | 'resellerCode'
  | 'packageType'
  | 'createdAt'
> & { buyer: Pick<PurchaseBuyerDoc, 'firstName' | 'lastName' | 'email'> };

const SALE_PROJECTION = {
  raffleId: 1,
  quantity: 1,
  paymentMethod: 1,
  totalPrice: 1,
  resellerCode: 1,
  packageType: 1,
  createdAt: 1,
  'buyer.firstName': 1,
  'buyer.lastName': 1,
  'buyer.email': 1,
} as const;

/** Pending orders whose reservation is past its expiry (the sweeper's work list). */
export async function findExpiredReservations(
  db: Db,
  now: Date,
  limit: number,
): Promise<PurchaseSale[]> {
  return purchases(db)
    .find(
      { status: 'PENDING', 'reservation.expiresAt': { $lte: now }, 'reservation.active': true },
      { projection: SALE_PROJECTION, limit },
    )
    .toArray();
}

/**
 * A staff member's confirmation of a transfer, logged by the write that makes the
 * transition (its review log entry, and any pending review ends); nothing for a provider's.
 * Either way a paid or refunded transfer keeps its receipts: the receipt clean-up's marker goes.
 */
function staffConfirmation(confirmedBy: string | undefined, at: Date) {
  const unset = { receiptsHeld: '' as const };
  return confirmedBy
    ? {
        $push: { reviewLog: { action: 'confirmed' as const, by: confirmedBy, at } },
        $unset: { ...unset, review: '' as const },
      }
    : { $unset: unset };
}

/** A payment's transition to COMPLETED: the provider's block and the `purchase.paid` entry. */
export interface Completion {
  id: string;
  block: ProviderBlock;
  event: PurchasePaidEvent;
  paidAt: Date;
  confirmedBy?: string;
}

/**
 * The payment transition: `from` (PENDING, or EXPIRED after a late payment re-reserved
 * capacity) → COMPLETED, with the provider's block and the `purchase.paid` outbox entry
 * in the same write (and, for a staff member's confirmation, its review log entry). Null
 * when the purchase was not in `from` (already confirmed, expired meanwhile, …): the
 * caller reads the purchase again and decides.
 */
export async function completePurchase(
  db: Db,
  { from, ...paid }: Completion & { from: 'PENDING' | 'EXPIRED' },
): Promise<PurchaseDoc | null> {
  return purchases(db).findOneAndUpdate({ _id: paid.id, status: from }, completion(paid), {
    returnDocument: 'after',
  });
}

function completion({ block, event, paidAt, confirmedBy }: Completion) {
  return {
    $set: {
      ...block,
      status: 'COMPLETED' as const,
      paidAt,
      updatedAt: paidAt,
      'reservation.active': false,
      ...outboxField(event, paidAt),
      // PayPhone may reverse it within the day (api/src/payments/payphone-reversals.ts).
      ...(block.mobile ? { mobileRecheck: true as const } : {}),
    },
    ...staffConfirmation(confirmedBy, paidAt),
  };
}

/**
 * completePurchase for many PENDING purchases in one command (a bank statement pays
 * thousands): each update is the same conditional transition, so a purchase another path
 * moved on is left as it is. Answers how many it moved; when not all, the caller reads the
 * purchases again to see which.
 */
export async function completePendingPurchases(
  db: Db,
  completions: readonly Completion[],
): Promise<number> {
  if (completions.length === 0) return 0;
  const result = await purchases(db).bulkWrite(
    completions.map((c) => ({
      updateOne: {
        filter: { _id: c.id, status: 'PENDING' as const },
        update: completion(c),
      },
    })),
    { ordered: false },
  );
  return result.modifiedCount;
}

/** A payment arrived after expiry and no numbers remain: staff must refund it. */
export async function markRefundRequired(
  db: Db,
  {
    id,
    block,
    event,
    message,
    confirmedBy,
  }: {
    id: string;
    block: ProviderBlock;
    event: PurchaseRefundRequiredEvent;
    message: string;
    confirmedBy?: string;
  },
): Promise<PurchaseDoc | null> {
  const now = new Date(event.data.paidAt);
  return purchases(db).findOneAndUpdate(
    { _id: id, status: 'EXPIRED' },
    {
      $set: {
        ...block,
        status: 'REFUND_REQUIRED',
        paidAt: now,
        updatedAt: now,
        failure: { reason: 'late_payment_sold_out', message, at: now },
        ...outboxField(event, now),
      },
      ...staffConfirmation(confirmedBy, now),
    },
    { returnDocument: 'after' },
  );
}

/**
 * A paid purchase for which no numbers are left (the numbers worker found none): COMPLETED
 * → REFUND_REQUIRED, its refund event in the same write. Only while it holds no numbers
 * (never counted as sold); its `purchase.paid` entry goes, since re-sending it cannot help.
 */
export async function markPaidRefundRequired(
  db: Db,
  { id, event, message }: { id: string; event: PurchaseRefundRequiredEvent; message: string },
): Promise<PurchaseDoc | null> {
  const now = new Date();
  return purchases(db).findOneAndUpdate(
    { _id: id, status: 'COMPLETED', soldCountedAt: { $exists: false } },
    {
      $set: {
        status: 'REFUND_REQUIRED',
        updatedAt: now,
        failure: { reason: 'numbers_exhausted', message, at: now },
        ...outboxField(event, now),
      },
      $unset: { 'outbox.purchase_paid': '', numbersDue: '' },
    },
    { returnDocument: 'after' },
  );
}

/**
 * Orders still waiting for their payment, with what the reports show of them: the reports
 * read these live (an open order is not a sale, so it has no fact; see report-facts.ts).
 */
export async function findOpenOrders(db: Db, filter: Filter<PurchaseDoc>): Promise<PurchaseSale[]> {
  return (
    purchases(db)
      // status first: the store searches the open orders (few), not the raffle's every sale.
      .find({ status: 'PENDING', ...filter }, { projection: SALE_PROJECTION })
      .toArray()
  );
}

/** Every purchase with what the reports project of it (the reports worker's catch-up). */
export async function findAllSales(
  db: Db,
): Promise<Array<PurchaseSale & Pick<PurchaseDoc, 'status' | 'paidAt'>>> {
  return purchases(db)
    .find({}, { projection: { ...SALE_PROJECTION, status: 1, paidAt: 1 } })
    .toArray();
}

/** Purchases whose order ended since the reports' catch-up last looked (their marker). */
export async function findFactsDue(
  db: Db,
  limit: number,
): Promise<Array<PurchaseSale & Pick<PurchaseDoc, 'status' | 'paidAt'>>> {
  return purchases(db)
    .find({ factDue: true }, { projection: { ...SALE_PROJECTION, status: 1, paidAt: 1 }, limit })
    .toArray();
}

/** The catch-up looked at these: unmarked unless their status moved on since (a new end). */
export async function unmarkFactsDue(
  db: Db,
  seen: ReadonlyArray<Pick<PurchaseDoc, '_id' | 'status'>>,
): Promise<void> {
  if (seen.length === 0) return;
  await purchases(db).bulkWrite(
    seen.map((p) => ({
      updateOne: { filter: { _id: p._id, status: p.status }, update: { $unset: { factDue: '' } } },
    })),
    { ordered: false },
  );
}

/** Every purchase's status (the reports' catch-up: which facts are missing or behind). */
export async function findPurchaseStatuses(
  db: Db,
): Promise<Array<Pick<PurchaseDoc, '_id' | 'status'>>> {
  return purchases(db)
    .find({}, { projection: { status: 1 } })
    .toArray();
}

/** Some purchases by id, with what the reports project of them (at most 100: one index search). */
export async function findSalesByIds(
  db: Db,
  ids: readonly string[],
): Promise<Array<PurchaseSale & Pick<PurchaseDoc, 'status' | 'paidAt'>>> {
  if (ids.length === 0) return [];
  return purchases(db)
    .find({ _id: { $in: [...ids] } }, { projection: { ...SALE_PROJECTION, status: 1, paidAt: 1 } })
    .toArray();
}

// ── Outbox ─────────────────────────────────────────────────────────────────────

const OUTBOX_ENTRY_KEYS = Object.values(OUTBOX_KEYS);
/** Whether the relay marks this entry published once it went out (see PurchaseOutbox). */
export const markedWhenPublished = (key: OutboxKey): boolean => key !== 'purchase_paid';
/** The entries the relay marks published once sent (all but purchase_paid). */
const MARKED_KEYS = OUTBOX_ENTRY_KEYS.filter(markedWhenPublished);

/** What the relay reads of a purchase: its outbox and its marker. */
export type RelayedOutbox = Pick<PurchaseDoc, '_id' | 'outbox' | 'relayDue'>;

/** Purchases with an entry the relay has yet to publish (purchase_paid aside): its marker. */
export async function findUnpublished(db: Db, limit: number): Promise<RelayedOutbox[]> {
  return purchases(db)
    .find({ relayDue: true }, { projection: { outbox: 1, relayDue: 1 }, limit })
    .toArray();
}

/** The purchase's outbox (a lookup by `_id`, no scan). */
export async function findOutboxById(db: Db, id: string): Promise<RelayedOutbox | null> {
  return purchases(db).findOne({ _id: id }, { projection: { outbox: 1, relayDue: 1 } });
}

/** The entries of an outbox still waiting to be published. */
export function pendingEntries(
  purchase: Pick<PurchaseDoc, 'outbox'>,
): Array<{ key: OutboxKey; event: OutboxEvent }> {
  const found: Array<{ key: OutboxKey; event: OutboxEvent }> = [];
  for (const key of OUTBOX_ENTRY_KEYS) {
    const entry = purchase.outbox?.[key];
    if (entry?.event && entry.publishedAt === null) found.push({ key, event: entry.event });
  }
  return found;
}

/**
 * Marks the relayed entries of these outboxes published and lets go of their relay
 * marker, one statement per purchase, all in one command. Each statement holds only if
 * the purchase's marked entries are still the ones read (event ids pinned): an entry
 * written meanwhile keeps the marker, and the next pass publishes it. When any did not
 * hold, each entry is marked on its own (unless it was replaced meanwhile: then it is
 * published again, at-least-once) and the marker stays for the next pass.
 */
export async function markPublished(db: Db, relayed: readonly RelayedOutbox[]): Promise<number> {
  const settled = relayed.filter((p) => p.relayDue || markedEntries(p).length > 0);
  if (settled.length === 0) return 0;
  const now = new Date();
  const result = await purchases(db).bulkWrite(
    settled.map((p) => ({
      updateOne: { filter: pinnedOutbox(p), update: publishedUpdate(p, now) },
    })),
    { ordered: false },
  );
  if (result.matchedCount === settled.length) return settled.length;
  const one = settled.flatMap((p) =>
    markedEntries(p).map(({ key, event }) => ({
      updateOne: {
        filter: { _id: p._id, [`outbox.${key}.event.id`]: event.id },
        update: { $set: { [`outbox.${key}.publishedAt`]: now } },
      },
    })),
  );
  if (one.length > 0) await purchases(db).bulkWrite(one, { ordered: false });
  return result.matchedCount;
}

/** The unpublished entries the relay marks (purchase_paid aside). */
function markedEntries(p: Pick<PurchaseDoc, 'outbox'>) {
  return pendingEntries(p).filter(({ key }) => markedWhenPublished(key));
}

/** The purchase, only while its marked entries are the ones read. */
function pinnedOutbox(p: RelayedOutbox): Filter<PurchaseDoc> {
  const filter: Record<string, unknown> = { _id: p._id };
  for (const key of MARKED_KEYS) {
    const id = p.outbox?.[key]?.event?.id;
    filter[id ? `outbox.${key}.event.id` : `outbox.${key}.event`] = id ?? { $exists: false };
  }
  return filter as Filter<PurchaseDoc>;
}

function publishedUpdate(p: RelayedOutbox, now: Date) {
  const set: Record<string, Date> = {};
  for (const { key } of markedEntries(p)) set[`outbox.${key}.publishedAt`] = now;
  return {
    ...(Object.keys(set).length > 0 ? { $set: set } : {}),
    $unset: { relayDue: '' as const },
  };
}

/** COMPLETED purchases whose purchase.paid has not reached the numbers worker, paid before `paidBefore`. */
function waitingForNumbers(paidBefore: Date): Filter<PurchaseDoc> {
  return {
    // The marker first: the store searches its index (PurchaseMarkers).
    numbersDue: true,
    status: 'COMPLETED',
    'outbox.purchase_paid.event': { $exists: true },
    // Flagged by the numbers worker for staff (no positions left): re-sending cannot help.
    numbersProblem: { $exists: false },
    paidAt: { $lt: paidBefore },
  };
}

/** Whether any paid purchase has waited for its numbers since before `paidBefore`. */
export async function anyWaitingForNumbers(db: Db, paidBefore: Date): Promise<boolean> {
  const found = await purchases(db).findOne(waitingForNumbers(paidBefore), {
    projection: { _id: 1 },
  });
  return found !== null;
}

/** The outboxes of the paid purchases still waiting for their numbers, paid before `paidBefore`. */
export async function findWaitingForNumbers(
  db: Db,
  paidBefore: Date,
): Promise<Array<Pick<PurchaseDoc, '_id' | 'outbox'>>> {
  return purchases(db)
    .find(waitingForNumbers(paidBefore), { projection: { outbox: 1 } })
    .toArray();
}

/**
 * Where the numbers worker is: when it last numbered a purchase of these raffles, and
 * when that purchase was paid; null when it has numbered none since `since`. Only the
 * raffles' own purchases are read (their index), never an archived raffle's.
 */
export async function findNumbersFront(
  db: Db,
  since: Date,
  raffleIds: readonly string[],
): Promise<{ assignedAt: Date; paidAt: Date } | null> {
  if (raffleIds.length === 0) return null;
  const [latest] = await purchases(db)
    .find(
      { raffleId: { $in: [...raffleIds] }, numbersAssignedAt: { $gte: since } },
      { projection: { numbersAssignedAt: 1, paidAt: 1 } },
    )
    .sort({ numbersAssignedAt: -1 })
    .limit(1)
    .toArray();
  if (!latest?.numbersAssignedAt || !latest.paidAt) return null;
  return { assignedAt: latest.numbersAssignedAt, paidAt: latest.paidAt };
}

// ── Reconciliation ─────────────────────────────────────────────────────────────

/** Which of these purchases are written (the reconciler's look at orders in flight). */
export async function writtenPurchaseIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // The store searches the _id index for an $in list this long at most, and scans beyond.
  for (let i = 0; i < ids.length; i += 100) {
    const rows = await purchases(db)
      .find({ _id: { $in: ids.slice(i, i + 100) } }, { projection: { _id: 1 } })
      .toArray();
    for (const row of rows) found.add(row._id);
  }
  return found;
}

/**
 * What the purchases say the counters must be: reserved = pending reservations plus
 * COMPLETED purchases the numbers worker has not yet counted as sold; sold = counted ones.
 */
export async function sumCapacityFromPurchases(
  db: Db,
  raffleId: string,
): Promise<{ reserved: number; sold: number }> {
  // One read summed here rather than one aggregation per rule: the raffle's purchases,
  // through the raffle_status index (never another raffle's).
  const rows = await purchases(db)
    .find(
      { raffleId, status: { $in: ['PENDING', 'COMPLETED'] } },
      { projection: { status: 1, quantity: 1, 'reservation.active': 1, soldCountedAt: 1 } },
    )
    .toArray();
  let reserved = 0;
  let sold = 0;
  for (const p of rows) {
    if (p.status === 'COMPLETED' && p.soldCountedAt) sold += p.quantity;
    else if (p.status === 'COMPLETED' || p.reservation?.active === true) reserved += p.quantity;
  }
  return { reserved, sold };
}

/** Keeps a payment problem on the purchase for staff (the status does not change). */
export async function recordPaymentProblem(db: Db, id: string, message: string): Promise<void> {
  await purchases(db).updateOne(
    { _id: id },
    {
      $set: {
        failure: { reason: 'amount_mismatch', message, at: new Date() },
        updatedAt: new Date(),
      },
    },
  );
}

// ── PayPhone reversals ─────────────────────────────────────────────────────────

/** Paid PayPhone purchases since `since`, least recently re-checked first. */
export async function findMobilePaymentsToRecheck(
  db: Db,
  since: Date,
  limit: number,
): Promise<PurchaseDoc[]> {
  return purchases(db)
    .find({
      mobileRecheck: true,
      paymentMethod: 'mobile',
      status: 'COMPLETED',
      paidAt: { $gte: since },
      'mobile.status': 'COMPLETED',
    })
    .sort({ 'mobile.checkedAt': 1, paidAt: 1 })
    .limit(limit)
    .toArray();
}

/** PayPhone sales paid before `since` are past their reversal window: no more re-checks. */
export async function releaseMobileRechecks(db: Db, since: Date): Promise<void> {
  await purchases(db).updateMany(
    { mobileRecheck: true, paidAt: { $lt: since } },
    { $unset: { mobileRecheck: '' } },
  );
}

export async function markMobileChecked(
  db: Db,
  id: string,
  reversal: string | null,
): Promise<void> {
  const now = new Date();
  const set: Record<string, unknown> = { 'mobile.checkedAt': now };
  if (reversal) {
    set['mobile.status'] = 'REVERSED';
    set.failure = { reason: 'payment_reversed', message: reversal, at: now };
    set.updatedAt = now;
  }
  await purchases(db).updateOne(
    { _id: id },
    reversal ? { $set: set, $unset: { mobileRecheck: '' } } : { $set: set },
  );
}

/**
 * Pending PayPal orders whose reservation ends before `before` and that nobody has asked
 * PayPal about yet (the follow-up's work list, see api/src/payments/paypal-follow-up.ts).
 */
export async function findPayPalOrdersEndingSoon(
  db: Db,
  before: Date,
  limit: number,
): Promise<Array<{ _id: string; paypal?: { orderId?: string } | null }>> {
  return purchases(db)
    .find(
      {
        status: 'PENDING',
        paymentMethod: 'paypal',
        'reservation.active': true,
        'reservation.expiresAt': { $lte: before },
        paypalFollowedUpAt: { $exists: false },
      },
      { projection: { paypal: 1 }, limit },
    )
    .toArray();
}

/** Marks the order asked about; false when another process did it first. */
export async function markPayPalFollowedUp(db: Db, id: string, at: Date): Promise<boolean> {
  const result = await purchases(db).updateOne(
    { _id: id, paypalFollowedUpAt: { $exists: false } },
    { $set: { paypalFollowedUpAt: at } },
  );
  return result.modifiedCount === 1;
}

/**
 * The unpaid orders still holding numbers of a raffle, and when the last hold ends: what
 * a closing sale waits for before it publishes the sold list.
 */
export async function pendingHolds(
  db: Db,
  raffleId: string,
): Promise<{ count: number; until: Date | null }> {
  // status first: the store searches the open orders (few), not the raffle's every sale.
  const filter = { status: 'PENDING' as const, raffleId, 'reservation.active': true };
  const [count, last] = await Promise.all([
    purchases(db).countDocuments(filter),
    purchases(db).findOne(filter, {
      sort: { 'reservation.expiresAt': -1 },
      projection: { 'reservation.expiresAt': 1 },
    }),
  ]);
  return { count, until: last?.reservation.expiresAt ?? null };
}

export interface PurchaseOutcome {
  _id: string;
  status: string;
  reservation?: { active: boolean; expiresAt: Date };
}

/** What became of the purchases of some entries (read from the purchases themselves). */
export async function purchaseOutcomes(db: Db, ids: string[]): Promise<PurchaseOutcome[]> {
  if (ids.length === 0) return [];
  return purchases(db)
    .find({ _id: { $in: ids } }, { projection: { status: 1, reservation: 1 } })
    .toArray();
}

/**
 * A receipt arrived for a transfer still in its first hold: it now holds until `expiresAt`
 * (core/src/limits/transfer-hold.ts). Null when it was no longer held, or already lengthened.
 */
export async function lengthenFirstHold(
  db: Db,
  id: string,
  expiresAt: Date,
): Promise<PurchaseDoc | null> {
  return purchases(db).findOneAndUpdate(
    { _id: id, status: 'PENDING', 'reservation.active': true, 'reservation.firstHold': true },
    { $set: { 'reservation.expiresAt': expiresAt }, $unset: { 'reservation.firstHold': '' } },
    { returnDocument: 'after' },
  );
}

/**
 * Paid sales in dollars per raffle (the Rifas list's revenue column): each raffle's report
 * totals (report-totals.ts), one small document each, as soon as they count every sale;
 * until the upgrade that counts them is done, summed from the paid purchases (which reads
 * every one of them).
 */
export async function paidRevenueByRaffle(
  db: Db,
  raffleIds: readonly string[],
): Promise<Map<string, number>> {
  if (await totalsReady(db)) return paidFromTotals(db, raffleIds);
  const match =
    raffleIds.length === 1
      ? { status: 'COMPLETED', raffleId: raffleIds[0] }
      : { status: 'COMPLETED' };
  const rows = await purchases(db)
    .aggregate<{ _id: string; total: number }>([
      { $match: match },
      { $group: { _id: '$raffleId', total: { $sum: '$totalPrice' } } },
    ])
    .toArray();
  return new Map(rows.map((r) => [r._id, Math.round(r.total * 100) / 100]));
}

/** The purchases of one raffle, deleted: only a draft's test orders (raffle-actions.ts). */
export async function deleteRafflePurchases(db: Db, raffleId: string): Promise<string[]> {
  const ids = (
    await purchases(db)
      .find({ raffleId }, { projection: { _id: 1 } })
      .toArray()
  ).map((p) => p._id);
  if (ids.length > 0) await purchases(db).deleteMany({ raffleId, _id: { $in: ids } });
  return ids;
}
