// The invoices worker: consumer group 'invoices' on purchase.paid (a factura, when
// invoicing is on) and purchase.refund_required (a nota de crédito for an authorized
// factura). The SRI's answers take seconds to minutes and the SRI is often down, so the
// event only drafts and numbers the document (numbered in blocks with the other events in
// hand, core/src/invoices/numbering.ts) and hands it to the documents in flight: up to
// IN_FLIGHT are signed, sent and asked for at once, so a sale's facturas keep pace with
// its purchases while each waits on the SRI (DESIGN Invoicing throughput). A periodic
// sweep moves every document whose next try is due (backoff in core/src/invoices/issue.ts),
// a numbered document the event left in flight when its worker died included, and
// announces each authorization with invoice.authorized. Leases keep two workers (or the
// event and the sweep) off one document; everything is idempotent.
import type { CoreDeps, BusMessage, Stoppable } from '@vag/core';
import { startPeriodicJob } from '@vag/core/periodic-job';
import { invoices } from '@vag/core/db/invoices';
import {
  advanceInvoice,
  draftFactura,
  draftNotaCredito,
  dueInvoices,
  type IssueDeps,
} from '@vag/core/invoices/issue';
import { resolveInvoiceKey } from '@vag/core/invoices/secret-box';
import { loadInvoicingSettings } from '@vag/core/invoices/settings';
import { sriEndpoints } from '@vag/core/invoices/sri-client';
import { makeEvent, TOPICS } from '@vag/contracts';
import { randomUUID } from 'node:crypto';
import { parseConsumedEvent } from '../consume';

export const INVOICES_GROUP_ID = 'invoices';
export const INVOICES_TOPICS = [TOPICS['purchase.paid'], TOPICS['purchase.refund_required']];
const SWEEP_INTERVAL_MS = 2_000;
/**
 * How long the worker trusts its reading of "invoicing on": with it off (the default) a
 * sale costs the store no read at all for invoices (server/src/flows/purchase-costs).
 */
const ENABLED_CACHE_MS = 10_000;

