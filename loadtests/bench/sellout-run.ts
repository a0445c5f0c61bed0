// One sellout of the benchmark: k6 buyers against a running server until every number
// is sold (or the time budget ends), then the store is read for the end-to-end figures
// (first order → last numbers assigned) and audited.
import path from 'node:path';
import type { Db } from 'mongodb';
import type { CpuSeconds } from './cpu';
import { auditRaffle, type AuditReport } from '../audit';
import { runK6, type K6Summary, loadtestsDir } from '../harness/k6';
import { waitForPipeline } from '../harness/settle';

export interface SelloutFigures {
  label: string;
  k6: K6Summary | null;
  k6Code: number;
  completed: number;
  /** Completed purchases holding their numbers when the run was measured. */
  withNumbers: number;
  numbersSold: number;
  totalNumbers: number;
  soldOut: boolean;
  /** First purchase created → last purchase with its numbers. */
  wallMs: number;
  /** Purchases and numbers that reached their buyer (numbers assigned) per second of wall time. */
  purchasesPerSecond: number;
  numbersPerSecond: number;
  /**
   * The notification-bound part: first payment → last e-mail/SMS sent while the sale
   * runs, or first → last message sent when the senders start on a backlog.
   */
  notifyWallMs: number | null;
  messagesPerSecond: number | null;
  audit: AuditReport;
  /** CPU seconds of each process and of the machine from the first buyer to the end. */
  cpuSeconds?: CpuSeconds;
  /** The store's peak resident memory since it started, in MiB. */
  storePeakMb?: number | null;
}

export interface SelloutOptions {
  label: string;
  baseUrl: string;
  db: Db;
  k6Env: Record<string, string>;
  /** Wait this long at most for numbers and messages after the buyers are done. */
  settleMs: number;
  /** With startNotifications: how long the senders may take for the backlog. */
  drainMs?: number;
  notifications: boolean;
  /**
   * How many messages the e-mail and SMS providers have received so far: the probe
   * that waits for the pipeline reads the store again only once they have had enough.
   */
  messagesReceived?: () => number;
  /**
   * Starts the e-mail/SMS senders once every paid purchase has its numbers, so that
   * they work through the whole backlog and their own throughput is measured.
   */
  startNotifications?: () => Promise<void>;
}

interface Row {
  createdAt: Date;
  paidAt?: Date;
  quantity: number;
  numbersAssignedAt?: Date;
  notifications?: { email?: { sentAt?: Date }; sms?: { sentAt?: Date } };
}

export async function runSellout(options: SelloutOptions): Promise<SelloutFigures> {
  const summaryPath = path.join(loadtestsDir, 'out', `bench-${options.label}.json`);
  const run = await runK6(
    'sellout.js',
    { STOP_WHEN_SOLD_OUT: '1', ...options.k6Env, BASE_URL: options.baseUrl },
    summaryPath,
  );
  if (run.code !== 0 && run.code !== 99 && run.code !== 108) {
    throw new Error(`k6 failed (${run.code}) on ${options.label}:\n${run.output}`);
  }
  const settle = (withNotifications: boolean, boundMs: number) =>
    waitForPipeline(options.db, {
      withNotifications,
      boundMs,
      messagesReceived: options.messagesReceived,
    });
  if (options.startNotifications) {
    await settle(false, options.settleMs);
    await options.startNotifications();
    await settle(true, options.drainMs ?? options.settleMs);
  } else {
    await settle(options.notifications, options.settleMs);
  }

  const rows = await options.db
    .collection<Row>('purchases')
    .find(
      { status: 'COMPLETED' },
      {
        projection: {
          createdAt: 1,
          paidAt: 1,
          quantity: 1,
          numbersAssignedAt: 1,
          notifications: 1,
        },
      },
    )
    .toArray();
  const raffle = await options.db
    .collection<{ _id: string; totalNumbers: number; sold: number }>('raffles')
    .findOne({ _id: 'current' });
  const first = Math.min(...rows.map((r) => r.createdAt.getTime()));
  const lastNumbers = Math.max(...rows.map((r) => r.numbersAssignedAt?.getTime() ?? 0));
  const wallMs = lastNumbers - first;
  const numbersSold = rows.reduce((sum, r) => sum + r.quantity, 0);
  const assigned = rows.filter((r) => r.numbersAssignedAt);
  const numbersAssigned = assigned.reduce((sum, r) => sum + r.quantity, 0);

  let notifyWallMs: number | null = null;
  let messagesPerSecond: number | null = null;
  if (options.notifications) {
    const sent = rows
      .flatMap((r) => [r.notifications?.email?.sentAt, r.notifications?.sms?.sentAt])
      .filter((d): d is Date => Boolean(d))
      .map((d) => d.getTime());
    const from = options.startNotifications
      ? Math.min(...sent)
      : Math.min(...rows.map((r) => r.paidAt?.getTime() ?? Infinity));
    if (sent.length > 1) {
      notifyWallMs = Math.max(...sent) - from;
      messagesPerSecond = sent.length / (notifyWallMs / 1000);
    }
  }

  return {
    label: options.label,
    k6: run.summary,
    k6Code: run.code,
    completed: rows.length,
    withNumbers: assigned.length,
    numbersSold,
    totalNumbers: raffle?.totalNumbers ?? 0,
    soldOut: raffle !== null && raffle.sold === raffle.totalNumbers,
    wallMs,
    purchasesPerSecond: assigned.length / (wallMs / 1000),
    numbersPerSecond: numbersAssigned / (wallMs / 1000),
    notifyWallMs,
    messagesPerSecond,
    audit: await auditRaffle(options.db, {
      notifications: options.notifications,
      reports: options.notifications,
      collections: options.notifications ? {} : { claims: null },
    }),
  };
}
