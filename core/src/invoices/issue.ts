// From a paid purchase to an authorized factura (and from a refund to a nota de crédito),
// as the invoices worker runs it — never in the buyer's request. Each step is a
// conditional update, so a redelivered event or a second worker repeats nothing:
// draft (once per purchase and kind) → number (numberInvoice) → sign → send
// (RECIBIDA, or DEVUELTA: waits for staff) → ask for the authorization until AUTORIZADO or
// NO AUTORIZADO. While the SRI is down the document keeps its state and is tried again
// later with a growing wait (nextAttemptAt); a lease keeps two workers off one document.
import { randomInt, randomUUID } from 'node:crypto';
import { INVOICE_TEXTS, type SriMessage } from '@vag/contracts';
import type { Db } from 'mongodb';
import { getRaffle } from '../db/raffle';
import { getPurchase } from '../db/purchases';
import { draftInvoice, invoices, type InvoiceDoc, type InvoiceIssuer } from '../db/invoices';
import { buyerForPurchase } from './buyer';
import { CertificateError, ecuadorDate } from './certificate';
import { numberInBlock, seriesOf } from './numbering';
import { loadInvoicingSettings, loadSigningCertificate } from './settings';
import { signComprobante } from './sign';
import {
  autorizacionComprobante,
  SriUnavailableError,
  validarComprobante,
  type SriEndpoints,
} from './sri-client';
import { comprobanteXml, splitTax } from './xml';

export interface IssueDeps {
  db: Db;
  /** Opens the sealed certificate (resolveInvoiceKey). */
  /** Opens the sealed certificate (resolveInvoiceKey), asked for only when signing. */
  secretKey: () => Buffer;
  endpoints: (environment: InvoiceDoc['environment']) => SriEndpoints;
  /** This worker's name on the leases it takes. */
  owner: string;
  now?: () => Date;
}

const LEASE_MS = 60_000;
/** Waits between tries while the SRI is down or still processing: 2 s doubling to 10 min. */
export function backoffMs(attempts: number): number {
  return Math.min(2_000 * 2 ** Math.max(0, attempts - 1), 600_000);
}

/** The factura of a paid purchase: drafted and numbered once, null when invoicing is off. */
export async function draftFactura(db: Db, purchaseId: string): Promise<InvoiceDoc | null> {
  const settings = await loadInvoicingSettings(db);
  if (!settings.enabled) return null;
  const purchase = await getPurchase(db, purchaseId);
  if (!purchase) return null;
  const raffle = await getRaffle(db, purchase.raffleId);
  const { buyer, problem } = buyerForPurchase(purchase, settings.consumidorFinalLimit);
  const { base, iva } = splitTax(purchase.totalPrice, settings.ivaRate);
  const issuer: InvoiceIssuer = {
    ruc: settings.ruc,
    razonSocial: settings.razonSocial,
    nombreComercial: settings.nombreComercial,
    dirMatriz: settings.dirMatriz,
    dirEstablecimiento: settings.dirEstablecimiento,
    obligadoContabilidad: settings.obligadoContabilidad,
    contribuyenteEspecial: settings.contribuyenteEspecial,
    regime: settings.regime,
  };
  const fields = {
    _id: randomUUID(),
    kind: 'factura' as const,
    purchaseId,
    orderCode: purchase.orderCode,
    raffleId: purchase.raffleId,
    environment: settings.environment,
    estab: settings.estab,
    ptoEmi: settings.ptoEmi,
    numericCode: String(randomInt(0, 100_000_000)).padStart(8, '0'),
    issuer,
    buyer,
    line: {
      description: `Boletos ${raffle?.name ?? 'rifa'}`.slice(0, 300),
      quantity: purchase.quantity,
      unitPriceWithTax: purchase.totalPrice / purchase.quantity,
    },
    ivaRate: settings.ivaRate,
    paymentMethod: purchase.paymentMethod,
    subtotal: base,
    iva,
    total: purchase.totalPrice,
  };
  const draft = await draftInvoice(db, { ...fields, series: seriesOf(fields) });
  const numbered = await numberInBlock(db, draft);
  if (problem) await holdForStaff(db, numbered, [localMessage(problem)]);
  return numbered;
}

/**
 * The nota de crédito for a refunded purchase whose factura was authorized: the same
 * buyer and amounts, referencing the factura. Null when there is nothing to correct.
 */
