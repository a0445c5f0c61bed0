// The holding attack of `npm run bench` (phase `holding`): a raffle of --holding-numbers
// (10 000) on sale with the default purchase limits, honest buyers selling it out while
// one address and ten addresses try to hold it with unpaid transfers (holding.js). The
// figures: the share of the raffle each attacker group holds at the end, and the honest
// buyers' create-order latency before and during the attack.
import path from 'node:path';
import type { Db } from 'mongodb';
import { runK6 } from '../harness/k6';

export interface HoldingFigures {
  totalNumbers: number;
  honestRate: number;
  attackRate: number;
  seconds: number;
  honestNumbersPaid: number;
  honestRefused: number;
  heldOneAddress: number;
  heldTenAddresses: number;
  attackRefused: number;
  remainderLeaked: number;
  /** Numbers still held by unpaid orders when the run ended, from the store. */
  unpaidAtEnd: number;
  honestOrderMsQuiet: Record<string, number> | null;
  honestOrderMsAttack: Record<string, number> | null;
}

export interface HoldingRun {
  baseUrl: string;
  db: Db;
  staffToken: string;
  totalNumbers: number;
  outDir: string;
  rate: number;
  attackRate: number;
  seconds: number;
}

export async function runHolding(run: HoldingRun): Promise<HoldingFigures> {
  const result = await runK6(
    'holding.js',
    {
      BASE_URL: run.baseUrl,
      STAFF_TOKEN: run.staffToken,
      RATE: String(run.rate),
      ATTACK_RATE: String(run.attackRate),
      DURATION: String(run.seconds),
    },
    path.join(run.outDir, 'bench-holding.json'),
  );
  if (!result.summary) throw new Error(`holding.js wrote no summary:\n${result.output}`);
  const summary = result.summary as unknown as Omit<
    HoldingFigures,
    'totalNumbers' | 'honestRate' | 'attackRate' | 'seconds' | 'unpaidAtEnd'
  >;
  const unpaid = await run.db
    .collection<{ quantity: number }>('purchases')
    .find({ status: 'PENDING', 'reservation.active': true }, { projection: { quantity: 1 } })
    .toArray();
  return {
    ...summary,
    totalNumbers: run.totalNumbers,
    honestRate: run.rate,
    attackRate: run.attackRate,
    seconds: run.seconds,
    unpaidAtEnd: unpaid.reduce((n, p) => n + p.quantity, 0),
  };
}

const pct = (n: number, total: number) => `${((100 * n) / total).toFixed(1)} %`;
const ms = (t: Record<string, number> | null, k: string) => (t?.[k] ?? NaN).toFixed(1);

export function formatHolding(h: HoldingFigures): string {
  return [
    `Holding attack: ${h.totalNumbers} numbers, default purchase limits, honest buyers ${h.honestRate}/s for ${h.seconds} s; from the 10th second one address and ten addresses each send ${h.attackRate} made-up buyers/s (an order for 1 000 000 000, then one for the per-order maximum), never paying.`,
    '',
    '| | numbers | share of the raffle |',
    '|---|---|---|',
    `| held by one address | ${h.heldOneAddress} | ${pct(h.heldOneAddress, h.totalNumbers)} |`,
    `| held by ten addresses | ${h.heldTenAddresses} | ${pct(h.heldTenAddresses, h.totalNumbers)} |`,
    `| paid by honest buyers | ${h.honestNumbersPaid} | ${pct(h.honestNumbersPaid, h.totalNumbers)} |`,
    `| unpaid at the end (store) | ${h.unpaidAtEnd} | ${pct(h.unpaidAtEnd, h.totalNumbers)} |`,
    '',
    `Attack orders refused: ${h.attackRefused}; answers that told an attacker the remainder: ${h.remainderLeaked}; honest buyers refused (they came once the numbers not held were sold): ${h.honestRefused}.`,
    `Honest create-order (incl. 'Solo quedan' retries) before the attack: p50 ${ms(h.honestOrderMsQuiet, 'med')} ms, p95 ${ms(h.honestOrderMsQuiet, 'p(95)')} ms (${h.honestOrderMsQuiet?.count ?? 0}); during it: p50 ${ms(h.honestOrderMsAttack, 'med')} ms, p95 ${ms(h.honestOrderMsAttack, 'p(95)')} ms (${h.honestOrderMsAttack?.count ?? 0}).`,
  ].join('\n');
}
