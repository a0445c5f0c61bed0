// The benchmark's figures as the markdown tables of RESULTS.md, with the goals beside them.
import type { AllocationFigure } from './allocation';
import { cpuPerPurchase } from './cpu';
import type { RampFigures, RampStep } from './ramp-run';
import type { SelloutFigures } from './sellout-run';

export interface BenchResults {
  numbers: number;
  rate: number;
  /** How long the fake SMTP and Twilio took to accept each message. */
  messageDelayMs: number;
  startedAt: string;
  totalSeconds: number;
  /** 1-minute load average of the machine (2 cores) when the run started and ended. */
  loadAverage: { start: number; end: number };
  /** JSON round trips per second and core with every core busy (bench/box-speed.ts). */
  boxSpeed: { start: number; end: number };
  allocation: AllocationFigure[];
  sellouts: SelloutFigures[];
  ramps: RampFigures[];
  reads: {
    progressPerSecond: number;
    lotteryPerSecond: number;
    progressMs?: Record<string, number>;
    lotteryMs?: Record<string, number>;
  } | null;
}

const f1 = (x: number | null | undefined) =>
  x === null || x === undefined || !Number.isFinite(x) ? 'n/a' : x.toFixed(1);
const thousands = (x: number) => (x / 1000).toFixed(0);
const ms = (t: Record<string, number> | undefined, key: string) => f1(t?.[key]);

export function formatResults(r: BenchResults): string {
  const lines: string[] = [
    `Run of ${r.startedAt}: N = ${r.numbers}, peak ${r.rate} buyers/s, e-mail/SMS providers answering in ${r.messageDelayMs} ms, ${f1(r.totalSeconds)} s in all; ` +
      `load average ${f1(r.loadAverage.start)} at the start, ${f1(r.loadAverage.end)} at the end (2 cores); ` +
      `box speed ${thousands(r.boxSpeed.start)} / ${thousands(r.boxSpeed.end)} thousand JSON round trips per second and core.`,
    '',
  ];

  if (r.allocation.length) {
    lines.push(
      '| allocator | N | purchases × numbers | ms per purchase | setup |',
      '|---|---|---|---|---|',
    );
    for (const a of r.allocation) {
      lines.push(
        `| ${a.allocator} | ${a.totalNumbers} | ${a.purchases} × ${a.quantity}${a.cutShort ? ' (time box)' : ''} | ${a.msPerPurchase.toFixed(2)} | ${f1(a.setupMs / 1000)} s |`,
      );
    }
    const ours = (n: number) =>
      r.allocation.find((a) => a.allocator === 'ours' && a.totalNumbers === n)?.msPerPurchase;
    const small = ours(10_000);
    const large = ours(1_000_000);
    if (small && large)
      lines.push(
        '',
        `Ours, N = 1 000 000 vs N = 10 000: ${(large / small).toFixed(2)}× per purchase (goal ≤ 1.3×).`,
      );
    lines.push('');
  }

  if (r.sellouts.length) {
    lines.push(
      '| run | paid numbers | paid purchases (with numbers) | wall (first order → last numbers) | purchases/s with numbers | numbers/s | messages/s | create-order p50 / p95 / p99 ms | audit |',
      '|---|---|---|---|---|---|---|---|---|',
    );
    for (const s of r.sellouts) {
      const co = s.k6?.createOrderMs;
      lines.push(
        `| ${s.label} | ${s.numbersSold}/${s.totalNumbers}${s.soldOut ? '' : ' (not sold out)'} | ${s.completed} (${s.withNumbers ?? 'n/a'}) | ${f1(s.wallMs / 1000)} s | ${f1(s.purchasesPerSecond)} | ${f1(s.numbersPerSecond)} | ${f1(s.messagesPerSecond)} | ${ms(co, 'med')} / ${ms(co, 'p(95)')} / ${ms(co, 'p(99)')} | ${
          s.audit.ok
            ? 'PASS'
            : `FAIL ${s.audit.results
                .filter((x) => !x.ok)
                .map((x) => x.id)
                .join(' ')}`
        } |`,
      );
    }
    const by = (label: string) => r.sellouts.find((s) => s.label.replace('+idx', '') === label);
    const embedded = by('embedded');
    const baseline = by('baseline');
    const k1 = by('kafka1');
    const k2 = by('kafka2');
    lines.push('');
    if (embedded && baseline) {
      lines.push(
        `End-to-end purchases/s, embedded vs baseline: ${(embedded.purchasesPerSecond / baseline.purchasesPerSecond).toFixed(1)}× (goal ≥ 5×).`,
      );
    }
    if (k1 && k2 && k1.messagesPerSecond && k2.messagesPerSecond) {
      lines.push(
        `Kafka, 2 vs 1 worker processes: ${(k2.messagesPerSecond / k1.messagesPerSecond).toFixed(2)}× messages/s (notification-bound part, goal ≥ 1.5×), ` +
          `${(k2.purchasesPerSecond / k1.purchasesPerSecond).toFixed(2)}× purchases/s end to end.`,
      );
    }
    for (const s of r.sellouts.filter((x) => x.cpuSeconds))
      lines.push(
        `CPU per paid purchase, ${s.label}: ${cpuPerPurchase(s.cpuSeconds!, s.completed, s.storePeakMb)}.`,
      );
    if (embedded?.k6) {
      const rps = embedded.k6.requestsPerSecond;
      lines.push(
        `During the embedded sellout: create-order ${f1(rps.createOrder)} req/s, raffle-progress ${f1(rps.progress)} req/s, lottery ${f1(rps.lottery)} req/s (arrival-driven, not capacity).`,
      );
    }
    lines.push('');
  }

  const sideBySide = r.sellouts.filter(
    (s) => /^(one-raffle|two-raffles)/.test(s.label) || s.commands,
  );
  if (sideBySide.length) lines.push(...formatSideBySide(sideBySide));

  if (r.reads) {
    lines.push(
      `Reads on the sold-out store (20 visitors, closed loop, 15 s): GET /api/raffle/raffle-progress ${f1(r.reads.progressPerSecond)} req/s ` +
        `(p95 ${ms(r.reads.progressMs, 'p(95)')} ms), GET /api/lottery ${f1(r.reads.lotteryPerSecond)} req/s (p95 ${ms(r.reads.lotteryMs, 'p(95)')} ms).`,
      '',
    );
  }
  if (r.ramps.length) lines.push(...formatRamps(r.ramps));
  return lines.join('\n');
}

