// A document's number, access key and issue date, taken together when it is numbered; and
// the numbering of a worker's documents in blocks (DESIGN Invoicing throughput).
import type { Db } from 'mongodb';
import { numberInvoices, type InvoiceDoc, type NumberedFields } from '../db/invoices';
import { accessKey } from './access-key';
import { ecuadorDate } from './certificate';

export function seriesOf(
  doc: Pick<InvoiceDoc, 'environment' | 'issuer' | 'estab' | 'ptoEmi' | 'kind'>,
): string {
  return `${doc.environment}:${doc.issuer.ruc}:${doc.estab}-${doc.ptoEmi}:${doc.kind}`;
}

/**
 * How long a numbered document is left to the process that numbered it (it moves it at once,
 * from its own documents in flight) before another process's sweep takes it: without it,
 * with several invoices processes, every sweep raced the others for documents they were
 * already moving (a lease refused and a read, each time). A process that died leaves its
 * documents to the others after this (DESIGN Invoicing throughput).
 */
export const NUMBERER_TURN_MS = 30_000;

export function numberedFields(
  doc: InvoiceDoc,
  now: () => Date = () => new Date(),
): NumberedFields {
  return (number) => {
    const issuedAt = now();
    const secuencial = String(number).padStart(9, '0');
    return {
      secuencial,
      issuedAt,
      nextAttemptAt: new Date(issuedAt.getTime() + NUMBERER_TURN_MS),
      accessKey: accessKey({
        issuedOn: ecuadorDate(issuedAt),
        kind: doc.kind,
        ruc: doc.issuer.ruc,
        environment: doc.environment,
        estab: doc.estab,
        ptoEmi: doc.ptoEmi,
        secuencial,
        numericCode: doc.numericCode,
      }),
    };
  };
}

/** The most documents numbered in one block (one claim write). */
const BLOCK_MAX = 100;

interface Waiting {
  doc: InvoiceDoc;
  resolve: (doc: InvoiceDoc) => void;
  reject: (error: unknown) => void;
}

/**
 * Numbers a document together with the others this process is numbering: while one
 * block's claim is being written, new documents wait and go together in the next block,
 * so a sale's facturas take one claim write per block instead of racing each other for
 * the series' next number one by one.
 */
export function numberInBlock(db: Db, doc: InvoiceDoc): Promise<InvoiceDoc> {
  let numberer = numberers.get(db);
  if (!numberer) numberers.set(db, (numberer = blockNumberer(db)));
  return numberer(doc);
}

const numberers = new WeakMap<Db, (doc: InvoiceDoc) => Promise<InvoiceDoc>>();

function blockNumberer(db: Db): (doc: InvoiceDoc) => Promise<InvoiceDoc> {
  const waiting: Waiting[] = [];
  let running = false;
  async function drain(): Promise<void> {
    running = true;
    while (waiting.length > 0) {
      const block = waiting.splice(0, BLOCK_MAX);
      try {
        const docs = await numberInvoices(
          db,
          block.map((w) => ({ id: w.doc._id, fields: numberedFields(w.doc) })),
        );
        block.forEach((w, i) => w.resolve(docs[i]!));
      } catch (error) {
        block.forEach((w) => w.reject(error));
      }
    }
    running = false;
  }
  return (doc) =>
    new Promise<InvoiceDoc>((resolve, reject) => {
      waiting.push({ doc, resolve, reject });
      if (!running) void drain();
    });
}
