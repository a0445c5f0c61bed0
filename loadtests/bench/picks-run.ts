// The pick-your-numbers rush of `npm run bench` (phase `picks`): a raffle in 'pick' mode
// beside the featured one, the k6 rush (picks-rush.js) in one of its shapes, then the
// sellout audit of that raffle (its `picks` check: no number held or sold twice, each
// paid order with exactly the numbers it chose; and I1). `--rush=pace` sets the pick mode
// beside the random mode at the same arrival rate (runPicksPace, below).
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Db } from 'mongodb';
import { auditRaffles, formatReport, type AuditReport } from '../audit';
import { runK6 } from '../harness/k6';
import { LARGE_PACKAGES, putRaffleBesideOnSale, putRaffleOnSale } from '../harness/raffle-setup';
import { waitForPipeline } from '../harness/settle';
import { listRaffleHolds } from '@vag/core/db/number-holds';
import { commandFigures, type CommandFigures } from './command-counts';
import type { CommandTally } from './command-tally';
import type { CpuSeconds } from './cpu';

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

// The pace comparison ('pace'): the random mode and the pick mode at the same arrival rate,
// one after the other on the same api and store, so that the pick mode's cost reads beside
// a baseline of the same moment on the same (shared) box. The same buyers, quantities
// (1–5) and payment (transfer, staff confirm) in every shape; only the mode differs:
//   random   a 10 000-number raffle in random mode
//   free     a 10 000-number pick raffle, each buyer choosing free numbers after a grid read
//   contest  500 buyers wanting 1–3 of the same 50 numbers of a pick raffle, at that rate
// Each shape's CPU (per process) and store commands are counted from its first buyer until
// its pipeline settled (numbers and messages), per paid purchase.

export type PaceShape = 'random' | 'free' | 'contest';

export interface PaceFigures {
  shape: PaceShape;
  summary: PicksSummary;
  k6Code: number;
  paid: number;
  cpuSeconds: CpuSeconds;
  commands: CommandFigures;
  audit: AuditReport;
  /** The grid's read of every hold (what the api does each cache window), timed after the sale. */
  gridRead: { holds: number; ms: number } | null;
}

export interface PicksPaceFigures {
  rate: number;
  buyers: number;
  shapes: PaceFigures[];
  loadAverage: { start: number; end: number };
}

type PicksSummary = Omit<PicksFigures, 'k6Code' | 'numbersSold' | 'audit'> & {
  numberGridMs: Record<string, number> | null;
  confirmTransferMs: Record<string, number> | null;
  droppedIterations?: number;
};

export interface PicksPaceRun {
  baseUrl: string;
  db: Db;
  staffToken: string;
  outDir: string;
  rate: number;
  buyers: number;
  /** Random, then pick, this many times (0: the contest alone); then the contest. */
  rounds: number;
  /** Starts counting the CPU of the api and the store; the function gives what they spent since. */
  cpuMeter: () => () => CpuSeconds;
  /** The api's store commands so far (bench/command-tally.ts). */
  commands: () => Promise<CommandTally>;
  /** Messages the fake providers have received (the pipeline probe's counter). */
  messagesReceived: () => number;
}

export async function runPicksPace(run: PicksPaceRun): Promise<PicksPaceFigures> {
  const loadStart = loadavg()[0] ?? 0;
  const random = await putRaffleOnSale(run.baseUrl, run.staffToken, {
    ...PACE_SALE,
    totalNumbers: 10_000 * Math.max(1, run.rounds),
  });
  const shapes: PaceFigures[] = [];
  const measure = async (shape: PaceShape, raffle: { id: string; slug: string }) => {
    console.log(`picks pace: '${shape}' at ${run.rate} buyers/s…`);
    const figures = await paceShape(run, shape, raffle);
    console.log(formatPaceShape(figures));
    shapes.push(figures);
  };
  // Rounds alternate the modes, so that a box whose load moves shows it in both.
  for (let round = 1; round <= run.rounds; round++) {
    await measure('random', { id: random, slug: random });
    await measure('free', await pickRaffle(run, `rifa-elige-libres-${round}`));
  }
  await measure('contest', await pickRaffle(run, 'rifa-elige-concurso'));
  return {
    rate: run.rate,
    buyers: run.buyers,
    shapes,
    loadAverage: { start: loadStart, end: loadavg()[0] ?? 0 },
  };
}

