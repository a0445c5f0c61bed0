// The buyer's e-mail of each authorized document (`invoice_mails`, one per invoice): claimed
// with a lease before sending, so however often invoice.authorized is delivered the XML and
// the RIDE go out once; a sender that died mid-send lets the lease run out and the next
// delivery sends. Entries are kept (when it went, or why it failed).
import type { Db } from 'mongodb';

export interface InvoiceMailDoc {
  _id: string;
  purchaseId: string;
  status: 'sending' | 'sent' | 'logged' | 'failed';
  at: Date;
  attempts: number;
  lastError?: string;
}

const mails = (db: Db) => db.collection<InvoiceMailDoc>('invoice_mails');
const DUPLICATE_KEY = 11000;

/** True when this caller may send the invoice's e-mail now. */
export async function claimInvoiceMail(
  db: Db,
  invoiceId: string,
  purchaseId: string,
  leaseMs = 120_000,
): Promise<boolean> {
  const now = new Date();
  try {
    await mails(db).insertOne({
      _id: invoiceId,
      purchaseId,
      status: 'sending',
      at: now,
      attempts: 0,
    });
    return true;
  } catch (error) {
    if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
  }
  const stale = await mails(db).updateOne(
    { _id: invoiceId, status: 'sending', at: { $lt: new Date(now.getTime() - leaseMs) } },
    { $set: { at: now } },
  );
  return stale.modifiedCount === 1;
}

export async function finishInvoiceMail(
  db: Db,
  invoiceId: string,
  outcome: { status: 'sent' | 'logged' | 'failed'; attempts: number; lastError?: string },
): Promise<void> {
  await mails(db).updateOne({ _id: invoiceId }, { $set: { ...outcome, at: new Date() } });
}

export function findInvoiceMail(db: Db, invoiceId: string): Promise<InvoiceMailDoc | null> {
  return mails(db).findOne({ _id: invoiceId });
}
