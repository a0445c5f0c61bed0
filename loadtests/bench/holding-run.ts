// The holding attack of `npm run bench` (phase `holding`): a raffle of 10 000 numbers on
// sale with the default purchase limits, honest buyers selling it out while one address
// and ten addresses try to hold it with unpaid transfers (holding.js); then pick raffles
// of 200 and 1 000 numbers, the attackers alone. The figures: the share of the raffle
// each attacker group holds at the end, and the honest buyers' create-order latency
// before and during the attack.
import path from 'node:path';
import type { Db } from 'mongodb';
import { runK6 } from '../harness/k6';

export interface HoldingFigures {
  totalNumbers: number;
  /** How the raffle gives its numbers: drawn by the server, or chosen by the buyer. */
  numberMode: 'random' | 'pick';
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
  /** A raffle beside the featured one (its id), in pick mode; none: the featured raffle. */
  pickRaffleId?: string;
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
      ...(run.pickRaffleId ? { RAFFLE: run.pickRaffleId, ATTACK_START: '0' } : {}),
    },
    path.join(run.outDir, `bench-holding-${run.totalNumbers}.json`),
  );
  if (!result.summary) throw new Error(`holding.js wrote no summary:\n${result.output}`);
  const summary = result.summary as unknown as Omit<
    HoldingFigures,
    'totalNumbers' | 'numberMode' | 'honestRate' | 'attackRate' | 'seconds' | 'unpaidAtEnd'
  >;
  const unpaid = await run.db
    .collection<{ quantity: number }>('purchases')
    .find(
      {
        status: 'PENDING',
        'reservation.active': true,
        ...(run.pickRaffleId ? { raffleId: run.pickRaffleId } : {}),
      },
      { projection: { quantity: 1 } },
    )
    .toArray();
  return {
    ...summary,
    totalNumbers: run.totalNumbers,
    numberMode: run.pickRaffleId ? 'pick' : 'random',
    honestRate: run.rate,
    attackRate: run.attackRate,
    seconds: run.seconds,
    unpaidAtEnd: unpaid.reduce((n, p) => n + p.quantity, 0),
  };
}

const pct = (n: number, total: number) => `${((100 * n) / total).toFixed(1)} %`;
const ms = (t: Record<string, number> | null, k: string) => (t?.[k] ?? NaN).toFixed(1);

export function formatHolding(h: HoldingFigures): string {
  const who =
    h.honestRate > 0
      ? `honest buyers ${h.honestRate}/s for ${h.seconds} s; from the 10th second one address and ten addresses each send ${h.attackRate} made-up buyers/s`
      : `no honest buyers; for ${h.seconds} s one address and ten addresses each send ${h.attackRate} made-up buyers/s choosing numbers at random`;
  const rows = [
    `| held by one address | ${h.heldOneAddress} | ${pct(h.heldOneAddress, h.totalNumbers)} |`,
    `| held by ten addresses | ${h.heldTenAddresses} | ${pct(h.heldTenAddresses, h.totalNumbers)} |`,
    ...(h.honestRate > 0
      ? [
          `| paid by honest buyers | ${h.honestNumbersPaid} | ${pct(h.honestNumbersPaid, h.totalNumbers)} |`,
        ]
      : []),
    `| unpaid at the end (store) | ${h.unpaidAtEnd} | ${pct(h.unpaidAtEnd, h.totalNumbers)} |`,
  ];
  const latency =
    h.honestRate > 0
      ? [
          `Honest create-order (incl. 'Solo quedan' retries) before the attack: p50 ${ms(h.honestOrderMsQuiet, 'med')} ms, p95 ${ms(h.honestOrderMsQuiet, 'p(95)')} ms (${h.honestOrderMsQuiet?.count ?? 0}); during it: p50 ${ms(h.honestOrderMsAttack, 'med')} ms, p95 ${ms(h.honestOrderMsAttack, 'p(95)')} ms (${h.honestOrderMsAttack?.count ?? 0}).`,
        ]
      : [];
  return [
    `Holding attack: ${h.numberMode === 'pick' ? 'a pick raffle of ' : ''}${h.totalNumbers} numbers, default purchase limits, ${who} (an order for 1 000 000 000, then the per-order maximum and about half each time down to 1 until one goes through), never paying.`,
    '',
    '| | numbers | share of the raffle |',
    '|---|---|---|',
    ...rows,
    '',
    `Attack rounds that held nothing: ${h.attackRefused}; answers that told an attacker the remainder: ${h.remainderLeaked}${h.honestRate > 0 ? `; honest buyers refused (they came once the numbers not held were sold): ${h.honestRefused}` : ''}.`,
    ...latency,
  ].join('\n');
}
