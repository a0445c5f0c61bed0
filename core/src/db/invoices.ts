// The invoices collection: one document per factura or nota de crédito, with its signed
// XML, the SRI's answers and a lease so that two workers never send the same document at
// once. Documents are never deleted: a returned one is corrected and re-issued in place.
import {
  invoiceSchema,
  type Invoice,
  type InvoiceBuyer,
  type InvoiceEnvironment,
  type InvoiceKind,
  type InvoiceStatus,
  type InvoicingSettings,
  type PaymentMethod,
  type SriMessage,
} from '@vag/contracts';
import type { Db, Filter } from 'mongodb';

export type InvoiceIssuer = Pick<
  InvoicingSettings,
  | 'ruc'
  | 'razonSocial'
  | 'nombreComercial'
  | 'dirMatriz'
  | 'dirEstablecimiento'
  | 'obligadoContabilidad'
  | 'contribuyenteEspecial'
  | 'regime'
>;

export interface InvoiceDoc {
  _id: string;
  kind: InvoiceKind;
  /** environment:ruc:estab-ptoEmi:codDoc, the run of numbers this document belongs to. */
  series: string;
  /** The secuencial as a number, 0 until numbered. */
  number: number;
  /** The eight digits of the access key's código numérico, chosen at draft time. */
  numericCode: string;
  /** The operator's data as it was when the document was drafted (the XML is rebuilt from it). */
  issuer: InvoiceIssuer;
  /** The one line: the tickets bought, the unit price with IVA included. */
  line: { description: string; quantity: number; unitPriceWithTax: number };
  /** IVA percentage applied (the operator's setting at draft time). */
  ivaRate: number;
  paymentMethod: PaymentMethod;
  /** For a nota de crédito: why (motivo). */
  reason?: string;
  purchaseId: string;
  orderCode?: string;
  raffleId: string;
  environment: InvoiceEnvironment;
  estab: string;
  ptoEmi: string;
  secuencial: string;
  accessKey: string;
  status: InvoiceStatus;
  buyer: InvoiceBuyer;
  subtotal: number;
  iva: number;
  total: number;
  modifies?: string;
  /** For a nota de crédito: the factura's issue date (dd/mm/aaaa), the XML needs it. */
  modifiesIssuedOn?: string;
  messages: SriMessage[];
  authorizationNumber?: string;
  authorizedAt?: Date;
  issuedAt: Date;
  createdAt: Date;
  attempts: number;
  /** The signed comprobante as sent to the reception service. */
  signedXml?: string;
  /** The SRI's <autorizacion> document, kept as the SRI returned it. */
  authorizedXml?: string;
  /** A worker holds the document until this time; another may take it after. */
  leaseUntil?: Date;
  leaseOwner?: string;
  /** When the worker should try again (backoff while the SRI is down). */
  nextAttemptAt?: Date;
  /** When invoice.authorized was published for it. */
  announcedAt?: Date;
  /** Staff who last re-issued it. */
  reissuedBy?: string;
  updatedAt: Date;
}

export const invoices = (db: Db) => db.collection<InvoiceDoc>('invoices');

export function invoiceView(doc: InvoiceDoc): Invoice {
  return invoiceSchema.parse({
    id: doc._id,
    kind: doc.kind,
    purchaseId: doc.purchaseId,
    orderCode: doc.orderCode,
    raffleId: doc.raffleId,
    environment: doc.environment,
    estab: doc.estab,
    ptoEmi: doc.ptoEmi,
    secuencial: doc.secuencial,
    accessKey: doc.accessKey,
    status: doc.status,
    buyer: doc.buyer,
    subtotal: doc.subtotal,
    iva: doc.iva,
    total: doc.total,
    modifies: doc.modifies,
    messages: doc.messages,
    authorizationNumber: doc.authorizationNumber,
    authorizedAt: doc.authorizedAt?.toISOString(),
    issuedAt: doc.issuedAt.toISOString(),
    createdAt: doc.createdAt.toISOString(),
    attempts: doc.attempts,
  });
}

export interface InvoiceListQuery {
  status?: InvoiceStatus;
  /** YYYY-MM: documents issued that month (Ecuador's time, UTC-5). */
  month?: string;
  purchaseId?: string;
  kind?: InvoiceKind;
  skip?: number;
  limit?: number;
}

export async function listInvoices(
  db: Db,
  query: InvoiceListQuery = {},
): Promise<{ items: Invoice[]; total: number }> {
  const filter = listFilter(query);
  const [docs, total] = await Promise.all([
    invoices(db)
      .find(filter)
      .sort({ issuedAt: -1, _id: -1 })
      .skip(query.skip ?? 0)
      .limit(query.limit ?? 50)
      .toArray(),
    invoices(db).countDocuments(filter),
  ]);
  return { items: docs.map(invoiceView), total };
}

export async function findInvoice(db: Db, id: string): Promise<Invoice | null> {
  const doc = await invoices(db).findOne({ _id: id });
  return doc ? invoiceView(doc) : null;
}

/** The whole document (signed and authorized XML included), for downloads and the export. */
export function findInvoiceDoc(db: Db, id: string): Promise<InvoiceDoc | null> {
  return invoices(db).findOne({ _id: id });
}

