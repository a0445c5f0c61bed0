// The review of an unpaid bank transfer on its purchase document: receipts the buyer
// uploads, staff's rejection (with the buyer's notice in the outbox), the log of who
// confirmed or rejected and when, and the reminder before the hold ends. Each is one
// conditional single-document update on a PENDING transfer.
import { makeEvent } from '@vag/contracts';
import type { Db } from 'mongodb';
import { outboxField, type PurchaseDoc, type ReceiptMeta } from './purchases';

const purchases = (db: Db) => db.collection<PurchaseDoc>('purchases');

const pendingTransfer = (id: string) => ({
  _id: id,
  status: 'PENDING' as const,
  paymentMethod: 'bank_transfer' as const,
  'reservation.active': true,
});

/** Whether the order takes a receipt at `now`: the same test as addReceipt's, asked before any byte is stored. */
export function takesReceipts(
  p: Pick<PurchaseDoc, 'status' | 'paymentMethod' | 'reservation'>,
  now: Date,
): boolean {
  return (
    p.status === 'PENDING' &&
    p.paymentMethod === 'bank_transfer' &&
    p.reservation.active &&
    p.reservation.expiresAt > now
  );
}

/** Adds a receipt and puts the order in review; null when the order no longer takes one. */
export async function addReceipt(
  db: Db,
  id: string,
  receipt: ReceiptMeta,
): Promise<PurchaseDoc | null> {
  return purchases(db).findOneAndUpdate(
    // Not after the hold's end, even before the sweeper has ended it.
    { ...pendingTransfer(id), 'reservation.expiresAt': { $gt: receipt.uploadedAt } },
    {
      $push: { receipts: receipt },
      $set: {
        review: { state: 'in_review', at: receipt.uploadedAt },
        updatedAt: receipt.uploadedAt,
        // The receipt clean-up's work list (purchases.ts, PurchaseMarkers).
        receiptsHeld: true,
      },
    },
    { returnDocument: 'after' },
  );
}

/**
 * Rejects the receipt under review: the order stays pending until its deadline and the
 * buyer is told why (a notice of its own per rejection). Null when not pending.
 */
export async function rejectReceipt(
  db: Db,
  id: string,
  { reason, by, at = new Date() }: { reason: string; by: string; at?: Date },
): Promise<PurchaseDoc | null> {
  const notice = makeEvent(
    'purchase.notice',
    { purchaseId: id, noticeId: `rejected-${at.getTime()}`, kind: 'receipt_rejected', reason },
    at,
  );
  return purchases(db).findOneAndUpdate(
    pendingTransfer(id),
    {
      $set: {
        review: { state: 'rejected', at, reason, by },
        updatedAt: at,
        ...outboxField(notice, at),
      },
      $push: { reviewLog: { action: 'rejected', by, at, reason } },
    },
    { returnDocument: 'after' },
  );
}

/**
 * Pending transfers whose hold ends before `endsBefore` and that got no reminder yet;
 * those on their short first hold, or the others (transfer-reminders.ts gives each its lead).
 */
export async function findRemindersDue(
  db: Db,
  endsBefore: Date,
  limit: number,
  firstHold = false,
): Promise<Array<Pick<PurchaseDoc, '_id' | 'createdAt' | 'reservation'>>> {
  return purchases(db)
    .find(
      {
        status: 'PENDING',
        paymentMethod: 'bank_transfer',
        'reservation.active': true,
        'reservation.expiresAt': { $lte: endsBefore },
        'reservation.firstHold': firstHold ? true : { $ne: true },
        reminderQueuedAt: { $exists: false },
      },
      { projection: { createdAt: 1, reservation: 1 }, limit },
    )
    .toArray();
}

/** Queues the reminder once (the outbox carries it); false when another process did. */
export async function queueReminder(db: Db, id: string, at: Date): Promise<boolean> {
  const notice = makeEvent(
    'purchase.notice',
    { purchaseId: id, noticeId: 'reminder', kind: 'reminder' },
    at,
  );
  const res = await purchases(db).updateOne(
    { ...pendingTransfer(id), reminderQueuedAt: { $exists: false } },
    { $set: { reminderQueuedAt: at, ...outboxField(notice, at) } },
  );
  return res.modifiedCount === 1;
}

/**
 * Records that a receipt's file was deleted: it leaves `receipts` (what staff and the buyer
 * can open) for `removedReceipts`, so the purchase still shows it existed. `receipt` must be
 * the entry as stored (an exact-value $pull: FerretDB ignores a $pull by condition).
 */
export async function recordReceiptRemoved(
  db: Db,
  id: string,
  receipt: ReceiptMeta,
  at: Date,
): Promise<boolean> {
  const res = await purchases(db).updateOne(
    { _id: id, 'receipts.id': receipt.id },
    { $pull: { receipts: receipt }, $push: { removedReceipts: { ...receipt, removedAt: at } } },
  );
  return res.modifiedCount === 1;
}

/** Transfers that ended unpaid before `endedBefore` and still list receipts with files. */
export async function findEndedTransfersWithReceipts(
  db: Db,
  endedBefore: Date,
  limit: number,
): Promise<Array<Pick<PurchaseDoc, '_id' | 'receipts'>>> {
  return purchases(db)
    .find(
      {
        // The marker first: the store searches its index (PurchaseMarkers).
        receiptsHeld: true,
        status: 'EXPIRED',
        paymentMethod: 'bank_transfer',
        'reservation.expiresAt': { $lt: endedBefore },
        'receipts.0': { $exists: true },
      },
      { projection: { receipts: 1 }, limit },
    )
    .toArray();
}

/** The transfer lists no receipt file any more: off the receipt clean-up's work list. */
export async function releaseReceiptsHeld(db: Db, id: string): Promise<void> {
  await purchases(db).updateOne(
    { _id: id, receiptsHeld: true, 'receipts.0': { $exists: false } },
    { $unset: { receiptsHeld: '' } },
  );
}
