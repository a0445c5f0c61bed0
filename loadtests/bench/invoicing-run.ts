// The invoicing sellout (bench phase `invoicing`): the k6 sale with electronic invoicing on,
// as an operator who switched it on runs a sale evening. The invoices worker runs as its
// own processes (Kafka layout, `workers` of them in the consumer group) against the fake
// SRI, and meets both faults the issue of SRI invoices names: the SRI down for a minute
// while the buyers buy, then, once it is back and slow, one worker killed (SIGKILL) while
// facturas are at the SRI, and started again.
// The sale's audit then runs the invoices check (core/src/audit/invoices-check.ts): exactly
// one authorized factura per paid purchase, secuenciales 1..n in each series.
import type { Db } from 'mongodb';
import { invoices } from '@vag/core/db/invoices';
import { resolveInvoiceKey } from '@vag/core/invoices/secret-box';
import { saveCertificate, saveInvoicingSettings } from '@vag/core/invoices/settings';
import type { FakeSri } from '@vag/core/testing/fakes/sri';
import { TEST_INVOICING } from '@vag/core/testing/invoice-fixtures';
import { makeTestP12 } from '@vag/core/testing/test-certificate';
import { waitFor } from '@vag/core/testing/wait';
import { cpuMeter } from './cpu';
import type { Child } from './processes';

export interface InvoicingOptions {
  db: Db;
  sri: FakeSri;
  /** The key api and workers encrypt the certificate's password with (INVOICE_SECRET_KEY). */
  secretKey: string;
  /** How long after the buyers start the SRI goes down, and for how long. */
  outageAfterMs: number;
  outageMs: number;
  /** Longest wait, after the sale settles, for every paid purchase's authorized factura. */
  boundMs: number;
  /** Starts an invoices worker process (the first ones, and the one after the kill). */
  startWorker: (label: string) => Child;
  /** Invoices processes in the consumer group (DESIGN Invoicing throughput); 1 by default. */
  workers?: number;
}

export interface InvoicingFigures {
  /** Invoices processes in the group. */
  workers: number;
  /** The invoices processes' own CPU per authorized factura (all of them, the killed one too). */
  workerCpuMs: number;
  paid: number;
  authorized: number;
  /** Facturas the SRI had received whose answer the killed worker never wrote down. */
  atSriWhenKilled: number;
  /** Documents the SRI received twice (sent again after the kill: "CLAVE ACCESO REGISTRADA"). */
  sentTwice: number;
  outageSeconds: number;
  /** First payment → last factura authorized. */
  wallSeconds: number;
  /** Authorized facturas per second after the outage ended (the worker's own pace). */
  perSecondAfterOutage: number;
  /** The sale's pace: paid purchases per second, first payment → last payment. */
  paidPerSecond: number;
  /** Authorized facturas per second, first payment → last authorization, outage left out. */
  authorizedPerSecond: number;
}

/** The operator's Ajustes → Facturación electrónica, saved before the api starts. */
export async function setUpInvoicing(db: Db, secretKey: string): Promise<void> {
  await saveInvoicingSettings(db, TEST_INVOICING);
  await saveCertificate(
    db,
    { fileName: 'firma.p12', p12: makeTestP12(), password: 'clave-de-prueba' },
    resolveInvoiceKey({ INVOICE_SECRET_KEY: secretKey, DATA_DIR: '' }),
  );
}

/**
 * Runs beside the sale: `start` when the buyers start (the worker, then the faults),
 * `finish` once the sale's numbers and messages have settled (waits, bounded, for every
 * paid purchase's authorized factura and answers the figures).
 */