const pct = (p: { p50: number; p95: number } | null) =>
  p ? `${p.p50.toFixed(0)} / ${p.p95.toFixed(0)}` : 'n/a';

/** The step's CPU per paid purchase, e.g. `17.8 / 6.9 / 7.1 / –` (no workers processes). */
function cpuPerPaid({ cpuSeconds, purchasesPaid }: RampStep): string {
  if (!cpuSeconds || purchasesPaid === 0) return 'n/a';
  const ms = (name: string) => {
    const seconds = cpuSeconds[name];
    return seconds === undefined ? '–' : f1((1000 * seconds) / purchasesPaid);
  };
  return ['machine', 'api', 'store', 'workers'].map(ms).join(' / ');
}

/**
 * The rest after a step until the pipeline caught up and the machine's CPU in it per paid
 * purchase of the step, e.g. `41 s / 6.2` (`behind` when the bound ran out first).
 */
function restAfter({ rest, purchasesPaid }: RampStep): string {
  if (!rest) return '–';
  const cpu = rest.cpuSeconds?.machine;
  const perPaid =
    cpu === undefined || purchasesPaid === 0 ? 'n/a' : f1((1000 * cpu) / purchasesPaid);
  return `${rest.seconds.toFixed(0)} s${rest.caughtUp ? '' : ', behind'} / ${perPaid}`;
}

/**
 * The step that numbered the most purchases per second: the box's capacity. The rule
 * above looks at create-order alone, which stays fast while the pipeline falls behind.
 */
function mostNumbered({ steps }: RampFigures): string {
  if (steps.length === 0) return 'no step ran';
  const best = steps.reduce((top, s) => (s.numberedPerSecond > top.numberedPerSecond ? s : top));
  return `most purchases numbered: ${f1(best.numberedPerSecond)}/s, at ${best.rate} buyers/s`;
}