export async function draftNotaCredito(
  db: Db,
  purchaseId: string,
  reason: string,
): Promise<InvoiceDoc | null> {
  const factura = await invoices(db).findOne({ purchaseId, kind: 'factura' });
  if (!factura || factura.status !== 'autorizada') return null;
  const {
    _id,
    number,
    secuencial,
    accessKey,
    status,
    messages,
    attempts,
    createdAt,
    issuedAt,
    updatedAt,
    ...same
  } = factura;
  void [_id, number, secuencial, accessKey, status, messages, attempts, createdAt, updatedAt];
  const fields = {
    ...same,
    _id: randomUUID(),
    kind: 'nota_credito' as const,
    numericCode: String(randomInt(0, 100_000_000)).padStart(8, '0'),
    modifies: `${factura.estab}-${factura.ptoEmi}-${factura.secuencial}`,
    modifiesIssuedOn: ecuadorDate(issuedAt),
    reason,
    signedXml: undefined,
    authorizedXml: undefined,
    authorizationNumber: undefined,
    authorizedAt: undefined,
    leaseUntil: undefined,
    leaseOwner: undefined,
    nextAttemptAt: undefined,
  };
  const draft = await draftInvoice(db, { ...fields, series: seriesOf(fields) });
  return numberInBlock(db, draft);
}

/** One step forward for a document; returns its state after. Safe to call any number of times. */
export async function advanceInvoice(
  deps: IssueDeps,
  invoiceId: string,
): Promise<InvoiceDoc | null> {
  const now = deps.now?.() ?? new Date();
  const doc = await takeLease(deps.db, invoiceId, deps.owner, now);
  if (!doc) return invoices(deps.db).findOne({ _id: invoiceId });
  let authorized: InvoiceDoc | null = null;
  try {
    const sent = doc.status === 'pendiente' ? await send(deps, doc, now) : doc;
    if (sent?.status === 'enviada') authorized = await askAuthorization(deps, sent, now);
  } catch (error) {
    // The certificate expired (or its password no longer opens it) after it was uploaded:
    // nothing goes to the SRI, which would refuse the signature; the document waits with
    // the reason and goes on by itself once a valid certificate is uploaded.
    if (error instanceof CertificateError)
      await retryLater(deps.db, doc, now, [localMessage(error.message)]);
    else if (error instanceof SriUnavailableError)
      await retryLater(deps.db, doc, now, [localMessage(INVOICE_TEXTS.sriUnavailable)]);
    else throw error;
  } finally {
    // An authorization's own write let the lease go (a sale's facturas take this path:
    // two store commands fewer each, DESIGN Invoicing throughput).
    if (!authorized)
      await invoices(deps.db).updateOne(
        { _id: invoiceId, leaseOwner: deps.owner },
        { $unset: { leaseUntil: '', leaseOwner: '' } },
      );
  }
  return authorized ?? invoices(deps.db).findOne({ _id: invoiceId });
}

/** Documents whose next try is due (the worker's sweep). */
export async function dueInvoices(db: Db, now: Date, limit = 100): Promise<string[]> {
  const docs = await invoices(db)
    .find(
      {
        status: { $in: ['pendiente', 'enviada'] },
        number: { $gt: 0 },
        $or: [{ nextAttemptAt: { $exists: false } }, { nextAttemptAt: { $lte: now } }],
      },
      { projection: { _id: 1 }, limit },
    )
    .toArray();
  return docs.map((d) => d._id);
}

/**
 * Staff corrected the buyer (or the operator's data) of a returned or refused document:
 * it is built, signed and sent again with its own number and access key, which the SRI
 * never registered. An authorized document cannot be re-issued.
 */
export async function reissueInvoice(
  db: Db,
  invoiceId: string,
  by: string,
): Promise<InvoiceDoc | null> {
  const doc = await invoices(db).findOneAndUpdate(
    { _id: invoiceId, status: { $in: ['devuelta', 'no_autorizada'] } },
    {
      $set: {
        status: 'pendiente',
        messages: [],
        attempts: 0,
        nextAttemptAt: new Date(),
        reissuedBy: by,
        updatedAt: new Date(),
      },
      $unset: { signedXml: '' },
    },
    { returnDocument: 'after' },
  );
  return doc;
}

