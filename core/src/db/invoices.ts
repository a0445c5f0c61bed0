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
  /** When another process's sweep may take it (core/src/invoices/numbering.ts). */
  nextAttemptAt: Date;
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

/** A document to number and what its number fixes besides (access key, issue date). */
export interface NumberingRequest {
  id: string;
  fields: NumberedFields;
}

/** Gives one document the next number of its series (numberInvoices with one). */
export async function numberInvoice(
  db: Db,
  id: string,
  fields: NumberedFields,
): Promise<InvoiceDoc> {
  const [doc] = await numberInvoices(db, [{ id, fields }]);
  return doc!;
}

/**
 * Gives each document the next number of its series, in the order asked, with one claim
 * write per series for all of them (a block): an ordered insert of one claim per number,
 * from the series' last claim + 1, each claim naming its document. A claim is unique on
 * its number and on its document, so two workers can neither take one number twice nor
 * give one document two numbers; the ordered insert stops at the first refused claim, so
 * the numbers it did take are still the run right after the last one (no hole). A number
 * is never claimed without the document it belongs to: a worker that dies after claiming
 * leaves claims that the next attempt (any worker, any document's event) copies onto their
 * documents, so no claimed number stays unused. Claims are never removed. Documents
 * already numbered come back unchanged. (DESIGN Invoicing throughput.)
 */
export async function numberInvoices(db: Db, requests: NumberingRequest[]): Promise<InvoiceDoc[]> {
  const fieldsOf = new Map(requests.map((r) => [r.id, r.fields]));
  const ids = [...fieldsOf.keys()];
  for (let i = 0; i < NUMBERING_TRIES; i++) {
    const docs = await invoices(db)
      .find({ _id: { $in: ids } })
      .toArray();
    const byId = new Map(docs.map((d) => [d._id, d]));
    const missing = ids.find((id) => !byId.has(id));
    if (missing) throw new Error(`invoice ${missing} not found`);
    const unnumbered = docs.filter((d) => d.number === 0);
    if (unnumbered.length === 0) return requests.map((r) => byId.get(r.id)!);
    let claims = await claimsOf(db, unnumbered);
    const unclaimed = unnumbered.filter((d) => !claims.has(d._id));
    if (unclaimed.length > 0) {
      for (const [series, block] of groupBySeries(unclaimed, ids))
        await claimBlock(db, series, block);
      claims = await claimsOf(db, unnumbered);
    }
    await copyClaims(db, claims, fieldsOf);
  }
  throw new Error(`invoices ${ids.join(', ')}: no number after ${NUMBERING_TRIES} tries`);
}

async function claimsOf(db: Db, docs: InvoiceDoc[]): Promise<Map<string, SequenceClaim>> {
  const claims = await sequenceClaims(db)
    .find({ invoiceId: { $in: docs.map((d) => d._id) } })
    .toArray();
  return new Map(claims.map((c) => [c.invoiceId, c]));
}

/** Unclaimed documents by series, each series in the order the documents were asked for. */
function groupBySeries(docs: InvoiceDoc[], order: string[]): Map<string, InvoiceDoc[]> {
  const position = new Map(order.map((id, i) => [id, i]));
  const sorted = [...docs].sort((a, b) => position.get(a._id)! - position.get(b._id)!);
  const groups = new Map<string, InvoiceDoc[]>();
  for (const doc of sorted) groups.set(doc.series, [...(groups.get(doc.series) ?? []), doc]);
  return groups;
}

/** One write: the next numbers of the series for these documents, in order. */
async function claimBlock(db: Db, series: string, docs: InvoiceDoc[]): Promise<void> {
  const last = await sequenceClaims(db).findOne(
    { series },
    { sort: { number: -1 }, projection: { number: 1 } },
  );
  const first = (last?.number ?? 0) + 1;
  const claimedAt = new Date();
  try {
    await sequenceClaims(db).insertMany(
      docs.map((doc, i) => ({
        _id: `${series}:${first + i}`,
        series,
        number: first + i,
        invoiceId: doc._id,
        claimedAt,
      })),
      { ordered: true },
    );
  } catch (error) {
    // Another worker took one of these numbers (the rest are tried again from the new
    // last) or one of these documents (its claim is copied on the next round).
    if (!isDuplicateKey(error)) throw error;
  }
}

/** Copies each claim onto its document, in one write for the block. */
async function copyClaims(
  db: Db,
  claims: Map<string, SequenceClaim>,
  fieldsOf: Map<string, NumberedFields>,
): Promise<void> {
  if (claims.size === 0) return;
  const updatedAt = new Date();
  await invoices(db).bulkWrite(
    [...claims.values()].map((claim) => ({
      updateOne: {
        filter: { _id: claim.invoiceId, number: 0 },
        update: {
          $set: {
            ...fieldsOf.get(claim.invoiceId)!(claim.number),
            number: claim.number,
            updatedAt,
          },
        },
      },
    })),
    { ordered: true },
  );
}

function isDuplicateKey(error: unknown): boolean {
  const e = error as { code?: number; writeErrors?: Array<{ code?: number }> | { code?: number } };
  if (e.code === DUPLICATE_KEY) return true;
  const writeErrors = Array.isArray(e.writeErrors)
    ? e.writeErrors
    : e.writeErrors
      ? [e.writeErrors]
      : [];
  return writeErrors.length > 0 && writeErrors.every((w) => w.code === DUPLICATE_KEY);
}