function formatRamps(ramps: RampFigures[]): string[] {
  const lines = [
    `Capacity ramp: each rate held for ${ramps[0]!.stepSeconds} s, up to create-order p95 ≥ ${ramps[0]!.p95LimitMs} ms or errors; latencies p50 / p95 ms; "numbered/s": the step's purchases with numbers per second from its first order to its last numbers (those seconds, then the seconds k6 ran); "rest": after the step, the seconds until every paid purchase had its numbers, e-mail and SMS, and the machine's CPU in them per paid purchase of the step; "turned away": arrivals k6 dropped, every VU busy.`,
    '',
    '| run | buyers/s | create-order | paid | numbered/s (s: sale / k6) | payment → numbers | numbers → e-mail | CPU ms per paid: machine / api / store / workers | rest: s / machine CPU ms per paid | errors | turned away | held |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const ramp of ramps)
    for (const s of ramp.steps)
      lines.push(
        `| ${ramp.label} | ${s.rate} | ${pct(s.createOrderMs)} | ${s.purchasesPaid} | ${f1(s.numberedPerSecond)} (${f1(s.numberedSpanSeconds)} / ${f1(s.k6Seconds)}) | ${pct(s.paymentToNumbersMs)} | ${pct(s.numbersToEmailMs)} | ${cpuPerPaid(s)} | ${restAfter(s)} | ${(s.unexpectedErrorRate * 100).toFixed(2)} % | ${s.droppedBuyers} | ${s.held ? 'yes' : '**no**'} |`,
      );
  lines.push('');
  for (const ramp of ramps)
    lines.push(
      `${ramp.label}: highest rate held for ${ramp.stepSeconds} s: ${ramp.heldRate === null ? 'none (the first step failed)' : `${ramp.heldRate} buyers/s`}; ${mostNumbered(ramp)}.`,
    );
  lines.push('');
  return lines;
}

const p95 = (s: SelloutFigures) => s.k6?.createOrderMs?.['p(95)'];
const mean = (xs: Array<number | undefined>) => {
  const known = xs.filter((x): x is number => x !== undefined && Number.isFinite(x));
  return known.length ? known.reduce((a, b) => a + b, 0) / known.length : undefined;
};

/** `+4.2 % (within 10 %)`: how far two raffles are from one. */
function against(two: number | undefined, one: number | undefined): string {
  if (two === undefined || one === undefined || one === 0) return 'n/a';
  const change = (100 * (two - one)) / one;
  return `${change >= 0 ? '+' : ''}${change.toFixed(1)} % (${change <= 10 ? 'within' : '**over**'} 10 %)`;
}

/** The two-raffles phase: one raffle against two on sale side by side, run after run. */
function formatSideBySide(runs: SelloutFigures[]): string[] {
  const lines = [
    "Two raffles side by side against one (same N and buyers/s): `one-raffle` sells N in the featured raffle; `two-raffles` sells 0.6 N in the featured raffle (home page paths) and 0.4 N in a raffle created beside it (`/api/raffles/rifa-express/…`), buyers split 60/40. Writes and reads: the api's store commands over the sale (home page reads, orders, payments, the pipeline) per paid purchase; the periodic passes and the requests answered 409 (sold out: late buyers, as many as the sale lasts) apart.",
    '',
    '| run | paid purchases | create-order p50 / p95 / p99 ms | p95 per raffle | writes / reads per paid purchase | sold-out answers: count, writes / reads | periodic passes: writes / reads | machine CPU ms per paid | audit |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const s of runs) {
    const co = s.k6?.createOrderMs;
    const perRaffle = Object.entries(s.raffles.length > 1 ? (s.k6?.raffles ?? {}) : {})
      .map(([tag, t]) => `${tag} ${ms(t.createOrderMs, 'p(95)')}`)
      .join(', ');
    const c = s.commands;
    const machine = s.cpuSeconds?.machine;
    const audits = s.raffles
      .map(
        (x) =>
          `${x.raffleId.slice(0, 8)} ${x.audit.ok ? 'PASS' : 'FAIL'} (${x.numbersSold}/${x.totalNumbers})`,
      )
      .join(', ');
    lines.push(
      `| ${s.label} | ${s.completed} | ${ms(co, 'med')} / ${ms(co, 'p(95)')} / ${ms(co, 'p(99)')} | ${perRaffle || '–'} | ${c ? `${c.writesPerPaid.toFixed(2)} / ${c.readsPerPaid.toFixed(2)}` : 'n/a'} | ${c ? `${s.k6?.soldOutAnswers ?? 'n/a'}, ${c.soldOut.writes} / ${c.soldOut.reads}` : 'n/a'} | ${c ? `${c.background.writes} / ${c.background.reads}` : 'n/a'} | ${machine === undefined || !s.completed ? 'n/a' : f1((1000 * machine) / s.completed)} | ${audits} |`,
    );
  }
  const one = runs.filter((s) => s.label.startsWith('one-raffle'));
  const two = runs.filter((s) => s.label.startsWith('two-raffles'));
  const avg = (xs: SelloutFigures[], f: (s: SelloutFigures) => number | undefined) =>
    mean(xs.map(f));
  if (one.length === 0 || two.length === 0) return [...lines, ''];
  lines.push(
    '',
    `Two raffles against one${one.length > 1 ? ` (means of ${one.length} pairs)` : ''}: create-order p95 ${against(avg(two, p95), avg(one, p95))}; ` +
      `writes per paid purchase ${against(
        avg(two, (s) => s.commands?.writesPerPaid),
        avg(one, (s) => s.commands?.writesPerPaid),
      )}; ` +
      `reads ${against(
        avg(two, (s) => s.commands?.readsPerPaid),
        avg(one, (s) => s.commands?.readsPerPaid),
      )}.`,
    '',
  );
  return lines;
}