/** The document as sent (enviada), or null when it was not (held, returned). */
async function send(deps: IssueDeps, doc: InvoiceDoc, now: Date): Promise<InvoiceDoc | null> {
  const signedXml = doc.signedXml ?? (await sign(deps, doc, now));
  if (!signedXml) return null;
  const answer = await validarComprobante(deps.endpoints(doc.environment), signedXml);
  // "Clave de acceso registrada": an earlier send (before a crash) got there; ask for it.
  const alreadyThere =
    answer.state === 'DEVUELTA' && answer.messages.some((m) => m.identificador === '43');
  if (answer.state === 'RECIBIDA' || alreadyThere) {
    // Held under this worker's lease: the update is the document's state, no read needed.
    const sent = await invoices(deps.db).updateOne(
      { _id: doc._id, status: 'pendiente' },
      { $set: { status: 'enviada', nextAttemptAt: now, updatedAt: now }, $inc: { attempts: 1 } },
    );
    if (sent.matchedCount === 0) return invoices(deps.db).findOne({ _id: doc._id });
    return {
      ...doc,
      signedXml,
      status: 'enviada',
      attempts: doc.attempts + 1,
      nextAttemptAt: now,
      updatedAt: now,
    };
  }
  await holdForStaff(deps.db, doc, answer.messages, 'devuelta');
  return null;
}

async function sign(deps: IssueDeps, doc: InvoiceDoc, now: Date): Promise<string | null> {
  const signer = await loadSigningCertificate(deps.db, deps.secretKey(), now);
  if (!signer) {
    await holdForStaff(deps.db, doc, [localMessage(INVOICE_TEXTS.certificate.missing)]);
    return null;
  }
  const signedXml = await signComprobante(comprobanteXml(doc), signer, now);
  const saved = await invoices(deps.db).updateOne(
    { _id: doc._id, signedXml: { $exists: false } },
    { $set: { signedXml, updatedAt: now } },
  );
  if (saved.modifiedCount === 1) return signedXml;
  // Signed meanwhile by another worker: that signature is the one the SRI may have.
  return (await invoices(deps.db).findOne({ _id: doc._id }))?.signedXml ?? signedXml;
}

/** The document as authorized (its lease let go), or null when it is not (yet). */
async function askAuthorization(
  deps: IssueDeps,
  doc: InvoiceDoc,
  now: Date,
): Promise<InvoiceDoc | null> {
  const answer = await autorizacionComprobante(deps.endpoints(doc.environment), doc.accessKey);
  if (answer.state === 'AUTORIZADO') {
    const fields = {
      status: 'autorizada' as const,
      authorizationNumber: answer.number,
      authorizedAt: new Date(answer.authorizedAt),
      authorizedXml: answer.authorizationXml,
      messages: answer.messages,
      updatedAt: now,
    };
    const saved = await invoices(deps.db).updateOne(
      { _id: doc._id, status: 'enviada' },
      { $set: fields, $unset: { nextAttemptAt: '', leaseUntil: '', leaseOwner: '' } },
    );
    if (saved.matchedCount === 0) return null;
    // Written just now under this worker's lease: the document's state, no read needed.
    const { nextAttemptAt, leaseUntil, leaseOwner, ...rest } = doc;
    void [nextAttemptAt, leaseUntil, leaseOwner];
    return { ...rest, ...fields };
  }
  if (answer.state === 'NO AUTORIZADO')
    await holdForStaff(deps.db, doc, answer.messages, 'no_autorizada');
  else await retryLater(deps.db, doc, now, []);
  return null;
}

async function retryLater(
  db: Db,
  doc: InvoiceDoc,
  now: Date,
  messages: SriMessage[],
): Promise<void> {
  const attempts = doc.attempts + 1;
  await invoices(db).updateOne(
    { _id: doc._id, status: { $in: ['pendiente', 'enviada'] } },
    {
      $set: {
        attempts,
        nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
        messages,
        updatedAt: now,
      },
    },
  );
}

async function holdForStaff(
  db: Db,
  doc: InvoiceDoc,
  messages: SriMessage[],
  status: 'devuelta' | 'no_autorizada' = 'devuelta',
): Promise<void> {
  await invoices(db).updateOne(
    { _id: doc._id, status: { $in: ['pendiente', 'enviada'] } },
    { $set: { status, messages, updatedAt: new Date() }, $unset: { nextAttemptAt: '' } },
  );
}

async function takeLease(db: Db, id: string, owner: string, now: Date): Promise<InvoiceDoc | null> {
  return invoices(db).findOneAndUpdate(
    {
      _id: id,
      status: { $in: ['pendiente', 'enviada'] },
      $or: [{ leaseUntil: { $exists: false } }, { leaseUntil: { $lt: now } }],
    },
    { $set: { leaseUntil: new Date(now.getTime() + LEASE_MS), leaseOwner: owner } },
    { returnDocument: 'after' },
  );
}

/** A message of our own checks, shaped like the SRI's so staff read them in one list. */
function localMessage(mensaje: string): SriMessage {
  return { identificador: 'VAG', mensaje, tipo: 'ERROR' };
}