function cachedEnabled(db: CoreDeps['db']): () => Promise<boolean> {
  let cached: { value: boolean; at: number } | null = null;
  let loading: Promise<boolean> | null = null;
  return async () => {
    if (cached && Date.now() - cached.at < ENABLED_CACHE_MS) return cached.value;
    loading ??= loadInvoicingSettings(db)
      .then((s) => {
        cached = { value: s.enabled, at: Date.now() };
        return s.enabled;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };
}
/**
 * Events handled at once (Kafka partitions taken together): each only drafts and numbers,
 * and those in hand together go in one block of numbers.
 */
const EVENT_CONCURRENCY = 12;
/**
 * Documents signed, sent and asked for at once: the SRI answers each call in a second or
 * more, two calls a document, so 64 at once hold ~30 facturas/s at that pace (about what
 * one worker's CPU allows per core, DESIGN Invoicing throughput) and more when it answers
 * faster. Bounded, as a polite client of a public service and so that a backlog after an
 * outage is worked through at a steady pace rather than all at once.
 */
const IN_FLIGHT = 64;

export interface InvoicesWorkerDeps extends IssueDeps {
  /** Whether invoicing is on (cached briefly). */
  enabled: () => Promise<boolean>;
  /** The documents this worker is moving; an event or a sweep adds to it. */
  inFlight: InFlight;
}

export function invoiceIssueDeps(
  deps: Pick<CoreDeps, 'db' | 'env' | 'bus' | 'log'>,
): InvoicesWorkerDeps {
  let key: Buffer | undefined;
  const issue: InvoicesWorkerDeps = {
    enabled: cachedEnabled(deps.db),
    db: deps.db,
    secretKey: () => (key ??= resolveInvoiceKey(deps.env)),
    endpoints: (environment) => sriEndpoints(environment, deps.env),
    owner: `invoices-${randomUUID().slice(0, 8)}`,
    inFlight: inFlight(IN_FLIGHT, (id) =>
      advanceAndAnnounce(deps, issue, id).catch((error: unknown) =>
        // The document keeps its state: the sweep takes it again once its lease ends.
        deps.log.warn({ err: error, invoiceId: id }, 'invoice step failed; the sweep retries'),
      ),
    ),
  };
  return issue;
}

/** Documents being moved, at most `limit` at once, each once however often it is added. */
export interface InFlight {
  /** Adds a document, after waiting while the queue is full (the consumer slows down). */
  add(id: string): Promise<void>;
  /** Resolves when every added document has been moved. */
  idle(): Promise<void>;
}

export function inFlight(limit: number, move: (id: string) => Promise<void>): InFlight {
  const queued: string[] = [];
  const known = new Set<string>();
  let running = 0;
  let waiters: Array<() => void> = [];
  const wake = () => {
    const ready = waiters;
    waiters = [];
    ready.forEach((resume) => resume());
  };
  function next(): void {
    while (running < limit && queued.length > 0) {
      const id = queued.shift()!;
      running++;
      void move(id).finally(() => {
        running--;
        known.delete(id);
        next();
        wake();
      });
    }
  }
  return {
    async add(id) {
      while (queued.length >= limit) await new Promise<void>((resume) => waiters.push(resume));
      if (known.has(id)) return;
      known.add(id);
      queued.push(id);
      next();
    },
    async idle() {
      while (known.size > 0) await new Promise<void>((resume) => waiters.push(resume));
    },
  };
}

export async function handleInvoicesMessage(
  deps: Pick<CoreDeps, 'db' | 'log' | 'bus'>,
  issue: InvoicesWorkerDeps,
  message: BusMessage,
): Promise<void> {
  const event = parseConsumedEvent(deps.log, INVOICES_GROUP_ID, message);
  if (!event) return;
  if (event.type !== 'invoice.authorized' && !(await issue.enabled())) return;
  switch (event.type) {
    case 'purchase.paid': {
      const doc = await draftFactura(deps.db, event.data.purchaseId);
      if (doc) await issue.inFlight.add(doc._id);
      return;
    }
    case 'purchase.refund_required': {
      const doc = await draftNotaCredito(deps.db, event.data.purchaseId, 'Devolución del pago');
      if (doc) await issue.inFlight.add(doc._id);
      return;
    }
    case 'purchase.expired':
    case 'numbers.assigned':
    case 'notification.failed':
    case 'purchase.notice':
    case 'raffle.drawn':
    case 'lookup.requested':
    case 'invoice.authorized':
      return;
    default: {
      const unknown: never = event;
      throw new Error(`invoices: unhandled event ${JSON.stringify(unknown)}`);
    }
  }
}

/** Moves one document and, the first time it is authorized, publishes invoice.authorized. */
export async function advanceAndAnnounce(
  deps: Pick<CoreDeps, 'db' | 'bus'>,
  issue: IssueDeps,
  invoiceId: string,
): Promise<void> {
  const doc = await advanceInvoice(issue, invoiceId);
  if (doc?.status !== 'autorizada' || doc.announcedAt) return;
  await deps.bus.publish([
    {
      topic: TOPICS['invoice.authorized'],
      key: doc.purchaseId,
      value: makeEvent('invoice.authorized', {
        invoiceId: doc._id,
        purchaseId: doc.purchaseId,
        kind: doc.kind,
      }),
    },
  ]);
  // Marked after publishing: a crash in between announces twice, and the mail worker
  // is idempotent; marking first could announce never.
  await invoices(deps.db).updateOne(
    { _id: doc._id, announcedAt: { $exists: false } },
    { $set: { announcedAt: new Date() } },
  );
}

/**
 * Every document whose next try is due joins the documents in flight (those already there
 * are not added twice); also announces missed ones. Answers how many it found.
 */
export async function sweepInvoices(
  deps: Pick<CoreDeps, 'db'>,
  issue: InvoicesWorkerDeps,
): Promise<number> {
  if (!(await issue.enabled())) return 0;
  const due = await dueInvoices(deps.db, new Date());
  const unannounced = await invoices(deps.db)
    .find(
      { status: 'autorizada', announcedAt: { $exists: false } },
      { projection: { _id: 1 }, limit: 100 },
    )
    .toArray();
  const ids = [...due, ...unannounced.map((d) => d._id)];
  for (const id of ids) await issue.inFlight.add(id);
  return ids.length;
}

export async function startInvoicesWorker(deps: CoreDeps): Promise<Stoppable> {
  const log = deps.log.child({ worker: INVOICES_GROUP_ID });
  const issue = invoiceIssueDeps({ ...deps, log });
  const subscription = await deps.bus.subscribe({
    groupId: INVOICES_GROUP_ID,
    topics: INVOICES_TOPICS,
    concurrency: EVENT_CONCURRENCY,
    handler: (message) => handleInvoicesMessage({ ...deps, log }, issue, message),
  });
  const sweep = startPeriodicJob({
    everyMs: SWEEP_INTERVAL_MS,
    pass: () => sweepInvoices(deps, issue),
    log,
    failure: 'invoice sweep failed; the next one retries',
  });
  return {
    stop: async () => {
      await sweep.stop();
      await subscription.stop();
      await issue.inFlight.idle();
    },
  };
}