const PACE_SALE = { pricePerNumber: 1, packages: LARGE_PACKAGES, totalNumbers: 10_000 };

/** A 10 000-number pick raffle beside the featured one (random mode, every round's). */
async function pickRaffle(run: PicksPaceRun, slug: string): Promise<{ id: string; slug: string }> {
  const id = await putRaffleBesideOnSale(run.baseUrl, run.staffToken, {
    ...PACE_SALE,
    name: `Rifa ${slug}`,
    slug,
    numberMode: 'pick',
  });
  return { id, slug };
}

async function paceShape(
  run: PicksPaceRun,
  shape: PaceShape,
  raffle: { id: string; slug: string },
): Promise<PaceFigures> {
  const paidSoFar = () =>
    run.db.collection('purchases').countDocuments({ raffleId: raffle.id, status: 'COMPLETED' });
  const paidBefore = await paidSoFar();
  const summaryPath = path.join(run.outDir, `bench-picks-pace-${shape}.json`);
  // A k6 that failed writes none: the last shape's must not be read for it.
  rmSync(summaryPath, { force: true });
  const commandsBefore = await run.commands();
  const spent = run.cpuMeter();
  const result = await runK6(
    'picks-rush.js',
    {
      BASE_URL: run.baseUrl,
      STAFF_TOKEN: run.staffToken,
      RUSH: shape,
      RAFFLE: raffle.slug,
      RATE: String(run.rate),
      BUYERS: String(run.buyers),
    },
    summaryPath,
  );
  if (!result.summary) throw new Error(`picks-rush.js wrote no summary:\n${result.output}`);
  await waitForPipeline(run.db, {
    withNotifications: true,
    boundMs: SETTLE_MS,
    messagesReceived: run.messagesReceived,
    whileMoving: true,
  });
  const cpuSeconds = spent();
  const paid = (await paidSoFar()) - paidBefore;
  const commands = commandFigures(commandsBefore, await run.commands(), paid);
  const [audited] = await auditRaffles(run.db, {
    raffleIds: [raffle.id],
    notifications: false,
    reports: false,
  });
  if (!audited) throw new Error(`no audit for raffle ${raffle.id}`);
  return {
    gridRead: shape === 'random' ? null : await timeGridRead(run.db, raffle.id),
    shape,
    summary: result.summary as unknown as PicksSummary,
    k6Code: result.code,
    paid,
    cpuSeconds,
    commands,
    audit: audited.report,
  };
}

/** The best of three reads of the raffle's holds, as the grid reads them (db/number-holds.ts). */
async function timeGridRead(db: Db, raffleId: string): Promise<{ holds: number; ms: number }> {
  let best = Infinity;
  let holds = 0;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    holds = (await listRaffleHolds(db, raffleId)).length;
    best = Math.min(best, performance.now() - started);
  }
  return { holds, ms: best };
}

const perPaid = (seconds: number | undefined, paid: number) =>
  paid && seconds !== undefined ? ((1000 * seconds) / paid).toFixed(1) : 'n/a';