function listFilter(query: InvoiceListQuery): Filter<InvoiceDoc> {
  const filter: Filter<InvoiceDoc> = {};
  if (query.status) filter.status = query.status;
  if (query.purchaseId) filter.purchaseId = query.purchaseId;
  if (query.kind) filter.kind = query.kind;
  if (query.month) filter.issuedAt = monthRange(query.month);
  return filter;
}

/** The month in Ecuador (UTC-5, no daylight saving) as a UTC range. */
export function monthRange(month: string): { $gte: Date; $lt: Date } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return {
    $gte: new Date(Date.UTC(year, m - 1, 1, 5)),
    $lt: new Date(Date.UTC(year, m, 1, 5)),
  };
}

/**
 * A new certificate: documents not yet signed that wait out their backoff (the old one had
 * expired or no longer opened) are due at once, instead of up to ten minutes later.
 */
export async function unsignedDueNow(db: Db, now: Date): Promise<number> {
  const result = await invoices(db).updateMany(
    { status: 'pendiente', signedXml: { $exists: false }, nextAttemptAt: { $gt: now } },
    { $set: { nextAttemptAt: now, updatedAt: now } },
  );
  return result.modifiedCount;
}

export async function ensureInvoiceIndexes(db: Db): Promise<void> {
  await sequenceClaims(db).createIndex({ series: 1, number: -1 });
  await sequenceClaims(db).createIndex({ invoiceId: 1 }, { unique: true });
  await invoices(db).createIndex({ accessKey: 1 });
  // One factura per purchase, one nota de crédito per refunded factura.
  await invoices(db).createIndex({ purchaseId: 1, kind: 1 }, { unique: true });
  await invoices(db).createIndex({ status: 1, nextAttemptAt: 1 });
  await invoices(db).createIndex({ issuedAt: -1 });
}

export type InvoiceDraft = Omit<
  InvoiceDoc,
  | 'number'
  | 'secuencial'
  | 'accessKey'
  | 'status'
  | 'messages'
  | 'attempts'
  | 'createdAt'
  | 'issuedAt'
  | 'updatedAt'
>;

/**
 * The document for a purchase and kind, created once however often it is asked for
 * (redelivered events, two workers): unnumbered until numberInvoice.
 */
export async function draftInvoice(
  db: Db,
  draft: InvoiceDraft,
  now = new Date(),
): Promise<InvoiceDoc> {
  const { _id, purchaseId, kind, ...rest } = draft;
  const doc = await invoices(db).findOneAndUpdate(
    { purchaseId, kind },
    {
      $setOnInsert: {
        _id,
        purchaseId,
        kind,
        ...rest,
        number: 0,
        secuencial: '',
        accessKey: '',
        status: 'pendiente',
        messages: [],
        attempts: 0,
        createdAt: now,
        issuedAt: now,
        updatedAt: now,
      },
    },
    { upsert: true, returnDocument: 'after' },
  );
  return doc!;
}

/** What numbering fixes besides the number: the access key and the issue date derive from it. */
export type NumberedFields = (number: number) => {
  secuencial: string;
  accessKey: string;
  issuedAt: Date;
};

/**
 * invoice_sequences: one claim per number ever given, `_id` `${series}:${number}`, naming
 * the one document it belongs to (unique too). Claims are never removed.
 */
interface SequenceClaim {
  _id: string;
  series: string;
  number: number;
  invoiceId: string;
  claimedAt: Date;
}
const sequenceClaims = (db: Db) => db.collection<SequenceClaim>('invoice_sequences');

const DUPLICATE_KEY = 11000;
const NUMBERING_TRIES = 200;

/**
 * Gives the document the next number of its series. The number is claimed first, by an
 * insert that is unique both on the number and on the document, so two workers can
 * neither take one number twice nor give one document two numbers; the claim is then
 * copied onto the document. A worker that dies in between leaves a claim that the next
 * attempt (any worker) copies, so no number is lost. Numbers are never freed, so each
 * series stays contiguous. Numbering an already-numbered document returns it unchanged.
 */
export async function numberInvoice(
  db: Db,
  id: string,
  fields: NumberedFields,
): Promise<InvoiceDoc> {
  for (let i = 0; i < NUMBERING_TRIES; i++) {
    const doc = await invoices(db).findOne({ _id: id });
    if (!doc) throw new Error(`invoice ${id} not found`);
    if (doc.number > 0) return doc;
    const claim = await sequenceClaims(db).findOne({ invoiceId: id });
    if (claim) {
      await invoices(db).updateOne(
        { _id: id, number: 0 },
        { $set: { ...fields(claim.number), number: claim.number, updatedAt: new Date() } },
      );
      continue;
    }
    await claimNextNumber(db, doc);
  }
  throw new Error(`invoice ${id}: could not take a number after ${NUMBERING_TRIES} tries`);
}

async function claimNextNumber(db: Db, doc: InvoiceDoc): Promise<void> {
  const last = await sequenceClaims(db).findOne(
    { series: doc.series },
    { sort: { number: -1 }, projection: { number: 1 } },
  );
  const number = (last?.number ?? 0) + 1;
  try {
    await sequenceClaims(db).insertOne({
      _id: `${doc.series}:${number}`,
      series: doc.series,
      number,
      invoiceId: doc._id,
      claimedAt: new Date(),
    });
  } catch (error) {
    // Another worker took this number (try the next) or this document (copy its claim).
    if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
  }
}
