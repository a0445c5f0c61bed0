// The pick-your-numbers rush of `npm run bench` (phase `picks`): a raffle in 'pick' mode
// beside the featured one, the k6 rush (picks-rush.js) in one of its shapes, then the
// sellout audit of that raffle (its `picks` check: no number held or sold twice, each
// paid order with exactly the numbers it chose; and I1).
import path from 'node:path';
import type { Db } from 'mongodb';
import { auditRaffles, formatReport, type AuditReport } from '../audit';
import { runK6 } from '../harness/k6';

export type PicksShape = 'contest' | 'grid';

export interface PicksFigures {
  rush: PicksShape;
  buyers: number;
  durationMs: number;
  ordersCreated: number;
  numbersWon: number;
  numbersRefused: number;
  takenAnswers: number;
  unexpectedErrorRate: number;
  checksRate: number;
  createOrders: number;
  createOrderMs: Record<string, number> | null;
  luckyNumbersMs: Record<string, number> | null;
  thresholds: Record<string, boolean>;
  k6Code: number;
  /** Numbers sold in the store once every confirmed transfer was applied. */
  numbersSold: number;
  audit: AuditReport;
}

export interface PicksRun {
  baseUrl: string;
  db: Db;
  staffToken: string;
  raffleId: string;
  raffleSlug: string;
  rush: PicksShape;
  outDir: string;
}

export async function runPicks(run: PicksRun): Promise<PicksFigures> {
  const result = await runK6(
    'picks-rush.js',
    {
      BASE_URL: run.baseUrl,
      STAFF_TOKEN: run.staffToken,
      RUSH: run.rush,
      RAFFLE: run.raffleSlug,
    },
    path.join(run.outDir, `bench-picks-${run.rush}.json`),
  );
  if (!result.summary) throw new Error(`picks-rush.js wrote no summary:\n${result.output}`);
  const summary = result.summary as unknown as Omit<
    PicksFigures,
    'k6Code' | 'numbersSold' | 'audit'
  >;
  await numbersAssigned(run, SETTLE_MS);
  // The rush measures the numbers, not the messages: the audit looks at what it decides.
  const [audited] = await auditRaffles(run.db, {
    raffleIds: [run.raffleId],
    notifications: false,
    reports: false,
  });
  if (!audited) throw new Error(`no audit for raffle ${run.raffleId}`);
  const sold = await paidOrders(run).toArray();
  return {
    ...summary,
    k6Code: result.code,
    numbersSold: sold.reduce((n, p) => n + p.quantity, 0),
    audit: audited.report,
  };
}

/** Longest wait for the pipeline to give every paid order its numbers. */
const SETTLE_MS = 180_000;

const paidOrders = (run: PicksRun) =>
  run.db
    .collection<{ quantity: number; numbersAssignedAt?: Date }>('purchases')
    .find(
      { raffleId: run.raffleId, status: 'COMPLETED' },
      { projection: { quantity: 1, numbersAssignedAt: 1 } },
    );

/** Waits until every paid order of the raffle has its numbers (or `timeoutMs` passed). */
async function numbersAssigned(run: PicksRun, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const rows = await paidOrders(run).toArray();
    if (rows.every((r) => r.numbersAssignedAt)) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const ms = (t: Record<string, number> | null, k: string) => (t?.[k] ?? NaN).toFixed(1);

export function formatPicks(p: PicksFigures): string {
  const seconds = p.durationMs / 1000;
  return [
    `Picks rush '${p.rush}': ${p.buyers} buyers in ${seconds.toFixed(1)} s (${(p.buyers / seconds).toFixed(1)} buyers/s, ${(p.createOrders / seconds).toFixed(1)} create-orders/s); k6 exit ${p.k6Code}.`,
    `Orders created ${p.ordersCreated} (${p.numbersWon} numbers), refused with the taken numbers named ${p.takenAnswers} (${p.numbersRefused} numbers named); numbers sold in the store ${p.numbersSold}; unexpected answers ${(100 * p.unexpectedErrorRate).toFixed(2)} %, checks ${(100 * p.checksRate).toFixed(2)} %.`,
    `create-order p50 ${ms(p.createOrderMs, 'med')} ms, p95 ${ms(p.createOrderMs, 'p(95)')} ms, max ${ms(p.createOrderMs, 'max')} ms (${p.createOrders}); lucky-numbers p95 ${ms(p.luckyNumbersMs, 'p(95)')} ms.`,
    `Audit: ${p.audit.ok ? 'PASS' : 'FAIL'}`,
    formatReport(p.audit),
  ].join('\n');
}
