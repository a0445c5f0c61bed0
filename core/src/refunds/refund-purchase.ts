// Giving a paid purchase's money back (SPEC §4, "Refunds"), admin-only. The refund is
// claimed in the store before the provider is asked (one record per purchase, its id the
// purchase's), and the provider is asked with an idempotency key derived from it: a
// double click, a retry after a timeout or after a crash between the provider's answer and
// our write repeats the same call, which the provider answers with the same refund —
// nothing is refunded twice. Then the record and the purchase are marked, the action is
// audited, and when the purchase's factura was authorized its nota de crédito is drafted
// (the invoices worker's sweep signs and sends it, core/src/invoices/issue.ts). The buyer
// is told in the same write that marks the purchase: its outbox carries the 'refunded'
// notice (one id per purchase), which the notifications worker sends once per channel.
//
// The purchase keeps its status and its numbers: they stay the buyer's record (never
// given to anyone else: DESIGN I1, I2's counters unchanged, I3's quantity kept), marked
// refunded, and the sale's closing leaves them out of the sold list and so out of the
// draw (raffle/fairness.ts). Once the sold list is published and until the draw, a refund
// would change the draw: it is refused then.
import { makeEvent, REFUND_TEXTS as T, type Refund } from '@vag/contracts';
import type { Db } from 'mongodb';
import type { CoreDeps } from '../deps';
import { appendAudit } from '../db/audit-log';
import { getPurchase, outboxField, type PurchaseDoc } from '../db/purchases';
import { kickRelay } from '../pipeline/relay';
import { getRaffleFairness } from '../db/raffle-fairness';
import { isDuplicateKey } from '../db/raffle-numbers';
import { draftNotaCredito } from '../invoices/issue';
import { getRefund, refunds, type RefundDoc } from '../db/refunds';

/** A refused refund: the status to answer and the Spanish reason. */
export class RefundError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 502,
    message: string,
  ) {
    super(message);
  }
}

/** Asks the provider to give the money back; answers its refund's id. Throws what it met. */
export type ProviderRefund = (purchase: PurchaseDoc, refund: RefundDoc) => Promise<string>;

export interface RefundOrder {
  purchaseId: string;
  reason: string;
  /** The transfer back's reference (bank transfers: staff make the transfer themselves). */
  transferReference?: string | undefined;
  staff: { id: string; email: string };
}

const purchases = (db: Db) => db.collection<PurchaseDoc>('purchases');

export async function refundPurchase(
  deps: Pick<CoreDeps, 'db' | 'log' | 'relay'>,
  order: RefundOrder,
  provider: ProviderRefund,
): Promise<RefundDoc> {
  const purchase = await refundable(deps.db, order);
  const claimed = await claim(deps.db, purchase, order);
  if (claimed.state === 'done') return claimed;
  const providerRef = await askProvider(deps, purchase, claimed, { order, provider });
  const settled = await settle(deps.db, purchase, claimed, { providerRef, staff: order.staff });
  kickRelay(deps, purchase._id);
  return settled;
}

/** The buyer's message about the refund: one id per purchase, so it goes out once. */
const REFUND_NOTICE_ID = 'refunded';

async function refundable(db: Db, order: RefundOrder): Promise<PurchaseDoc> {
  const purchase = await getPurchase(db, order.purchaseId);
  if (!purchase) throw new RefundError(404, T.errors.notFound);
  if (purchase.status !== 'COMPLETED' && purchase.status !== 'REFUND_REQUIRED')
    throw new RefundError(409, T.errors.notPaid);
  if (purchase.paymentMethod === 'bank_transfer' && !order.transferReference)
    throw new RefundError(400, T.errors.transferReference);
  const fairness = await getRaffleFairness(db, purchase.raffleId);
  // Numbered purchases only: one flagged REFUND_REQUIRED holds none and is not in the list.
  if (purchase.status === 'COMPLETED' && fairness.closing && !fairness.draw)
    throw new RefundError(409, T.errors.saleClosed);
  return purchase;
}

