// The capacity ramp: buyers arrive at a rate held for a minute, then at a higher one,
// until create-order's p95 passes the limit (250 ms) or unexpected errors appear. The
// highest rate held within both is the box's sellout capacity. Each step also counts the
// buyers k6 turned away (every VU busy, mostly with confirmations waiting for numbers):
// arrivals the step did not bring, which the held rule leaves out (docs/bench-history.md run 19).
// Each step is one k6 run of sellout.js (PROFILE=step) against the same server and
// store. Between steps the box rests until the pipeline has caught up (every paid
// purchase numbered, e-mailed and texted, within --rest): a step then starts as a sale's
// peak does, on a quiet box, and the rate held does not depend on which steps came before
// (with the backlog carried, a step paid for the messages of the steps before it:
// docs/bench-history.md run 22). The rest's seconds and CPU are reported, so the messages a step
// left behind are counted too. The store's own timestamps give each step's per-stage latency (payment →
// numbers, numbers → e-mail), so the next bottleneck has a name.
import path from 'node:path';
import type { Db } from 'mongodb';
import { runK6, loadtestsDir } from '../harness/k6';
import { waitForPipeline } from '../harness/settle';
import type { CpuSeconds } from './cpu';
import { numberedRate } from './numbered-rate';

export interface Percentiles {
  p50: number;
  p95: number;
  count: number;
}

export interface RampStep {
  rate: number;
  createOrderMs: Percentiles | null;
  unexpectedErrorRate: number;
  /** Buyers k6 turned away because every VU was busy: arrivals the step did not bring. */
  droppedBuyers: number;
  ordersCreated: number;
  purchasesPaid: number;
  /**
   * End to end: the step's purchases holding their numbers when the ramp ended, per second
   * from the step's first order to its last numbers (bench/numbered-rate.ts).
   */
  numberedPerSecond: number;
  /** The seconds that rate is counted over: first order to last numbers. */
  numberedSpanSeconds: number;
  /** The seconds k6 ran for the step (its start and its wait for the last buyers included). */
  k6Seconds: number;
  paymentToNumbersMs: Percentiles | null;
  numbersToEmailMs: Percentiles | null;
  /** CPU seconds each process (and the machine) spent during the step's minute. */
  cpuSeconds?: CpuSeconds;
  /** The rest after the step, until the pipeline caught up; none after the last step. */
  rest?: Rest;
  held: boolean;
}

export interface Rest {
  seconds: number;
  /** False when the bound ran out first: the next step started with a backlog. */
  caughtUp: boolean;
  cpuSeconds?: CpuSeconds;
}

export interface RampFigures {
  label: string;
  p95LimitMs: number;
  stepSeconds: number;
  steps: RampStep[];
  /** The highest rate held for a whole step within the limits; null when the first step failed. */
  heldRate: number | null;
}

export interface RampOptions {
  label: string;
  baseUrl: string;
  db: Db;
  k6Env: Record<string, string>;
  rates: number[];
  stepSeconds: number;
  p95LimitMs: number;
  /** After the last step: longest wait for the pipeline to catch up before measuring. */
  settleMs: number;
  /** Between steps: longest rest for the pipeline to catch up before the next step. */
  restMs: number;
  /** The messages the e-mail and SMS providers have received (harness/settle.ts). */
  messagesReceived?: () => number;
  /** Starts counting CPU; what it returns gives the seconds spent since (bench/cpu.ts). */
  cpuMeter?: () => () => CpuSeconds;
}

interface Row {
  createdAt: Date;
  paidAt?: Date;
  numbersAssignedAt?: Date;
  notifications?: { email?: { sentAt?: Date } };
}

