// Fuzzes the whole product with Schemathesis against its own /api/openapi.json: a real
// server with the demo raffle and local provider fakes, then one Schemathesis run per
// identity (anonymous, reseller, admin — the admin last, as its run may delete
// everything). The short run in `npm test` and the long one in loadtests/ share it.
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { createStaff } from '@vag/api/testing/seed';
import { loadDemoData } from '@vag/core/demo/demo-data';
import { startFakeProviders } from '@vag/core/testing/fakes/index';
import { repoRoot } from '../../../infra/lib/paths';
import { ensureSchemathesis } from '../../../infra/tools';
import { startTestServer } from '../testing/server';

export const IDENTITIES = ['anonymous', 'reseller', 'admin'] as const;
export type Identity = (typeof IDENTITIES)[number];

export interface FuzzOptions {
  /** Test cases per operation and phase (Schemathesis' --max-examples). */
  maxExamples: number;
  seed: number;
  /** Schemathesis phases, e.g. ['coverage', 'fuzzing', 'stateful']. */
  phases: readonly string[];
  /** Where each identity's output, JSON report and request tally go. */
  outDir: string;
  /** Concurrent Schemathesis workers. */
  workers?: number;
  identities?: readonly Identity[];
  /** Only the operations whose path matches (Schemathesis' --include-path-regex). */
  includePathRegex?: string;
}

export interface Finding {
  code: string;
  title: string;
  operations: string[];
}

export interface IdentityRun {
  identity: Identity;
  requests: number;
  byStatus: Record<string, number>;
  /** Each 5xx answer by 'METHOD /path status'. */
  serverErrors: Record<string, number>;
  testCases: number;
  findings: Finding[];
  seconds: number;
  /** Schemathesis' own account of each failure (its FAILURES section), for the reader. */
  details: string;
  logFile: string;
}

const configDir = path.join(repoRoot, 'infra', 'schemathesis');

export async function fuzzProduct(options: FuzzOptions): Promise<IdentityRun[]> {
  const schemathesis = await ensureSchemathesis();
  mkdirSync(options.outDir, { recursive: true });
  const fakes = await startFakeProviders();
  const server = await startTestServer({ env: fakes.env });
  try {
    await loadDemoData(server.db);
    const tokens: Record<Identity, string | null> = {
      anonymous: null,
      reseller: (await createStaff(server.db, { role: 'reseller' })).token,
      admin: (await createStaff(server.db, { role: 'admin' })).token,
    };
    const runs: IdentityRun[] = [];
    for (const identity of options.identities ?? IDENTITIES)
      runs.push(
        await runSchemathesis(schemathesis, server.url, identity, tokens[identity], options),
      );
    return runs;
  } finally {
    await server.stop();
    await fakes.stop();
  }
}

async function runSchemathesis(
  bin: string,
  baseUrl: string,
  identity: Identity,
  token: string | null,
  options: FuzzOptions,
): Promise<IdentityRun> {
  const reportDir = path.join(options.outDir, identity);
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const logFile = path.join(options.outDir, `${identity}.txt`);
  const tallyFile = path.join(reportDir, 'tally.json');
  const args = [
    '--config-file',
    path.join(configDir, 'schemathesis.toml'),
    'run',
    `${baseUrl}/api/openapi.json`,
    '--url',
    baseUrl,
    ...(token ? ['-H', `Authorization: Bearer ${token}`] : []),
    '--max-examples',
    String(options.maxExamples),
    '--seed',
    String(options.seed),
    '--phases',
    options.phases.join(','),
    '--workers',
    String(options.workers ?? 2),
    ...(options.includePathRegex ? ['--include-path-regex', options.includePathRegex] : []),
    '--generation-database',
    'none',
    '--no-color',
    '--report',
    'json',
    '--report-dir',
    reportDir,
  ];
  const started = Date.now();
  const out = openSync(logFile, 'w');
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(bin, args, {
        // Schemathesis keeps caches in its working directory: the run's own folder.
        cwd: reportDir,
        env: {
          ...process.env,
          SCHEMATHESIS_HOOKS: path.join(configDir, 'hooks.py'),
          VAG_FUZZ_TALLY: tallyFile,
        },
        stdio: ['ignore', out, out],
      });
      child.once('error', reject);
      // Schemathesis exits 1 when it found something; the report says what.
      child.once('close', () => resolve());
    });
  } finally {
    closeSync(out);
  }
  return readRun(identity, reportDir, tallyFile, logFile, (Date.now() - started) / 1000);
}

interface JsonReport {
  test_cases: { generated: number };
  failures: { code: string; title: string; operations: string[] }[];
  errors: unknown[];
}

function readRun(
  identity: Identity,
  reportDir: string,
  tallyFile: string,
  logFile: string,
  seconds: number,
): IdentityRun {
  const output = readFileSync(logFile, 'utf8');
  const reportFile = readdirJson(reportDir);
  if (!reportFile || !existsSync(tallyFile))
    throw new Error(`Schemathesis (${identity}) ended without a report:\n${output.slice(-3000)}`);
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport;
  const tally = JSON.parse(readFileSync(tallyFile, 'utf8')) as {
    requests: number;
    byStatus: Record<string, number>;
    serverErrors: Record<string, number>;
  };
  const findings = report.failures.map(({ code, title, operations }) => ({
    code,
    title,
    operations,
  }));
  // An error (a schema it could not use, an operation it could not test) is a finding too.
  if (report.errors.length > 0)
    findings.push({ code: 'ERROR', title: JSON.stringify(report.errors), operations: [] });
  return {
    identity,
    requests: tally.requests,
    byStatus: tally.byStatus,
    serverErrors: tally.serverErrors,
    testCases: report.test_cases.generated,
    findings,
    seconds,
    details: failuresSection(output),
    logFile,
  };
}

function readdirJson(dir: string): string | undefined {
  const name = readdirSync(dir).find((f) => f.startsWith('json-') && f.endsWith('.json'));
  return name ? path.join(dir, name) : undefined;
}

/** The FAILURES part of Schemathesis' output (each failure with its curl to reproduce). */
function failuresSection(output: string): string {
  const start = output.indexOf('FAILURES');
  const end = output.indexOf('SUMMARY', start);
  return start < 0 ? '' : output.slice(start, end < 0 ? undefined : end).trim();
}

/** One line per finding: `ST101 Server error: POST /api/x, GET /api/y`. */
export function describeFindings(run: IdentityRun): string[] {
  return run.findings.map(
    (f) => `${run.identity}: ${f.code} ${f.title}: ${f.operations.join(', ') || '—'}`,
  );
}
