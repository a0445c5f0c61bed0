// Runs a k6 script as a child process (asynchronously: the api under test may live in
// this very process) and reads the JSON summary its handleSummary wrote.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureK6 } from '../../infra/tools';

export const loadtestsDir = fileURLToPath(new URL('..', import.meta.url));

export interface K6Summary {
  profile: string;
  durationMs: number;
  ordersCreated: number;
  purchasesPaid: number;
  numbersPaid: number;
  soldOutAnswers: number;
  /** Buyers the load generator could not start because every VU was busy. */
  droppedIterations: number;
  leftoverOrders: number;
  unexpectedErrorRate: number;
  createOrderMs?: Record<string, number>;
  /** Each raffle's own (sellout.js with RAFFLES), by its tag (`featured`, or its id or slug). */
  raffles?: Record<string, { createOrderMs?: Record<string, number> }>;
  progressMs?: Record<string, number>;
  lotteryMs?: Record<string, number>;
  requestsPerSecond: Record<string, number | undefined>;
  thresholds: Record<string, boolean>;
}

export interface K6Run {
  /**
   * 0 all thresholds passed, 99 a threshold failed, 105 interrupted (`signal`), 108 aborted
   * by the script (sold out).
   */
  code: number;
  output: string;
  summary: K6Summary | null;
}

export async function runK6(
  script: string,
  env: Record<string, string>,
  summaryPath: string,
  /**
   * More `k6 run` options and k6's own environment, e.g. `--out csv=…` with
   * K6_CSV_TIME_FORMAT for every request's timestamp and status; `signal` ends the run
   * early as Ctrl-C does (k6 still writes its summary, exit code 105).
   */
  more: { args?: string[]; env?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<K6Run> {
  const k6 = await ensureK6();
  mkdirSync(path.dirname(summaryPath), { recursive: true });
  const args = ['run', '--quiet', '--no-color', '--address', '', ...(more.args ?? [])];
  args.push(path.join(loadtestsDir, script));
  for (const [k, v] of Object.entries({ ...env, SUMMARY_PATH: summaryPath }))
    args.push('-e', `${k}=${v}`);
  const child = spawn(k6, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, K6_NO_USAGE_REPORT: 'true', ...more.env },
  });
  more.signal?.addEventListener('abort', () => child.kill('SIGINT'), { once: true });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (c) => resolve(c ?? 1));
  });
  let summary: K6Summary | null = null;
  try {
    summary = JSON.parse(readFileSync(summaryPath, 'utf8')) as K6Summary;
  } catch {
    summary = null;
  }
  return { code, output, summary };
}
