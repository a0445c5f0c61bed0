// One sellout of the benchmark: k6 buyers against a running server until every number
// is sold (or the time budget ends), then the store is read for the end-to-end figures
// (first order → last numbers assigned) and audited, raffle by raffle.
import path from 'node:path';
import type { Db } from 'mongodb';
import type { CommandFigures } from './command-counts';
import type { CpuSeconds } from './cpu';
import { auditRaffles, type AuditReport, type RaffleAudit } from '../audit';
import { runK6, type K6Summary, loadtestsDir } from '../harness/k6';
import { describeBehind, pipelineState, waitForPipeline } from '../harness/settle';

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
  /** Every raffle's audit together: ok when each passed (ids `<raffle>:<check>` for several). */
  audit: AuditReport;
  /** Each raffle sold: its numbers, whether it sold out, its own audit. */
  raffles: RaffleFigures[];
  /** The api's store commands over the sale (bench/command-tally.ts), when counted. */
  commands?: CommandFigures;
  /** CPU seconds of each process and of the machine from the first buyer to the end. */
  cpuSeconds?: CpuSeconds;
  /** The store's peak resident memory since it started, in MiB. */
  storePeakMb?: number | null;
}

export interface RaffleFigures {
  raffleId: string;
  totalNumbers: number;
  numbersSold: number;
  soldOut: boolean;
  audit: AuditReport;
}

export interface SelloutOptions {
  label: string;
  /** The raffles on sale (default: every raffle with a paid purchase). */
  raffleIds?: string[];
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
  /** What else must be done before the audit (the invoicing sale's facturas). */
  beforeAudit?: () => Promise<void>;
}

interface Row {
  raffleId: string;
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
  // The pipeline is waited for as long as it moves; a stall longer than the bound ends the
  // wait, and the bench says so plainly before its audit (which then fails on what is missing).
  const settle = async (withNotifications: boolean, boundMs: number) => {
    const started = Date.now();
    const caughtUp = await waitForPipeline(options.db, {
      withNotifications,
      boundMs,
      messagesReceived: options.messagesReceived,
      whileMoving: true,
    });
    if (!caughtUp)
      console.log(
        `${options.label}: stopped waiting for the pipeline after ${((Date.now() - started) / 1000).toFixed(0)} s, ${boundMs / 1000} s without progress: ${describeBehind(await pipelineState(options.db))}`,
      );
  };
  if (options.startNotifications) {
    await settle(false, options.settleMs);
    await options.startNotifications();
    await settle(true, options.drainMs ?? options.settleMs);
  } else {
    await settle(options.notifications, options.settleMs);
  }
  await options.beforeAudit?.();

  const rows = await options.db
    .collection<Row>('purchases')
    .find(
      { status: 'COMPLETED' },
      {
        projection: {
          raffleId: 1,
          createdAt: 1,
          paidAt: 1,
          quantity: 1,
          numbersAssignedAt: 1,
          notifications: 1,
        },
      },
    )
    .toArray();
  const audits = await auditRaffles(options.db, {
    raffleIds: options.raffleIds,
    notifications: options.notifications,
    reports: options.notifications,
    collections: options.notifications ? {} : { claims: null },
  });
  const raffles = await raffleFigures(options.db, audits, rows);
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
    totalNumbers: raffles.reduce((sum, r) => sum + r.totalNumbers, 0),
    soldOut: raffles.length > 0 && raffles.every((r) => r.soldOut),
    wallMs,
    purchasesPerSecond: assigned.length / (wallMs / 1000),
    numbersPerSecond: numbersAssigned / (wallMs / 1000),
    notifyWallMs,
    messagesPerSecond,
    audit: together(audits),
    raffles,
  };
}

async function raffleFigures(db: Db, audits: RaffleAudit[], rows: Row[]): Promise<RaffleFigures[]> {
  const figures: RaffleFigures[] = [];
  for (const { raffleId, report } of audits) {
    const raffle = await db
      .collection<{ _id: string; totalNumbers: number; sold: number }>('raffles')
      .findOne({ _id: raffleId });
    figures.push({
      raffleId,
      totalNumbers: raffle?.totalNumbers ?? 0,
      numbersSold: rows.filter((r) => r.raffleId === raffleId).reduce((s, r) => s + r.quantity, 0),
      soldOut: raffle !== null && raffle.sold === raffle.totalNumbers,
      audit: report,
    });
  }
  return figures;
}

/** One report of several raffles' audits: each check's id names its raffle when there are several. */
function together(audits: RaffleAudit[]): AuditReport {
  const named = audits.length > 1;
  return {
    ok: audits.length > 0 && audits.every((a) => a.report.ok),
    results: audits.flatMap(({ raffleId, report }) =>
      report.results.map((r) => (named ? { ...r, id: `${raffleId}:${r.id}` } : r)),
    ),
    stats: {
      totalNumbers: sumOf(audits, 'totalNumbers'),
      purchases: sumOf(audits, 'purchases'),
      completed: sumOf(audits, 'completed'),
      assigned: sumOf(audits, 'assigned'),
    },
  };
}

function sumOf(audits: RaffleAudit[], stat: keyof AuditReport['stats']): number {
  return audits.reduce((sum, a) => sum + a.report.stats[stat], 0);
}
