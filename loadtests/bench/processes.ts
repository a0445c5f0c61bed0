// Child processes of the benchmark: the api, `npm run workers` processes and the
// baseline server, each a real Node process on 127.0.0.1 like in production.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@vag/server/testing/server';
import { SERVER_NODE_FLAGS } from '../../infra/lib/node-flags';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const BENCH_JWT_SECRET = 'bench-jwt-secret-not-for-production';

export interface Child {
  pid: number;
  stop(): Promise<void>;
  /** SIGKILL, no goodbye (the chaos sellout); resolves once the process is gone. */
  kill(): Promise<void>;
}

const logDir = mkdtempSync(path.join(tmpdir(), 'vag-bench-logs-'));

/** BENCH_CPU_PROF=<dir> writes a V8 CPU profile of every child into dir when it stops. */
function profiling(): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] : [];
}

/** With BENCH_COMMAND_TALLY in its env, a child counts its store commands (command-tally.ts). */
function commandTally(env: Record<string, string>): string[] {
  return env.BENCH_COMMAND_TALLY
    ? ['--import', fileURLToPath(new URL('./command-tally.ts', import.meta.url))]
    : [];
}

function start(name: string, script: string, args: string[], env: Record<string, string>): Child {
  // Appended: a restarted process (the chaos sellout) keeps the log of its first life.
  const log = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...profiling(),
      ...SERVER_NODE_FLAGS,
      '--import',
      'tsx',
      ...commandTally(env),
      path.join(repoRoot, script),
      ...args,
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

async function waitHealthy(url: string, child: Child, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await child.stop();
      throw new Error(`${url} did not become healthy in ${timeoutMs} ms (logs in ${logDir})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface ApiProcess extends Child {
  url: string;
}

/**
 * The api as `npm start` runs it, with the given store, bus and worker mode; `port` to
 * come back where buyers already send their requests (the chaos sellout's restart).
 */
export async function startApi(env: Record<string, string>, port?: number): Promise<ApiProcess> {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = start(`api-${port}`, 'server/src/main.ts', [], {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    JWT_SECRET: BENCH_JWT_SECRET,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vag-bench-data-')),
    // k6 buys from one address: the rate limits are off, and each buyer's own address
    // (sellout.js) comes in X-Forwarded-For, as from a proxy, for the purchase limits.
    CREATE_ORDER_LIMIT_PER_MINUTE: '0',
    CREATE_ORDER_ADDRESS_LIMIT_PER_MINUTE: '0',
    TRUST_PROXY: 'true',
    ...env,
  });
  await waitHealthy(url, child);
  return { ...child, url };
}

/** One `npm run workers` process (all consumers) against Kafka. */
/** A `npm run workers` process; `names` picks some workers (all by default). */
export function startWorkerProcess(
  label: string,
  env: Record<string, string>,
  names: string[] = [],
): Child {
  return start(`workers-${label}`, 'workers/src/main.ts', names, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    ...env,
  });
}

export async function startBaseline(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = start(`baseline-${port}`, 'loadtests/baseline/server.ts', [], {
    PORT: String(port),
    ...env,
  });
  await waitHealthy(url, child, 300_000);
  return { ...child, url };
}

export function benchLogDir(): string {
  return logDir;
}