function formatPaceShape(f: PaceFigures): string {
  const s = f.summary;
  const refusedCommands = f.commands.soldOut.writes + f.commands.soldOut.reads;
  return [
    `'${f.shape}': ${s.buyers} buyers in ${(s.durationMs / 1000).toFixed(1)} s; ${f.paid} paid (${s.numbersWon} numbers), ${s.takenAnswers} refused naming ${s.numbersRefused} taken; ${s.droppedIterations ?? 0} buyers not started (every VU busy); unexpected ${(100 * s.unexpectedErrorRate).toFixed(2)} %; k6 exit ${f.k6Code}.`,
    `  create-order p50 ${ms(s.createOrderMs, 'med')} / p95 ${ms(s.createOrderMs, 'p(95)')} / p99 ${ms(s.createOrderMs, 'p(99)')} ms; confirm-transfer p95 ${ms(s.confirmTransferMs, 'p(95)')} ms; number-grid p95 ${ms(s.numberGridMs, 'p(95)')} ms.`,
    `  CPU per paid purchase: ${Object.entries(f.cpuSeconds)
      .map(([name, sec]) => `${name} ${perPaid(sec, f.paid)} ms`)
      .join(', ')}.`,
    `  store commands per paid purchase: ${f.commands.writesPerPaid.toFixed(1)} writes, ${f.commands.readsPerPaid.toFixed(1)} reads; the refused orders' ${refusedCommands} in all (${f.commands.soldOut.writes} writes).`,
    `  audit ${f.audit.ok ? 'PASS' : 'FAIL'}${f.gridRead ? `; the grid's read of ${f.gridRead.holds} holds afterwards ${f.gridRead.ms.toFixed(0)} ms` : ''}`,
  ].join('\n');
}

/** getMore's key names its cursor: one line for them all. */
function byCursorless(tally: Record<string, number>): Record<string, number> {
  const merged: Record<string, number> = {};
  for (const [key, n] of Object.entries(tally)) {
    const k = key.startsWith('read getMore ') ? 'read getMore' : key;
    merged[k] = (merged[k] ?? 0) + n;
  }
  return merged;
}

export function formatPicksPace(p: PicksPaceFigures): string {
  const header =
    '| shape | paid (numbers) | refused | create-order p50 / p95 / p99 ms | CPU ms per paid: machine / api / store | writes / reads per paid | audit |';
  const rows = p.shapes.map((f) => {
    const s = f.summary;
    const cpu = ['machine', 'api', 'store']
      .map((k) => perPaid(f.cpuSeconds[k], f.paid))
      .join(' / ');
    return `| ${f.shape} | ${f.paid} (${s.numbersWon}) | ${s.takenAnswers} | ${ms(s.createOrderMs, 'med')} / ${ms(s.createOrderMs, 'p(95)')} / ${ms(s.createOrderMs, 'p(99)')} | ${cpu} | ${f.commands.writesPerPaid.toFixed(1)} / ${f.commands.readsPerPaid.toFixed(1)} | ${f.audit.ok ? 'PASS' : 'FAIL'} |`;
  });
  const p95 = (f: PaceFigures | undefined) => f?.summary.createOrderMs?.['p(95)'] ?? NaN;
  // Each round's pick shape against the random one just before it.
  const ratios = p.shapes
    .map((f, i) => (f.shape === 'free' ? (p95(f) / p95(p.shapes[i - 1])).toFixed(2) + '×' : null))
    .filter((r) => r !== null);
  const contest = p.shapes.find((f) => f.shape === 'contest');
  const byCommand = p.shapes.map(
    (f) =>
      `${f.shape}: ${Object.entries(byCursorless(f.commands.byCommand))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, n]) => `${k} ${(n / Math.max(1, f.paid)).toFixed(2)}`)
        .join(', ')}`,
  );
  return [
    `Picks at the same pace: ${p.rate} buyers/s, ${p.buyers} buyers a shape (the contest 500), in the order run; load average ${p.loadAverage.start.toFixed(1)} → ${p.loadAverage.end.toFixed(1)}.`,
    header,
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    `pick (free) create-order p95 / random's of the same round: ${ratios.join(', ')}; contest p95 ${p95(contest).toFixed(1)} ms.`,
    'Store commands per paid purchase, by command:',
    ...byCommand,
    ...p.shapes.map(formatPaceShape),
  ].join('\n');
}
