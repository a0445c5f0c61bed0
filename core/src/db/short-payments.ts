// Bank lines that paid part of a transfer order (SPEC §4, "Short payments"). A line for
// less than what the order still owes does not complete it: the order stays unpaid and
// keeps, by line id, what each line brought, so staff and the buyer see what is missing and
// the next line (or staff, explicitly) completes it. Keyed by line id (never an array
// position, which the store cannot update): the same line counted twice adds nothing.
import type { Db } from 'mongodb';
import type { PurchaseDoc } from './purchases';

export interface ShortPaymentDoc {
  /** What the lines below brought, in cents. */
  receivedCents: number;
  /** Cents by statement line id. */
  lines: Record<string, number>;
  updatedAt: Date;
  /** Staff confirmed the order anyway, with their reason. */
  accepted?: { by: string; reason: string; at: Date };
}

const purchases = (db: Db) => db.collection<PurchaseDoc>('purchases');

/** The order's total in cents. */
export function totalCents(purchase: Pick<PurchaseDoc, 'totalPrice'>): number {
  return Math.round(purchase.totalPrice * 100);
}

/** Cents the order's earlier lines brought, the line `lineId` not counted. */
export function receivedBefore(
  purchase: Pick<PurchaseDoc, 'shortPayment'>,
  lineId: string,
): number {
  const short = purchase.shortPayment;
  if (!short) return 0;
  return short.receivedCents - (short.lines[lineId] ?? 0);
}

/** What the order still owes, in cents (0 once paid in full or confirmed). */
export function missingCents(
  purchase: Pick<PurchaseDoc, 'totalPrice' | 'shortPayment' | 'status'>,
): number {
  if (purchase.status === 'COMPLETED' || purchase.status === 'REFUND_REQUIRED') return 0;
  return Math.max(0, totalCents(purchase) - (purchase.shortPayment?.receivedCents ?? 0));
}

/**
 * Counts a short line toward its unpaid order, once: the order as it is after (the line
 * counted now or before), or null when the order is no longer unpaid.
 */
export async function recordShortLine(
  db: Db,
  purchaseId: string,
  line: { id: string; cents: number },
): Promise<PurchaseDoc | null> {
  const key = `shortPayment.lines.${line.id}`;
  const now = new Date();
  const counted = await purchases(db).findOneAndUpdate(
    { _id: purchaseId, status: { $in: ['PENDING', 'EXPIRED'] }, [key]: { $exists: false } },
    {
      $set: { [key]: line.cents, 'shortPayment.updatedAt': now, updatedAt: now },
      $inc: { 'shortPayment.receivedCents': line.cents },
    },
    { returnDocument: 'after' },
  );
  if (counted) return counted;
  const found = await purchases(db).findOne({ _id: purchaseId });
  return found && (found.status === 'PENDING' || found.status === 'EXPIRED') ? found : null;
}

/** Takes a line back from its unpaid order (staff set it aside: it was not for this order). */
export async function forgetShortLine(db: Db, purchaseId: string, lineId: string): Promise<void> {
  const key = `shortPayment.lines.${lineId}`;
  const order = await purchases(db).findOne({ _id: purchaseId, [key]: { $exists: true } });
  const cents = order?.shortPayment?.lines[lineId];
  if (cents === undefined) return;
  await purchases(db).updateOne(
    { _id: purchaseId, status: { $in: ['PENDING', 'EXPIRED'] }, [key]: cents },
    { $unset: { [key]: '' }, $inc: { 'shortPayment.receivedCents': -cents } },
  );
}

/** Staff's reason for confirming an order the lines did not pay in full, kept on the order. */
export async function acceptShortPayment(
  db: Db,
  purchaseId: string,
  accepted: { by: string; reason: string },
): Promise<void> {
  await purchases(db).updateOne(
    { _id: purchaseId },
    { $set: { 'shortPayment.accepted': { ...accepted, at: new Date() } } },
  );
}