export async function runRamp(options: RampOptions): Promise<RampFigures> {
  const windows: Array<{
    rate: number;
    from: Date;
    to: Date;
    step: Omit<
      RampStep,
      | 'numberedPerSecond'
      | 'numberedSpanSeconds'
      | 'k6Seconds'
      | 'paymentToNumbersMs'
      | 'numbersToEmailMs'
    >;
  }> = [];
  for (const [i, rate] of options.rates.entries()) {
    const from = new Date();
    const cpuSpent = options.cpuMeter?.();
    const run = await runK6(
      'sellout.js',
      {
        ...options.k6Env,
        BASE_URL: options.baseUrl,
        PROFILE: 'step',
        RATE: String(rate),
        DURATION: String(options.stepSeconds),
        P95_MS: String(options.p95LimitMs),
      },
      path.join(loadtestsDir, 'out', `bench-${options.label}-${rate}.json`),
    );
    const to = new Date();
    const cpuSeconds = cpuSpent?.();
    const k6 = run.summary;
    if (!k6)
      throw new Error(`k6 failed (${run.code}) on ${options.label} at ${rate}/s:\n${run.output}`);
    const t = k6.createOrderMs;
    const createOrderMs = t
      ? { p50: t.med ?? NaN, p95: t['p(95)'] ?? NaN, count: t.count ?? 0 }
      : null;
    const held =
      createOrderMs !== null &&
      createOrderMs.p95 < options.p95LimitMs &&
      k6.unexpectedErrorRate === 0 &&
      k6.soldOutAnswers === 0;
    windows.push({
      rate,
      from,
      to,
      step: {
        rate,
        createOrderMs,
        unexpectedErrorRate: k6.unexpectedErrorRate,
        droppedBuyers: k6.droppedIterations,
        ordersCreated: k6.ordersCreated,
        purchasesPaid: k6.purchasesPaid,
        cpuSeconds,
        held,
      },
    });
    console.log(
      `${options.label} ${rate}/s: create-order p50 ${createOrderMs?.p50.toFixed(0)} / p95 ${createOrderMs?.p95.toFixed(0)} ms, ` +
        `${k6.purchasesPaid} paid, errors ${(k6.unexpectedErrorRate * 100).toFixed(2)} %, ${k6.droppedIterations} buyers turned away by k6${held ? '' : ' → limit reached'}`,
    );
    if (!held || i === options.rates.length - 1) break;
    windows.at(-1)!.step.rest = await rest(options);
  }

  await waitForPipeline(options.db, {
    withNotifications: true,
    boundMs: options.settleMs,
    messagesReceived: options.messagesReceived,
  });
  const steps: RampStep[] = [];
  for (const w of windows) {
    const rows = await options.db
      .collection<Row>('purchases')
      .find(
        { status: 'COMPLETED', createdAt: { $gte: w.from, $lt: w.to } },
        { projection: { createdAt: 1, paidAt: 1, numbersAssignedAt: 1, notifications: 1 } },
      )
      .toArray();
    const numbered = numberedRate(rows);
    steps.push({
      ...w.step,
      numberedPerSecond: numbered.perSecond,
      numberedSpanSeconds: numbered.spanSeconds,
      k6Seconds: (w.to.getTime() - w.from.getTime()) / 1000,
      paymentToNumbersMs: percentiles(rows.map((r) => between(r.paidAt, r.numbersAssignedAt))),
      numbersToEmailMs: percentiles(
        rows.map((r) => between(r.numbersAssignedAt, r.notifications?.email?.sentAt)),
      ),
    });
  }
  const held = steps.filter((s) => s.held);
  return {
    label: options.label,
    p95LimitMs: options.p95LimitMs,
    stepSeconds: options.stepSeconds,
    steps,
    heldRate: held.length ? Math.max(...held.map((s) => s.rate)) : null,
  };
}

/** Rests until the pipeline caught up (bounded), counting the seconds and the CPU. */
async function rest(options: RampOptions): Promise<Rest> {
  const started = Date.now();
  const cpuSpent = options.cpuMeter?.();
  const caughtUp = await waitForPipeline(options.db, {
    withNotifications: true,
    boundMs: options.restMs,
    messagesReceived: options.messagesReceived,
  });
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `${options.label}: ${caughtUp ? 'caught up' : 'still behind'} after ${seconds.toFixed(0)} s`,
  );
  return { seconds, caughtUp, cpuSeconds: cpuSpent?.() };
}

function between(from?: Date, to?: Date): number | null {
  return from && to ? to.getTime() - from.getTime() : null;
}

function percentiles(values: Array<number | null>): Percentiles | null {
  const xs = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const at = (q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
  return { p50: at(0.5), p95: at(0.95), count: xs.length };
}
