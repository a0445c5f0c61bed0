// What staff do to a document the SRI returned or refused (Facturas in the back office):
// correct the buyer's tax data, checked as the worker checks it before sending (cédula and
// RUC check digits, the consumidor final limit), then re-issue it (reissueInvoice). Also
// the reads the api needs beyond the list: a purchase's factura for the buyer's downloads.
import {
  CONSUMIDOR_FINAL_ID,
  INVOICE_STAFF_TEXTS as T,
  INVOICE_TEXTS,
  type InvoiceBuyer,
  type InvoiceBuyerCorrection,
} from '@vag/contracts';
import type { Db } from 'mongodb';
import { invoices, type InvoiceDoc } from '../db/invoices';
import { buyerProblem } from './buyer';
import { reissueInvoice } from './issue';
import { loadInvoicingSettings } from './settings';

/** A refused staff action: the status to answer, the Spanish reason and the field it is about. */
export class InvoiceActionError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Statuses that wait for staff: only these may be corrected and re-issued. */
export const CORRECTABLE_STATUSES = ['devuelta', 'no_autorizada'] as const;

export async function correctInvoiceBuyer(
  db: Db,
  invoiceId: string,
  input: InvoiceBuyerCorrection,
): Promise<{ before: InvoiceDoc; after: InvoiceDoc }> {
  const before = await invoices(db).findOne({ _id: invoiceId });
  if (!before) throw new InvoiceActionError(404, T.notFound);
  if (!isCorrectable(before)) throw new InvoiceActionError(409, T.notCorrectable);
  const buyer = normalisedBuyer(input);
  const { consumidorFinalLimit } = await loadInvoicingSettings(db);
  const problem = buyerProblem(buyer, before.total, consumidorFinalLimit);
  if (problem) throw new InvoiceActionError(400, problem, fieldOf(problem));
  const after = await invoices(db).findOneAndUpdate(
    { _id: invoiceId, status: { $in: [...CORRECTABLE_STATUSES] } },
    { $set: { buyer, updatedAt: new Date() } },
    { returnDocument: 'after' },
  );
  // Re-issued (or authorized) by someone else between the read and the write.
  if (!after) throw new InvoiceActionError(409, T.notCorrectable);
  return { before, after };
}

/**
 * Sends a returned document again (reissueInvoice), after the same buyer checks as a
 * correction: re-issuing what the SRI would refuse again for a reason we can see is refused here.
 */
export async function reissueCheckedInvoice(
  db: Db,
  invoiceId: string,
  by: string,
): Promise<InvoiceDoc> {
  const doc = await invoices(db).findOne({ _id: invoiceId });
  if (!doc) throw new InvoiceActionError(404, T.notFound);
  if (!isCorrectable(doc)) throw new InvoiceActionError(409, T.notReissuable);
  const { consumidorFinalLimit } = await loadInvoicingSettings(db);
  const problem = buyerProblem(doc.buyer, doc.total, consumidorFinalLimit);
  if (problem) throw new InvoiceActionError(400, problem, fieldOf(problem));
  const reissued = await reissueInvoice(db, invoiceId, by);
  if (!reissued) throw new InvoiceActionError(409, T.notReissuable);
  return reissued;
}

export function isCorrectable(doc: Pick<InvoiceDoc, 'status'>): boolean {
  return (CORRECTABLE_STATUSES as readonly string[]).includes(doc.status);
}

/** Consumidor final is always 9999999999999 and so named (ficha técnica, tabla 6). */
function normalisedBuyer(input: InvoiceBuyerCorrection): InvoiceBuyer {
  const buyer: InvoiceBuyer = {
    idType: input.idType,
    id: input.id.replace(/\s+/g, ''),
    name: input.name.trim().toUpperCase(),
    email: input.email,
  };
  if (input.address?.trim()) buyer.address = input.address.trim();
  if (input.idType === '07') return { ...buyer, id: CONSUMIDOR_FINAL_ID, name: 'CONSUMIDOR FINAL' };
  return buyer;
}

function fieldOf(problem: string): string {
  const B = INVOICE_TEXTS.buyer;
  if (problem === B.missingName) return 'name';
  if (problem === B.badCedula || problem === B.badRuc || problem === B.badPassport) return 'id';
  return 'idType';
}

/** The SRI's <autorizacion> as a file: with the XML declaration it was serialized without. */
export function authorizedXmlFile(xml: string): string {
  return xml.startsWith('<?xml') ? xml : `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
}

/** A purchase's factura (the buyer's downloads); null when none was issued. */
export function facturaOfPurchase(db: Db, purchaseId: string): Promise<InvoiceDoc | null> {
  return invoices(db).findOne({ purchaseId, kind: 'factura' });
}