export function invoicingRun(options: InvoicingOptions) {
  const { sri } = options;
  const count = options.workers ?? 1;
  /** Each process's CPU meter; a killed one's is read just before its kill. */
  const spent: Array<() => number> = [];
  const meterCpu = (child: Child) => {
    const meter = cpuMeter(() => ({ worker: [child.pid] }));
    let final: number | null = null;
    spent.push(() => final ?? meter().worker ?? 0);
    return () => {
      final = meter().worker ?? 0;
    };
  };
  const start = (label: string) => {
    const child = options.startWorker(label);
    return { child, freeze: meterCpu(child) };
  };
  let worker: ReturnType<typeof start> | null = null;
  let faults: Promise<SriFaults> | null = null;
  const say = (text: string) => console.log(`invoicing: ${text}`);

  async function injectFaults(): Promise<SriFaults> {
    await sleep(options.outageAfterMs);
    return sriOutageThenKill({
      db: options.db,
      sri,
      outageMs: options.outageMs,
      sendsAgainWithinMs: 300_000,
      kill: () => {
        worker!.freeze();
        return worker!.child.kill();
      },
      restart: () => {
        worker = start('invoices-1-again');
      },
      say,
    });
  }

  return {
    start(): void {
      worker = start('invoices-1');
      for (let i = 2; i <= count; i++) start(`invoices-${i}`);
      faults = injectFaults();
    },
    async finish(): Promise<InvoicingFigures> {
      const { atSri: atSriWhenKilled, outageEndedAt } = await faults!;
      const purchases = options.db.collection<{ status: string; paidAt?: Date }>('purchases');
      const paid = await purchases.countDocuments({ status: 'COMPLETED' });
      const authorized = () =>
        invoices(options.db).countDocuments({ kind: 'factura', status: 'autorizada' });
      say(`${paid} paid purchases; waiting for their facturas…`);
      await waitFor(async () => (await authorized()) >= paid, {
        timeoutMs: options.boundMs,
        intervalMs: 1_000,
        message: `${paid} authorized facturas`,
      }).catch(() => say('not every factura was authorized in time'));
      const [firstPaid] = await purchases
        .find({ status: 'COMPLETED' })
        .sort({ paidAt: 1 })
        .limit(1)
        .toArray();
      const [last] = await invoices(options.db)
        .find({ status: 'autorizada' })
        .sort({ authorizedAt: -1 })
        .limit(1)
        .toArray();
      const [lastPaid] = await purchases
        .find({ status: 'COMPLETED' })
        .sort({ paidAt: -1 })
        .limit(1)
        .toArray();
      const lastAt = last?.authorizedAt?.getTime() ?? Date.now();
      const firstPaidAt = firstPaid?.paidAt?.getTime() ?? lastAt;
      const saleSeconds = ((lastPaid?.paidAt?.getTime() ?? lastAt) - firstPaidAt) / 1000;
      const authorizedAfterOutage = await invoices(options.db).countDocuments({
        status: 'autorizada',
        authorizedAt: { $gte: new Date(outageEndedAt) },
      });
      const authorizedCount = await authorized();
      const cpuSeconds = spent.reduce((sum, seconds) => sum + seconds(), 0);
      return {
        workers: count,
        workerCpuMs: (1000 * cpuSeconds) / Math.max(1, authorizedCount),
        paid,
        authorized: authorizedCount,
        atSriWhenKilled,
        sentTwice: [...sri.documents.values()].filter((d) => d.sends > 1).length,
        outageSeconds: options.outageMs / 1000,
        wallSeconds: (lastAt - (firstPaid?.paidAt?.getTime() ?? lastAt)) / 1000,
        perSecondAfterOutage: authorizedAfterOutage / ((lastAt - outageEndedAt) / 1000),
        paidPerSecond: paid / Math.max(1, saleSeconds),
        authorizedPerSecond:
          authorizedCount / Math.max(1, (lastAt - firstPaidAt - options.outageMs) / 1000),
      };
    },
  };
}

export interface SriFaults {
  /** Facturas the SRI had received whose answer the killed worker never wrote down. */
  atSri: number;
  outageEndedAt: number;
}

/**
 * Both faults an invoices worker meets: the SRI down (503) for `outageMs`, then back and
 * slow (1.5 s an answer); once the worker is sending again (20 requests) it is killed while
 * facturas are at the SRI, and started again once the SRI has answered what was in flight.
 * A sale so small that every factura was authorized before the outage leaves nothing to
 * send: the worker is killed then all the same, with none at the SRI.
 */
export async function sriOutageThenKill(options: {
  db: Db;
  sri: FakeSri;
  outageMs: number;
  sendsAgainWithinMs: number;
  kill: () => Promise<void>;
  restart: () => void;
  say: (text: string) => void;
}): Promise<SriFaults> {
  const { sri, say } = options;
  sri.setDown(true);
  say(`SRI down for ${options.outageMs / 1000} s`);
  await sleep(options.outageMs);
  sri.setDelay(1_500);
  sri.setDown(false);
  const outageEndedAt = Date.now();
  say('SRI back, answering in 1.5 s');
  const before = sri.requests.length;
  const unfinished = () =>
    invoices(options.db).countDocuments({ status: { $in: ['pendiente', 'enviada'] } });
  await waitFor(async () => sri.requests.length > before + 20 || (await unfinished()) === 0, {
    timeoutMs: options.sendsAgainWithinMs,
    intervalMs: 500,
    message: 'the invoices worker sending again after the outage',
  });
  await options.kill();
  // Let the SRI answer what was in flight: those facturas are authorized there and still
  // pendiente here, which the restarted worker must find out without a second number.
  await sleep(2_000);
  const atSri = await invoices(options.db).countDocuments({
    status: 'pendiente',
    accessKey: { $in: [...sri.documents.keys()] },
  });
  say(`invoices worker killed (SIGKILL) with ${atSri} facturas at the SRI; started again`);
  sri.setDelay(0);
  options.restart();
  return { atSri, outageEndedAt };
}

export function formatInvoicing(f: InvoicingFigures): string {
  return (
    `invoicing (${f.workers} invoices process${f.workers === 1 ? '' : 'es'}): ` +
    `${f.authorized} authorized facturas for ${f.paid} paid purchases; ` +
    `first payment → last authorization ${f.wallSeconds.toFixed(0)} s (SRI down ${f.outageSeconds} s), ` +
    `${f.perSecondAfterOutage.toFixed(1)} facturas/s after the outage, ` +
    `${f.authorizedPerSecond.toFixed(1)} facturas/s outage left out against the sale's ` +
    `${f.paidPerSecond.toFixed(1)} purchases/s; ` +
    `invoices processes' CPU ${f.workerCpuMs.toFixed(1)} ms a factura; ` +
    `a worker killed with ${f.atSriWhenKilled} at the SRI, ${f.sentTwice} sent twice`
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