/** The refund's record, written once; a second ask finds the first one. */
async function claim(db: Db, purchase: PurchaseDoc, order: RefundOrder): Promise<RefundDoc> {
  const doc: RefundDoc = {
    _id: purchase._id,
    purchaseId: purchase._id,
    orderCode: purchase.orderCode ?? purchase._id,
    raffleId: purchase.raffleId,
    method: purchase.paymentMethod,
    amount: purchase.totalPrice,
    reason: order.reason,
    state: 'claimed',
    idempotencyKey: `refund-${purchase._id}`,
    providerRef: null,
    requestedBy: order.staff.email,
    createdAt: new Date(),
    doneAt: null,
    attempts: 0,
    lastError: null,
    creditNoteId: null,
  };
  try {
    await refunds(db).insertOne(doc);
    return doc;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const existing = await getRefund(db, purchase._id);
    if (!existing) throw error;
    return existing;
  }
}

async function askProvider(
  deps: Pick<CoreDeps, 'db' | 'log'>,
  purchase: PurchaseDoc,
  claimed: RefundDoc,
  { order, provider }: { order: RefundOrder; provider: ProviderRefund },
): Promise<string> {
  if (purchase.paymentMethod === 'bank_transfer') return order.transferReference!;
  try {
    return await provider(purchase, claimed);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    deps.log.error({ purchaseId: purchase._id, err: error }, 'provider refund failed');
    await refunds(deps.db).updateOne(
      { _id: claimed._id, state: 'claimed' },
      { $set: { lastError: detail.slice(0, 300) }, $inc: { attempts: 1 } },
    );
    if (error instanceof RefundError) throw error;
    throw new RefundError(502, T.errors.provider(detail.slice(0, 200)));
  }
}

async function settle(
  db: Db,
  purchase: PurchaseDoc,
  claimed: RefundDoc,
  { providerRef, staff }: { providerRef: string; staff: RefundOrder['staff'] },
): Promise<RefundDoc> {
  const doneAt = new Date();
  const marked = await refunds(db).findOneAndUpdate(
    { _id: claimed._id, state: 'claimed' },
    { $set: { state: 'done', providerRef, doneAt, lastError: null } },
    { returnDocument: 'after' },
  );
  // Another call settled it meanwhile: it wrote the audit entry and the credit note.
  if (!marked) return (await getRefund(db, claimed._id)) ?? claimed;
  const mark: NonNullable<PurchaseDoc['refund']> = {
    at: doneAt,
    amount: claimed.amount,
    method: claimed.method,
  };
  const notice = makeEvent(
    'purchase.notice',
    { purchaseId: purchase._id, noticeId: REFUND_NOTICE_ID, kind: 'refunded' },
    doneAt,
  );
  await purchases(db).updateOne(
    { _id: purchase._id },
    { $set: { refund: mark, updatedAt: doneAt, ...outboxField(notice, doneAt) } },
  );
  await appendAudit(db, {
    actor: staff,
    action: 'purchase.refunded',
    description: T.audit(claimed.orderCode, claimed.amount, providerRef, claimed.reason),
    purchaseId: purchase._id,
    raffleId: purchase.raffleId,
  });
  const note = await draftNotaCredito(db, purchase._id, claimed.reason);
  if (!note) return marked;
  return (
    (await refunds(db).findOneAndUpdate(
      { _id: claimed._id },
      { $set: { creditNoteId: note._id } },
      { returnDocument: 'after' },
    )) ?? marked
  );
}

/** What staff read of a refund. */
export function refundView(doc: RefundDoc): Refund {
  return {
    purchaseId: doc.purchaseId,
    orderCode: doc.orderCode,
    method: doc.method,
    amount: doc.amount,
    reason: doc.reason,
    state: doc.state,
    providerRef: doc.providerRef,
    requestedBy: doc.requestedBy,
    createdAt: doc.createdAt.toISOString(),
    doneAt: doc.doneAt?.toISOString() ?? null,
    lastError: doc.lastError,
    creditNoteId: doc.creditNoteId,
  };
}
