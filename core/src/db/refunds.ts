// The `refunds` collection (refunds/refund-purchase.ts): one record per refunded purchase,
// its id the purchase's, claimed before the provider is asked and marked done after.
import type { PaymentMethod } from '@vag/contracts';
import type { Db } from 'mongodb';

export interface RefundDoc {
  /** The purchase's id: one refund per purchase. */
  _id: string;
  purchaseId: string;
  orderCode: string;
  raffleId: string;
  method: PaymentMethod;
  amount: number;
  reason: string;
  state: 'claimed' | 'done';
  /** What the provider dedupes the call by: the same on every try. */
  idempotencyKey: string;
  providerRef: string | null;
  requestedBy: string;
  createdAt: Date;
  doneAt: Date | null;
  attempts: number;
  lastError: string | null;
  creditNoteId: string | null;
}

export const refunds = (db: Db) => db.collection<RefundDoc>('refunds');

export async function getRefund(db: Db, purchaseId: string): Promise<RefundDoc | null> {
  return refunds(db).findOne({ _id: purchaseId });
}

/** The refunded purchases of a raffle: what its sold list leaves out. */
export async function refundedPurchaseIds(db: Db, raffleId: string): Promise<Set<string>> {
  const done = await refunds(db)
    .find({ raffleId, state: 'done' }, { projection: { _id: 1 } })
    .toArray();
  return new Set(done.map((r) => r._id));
}
