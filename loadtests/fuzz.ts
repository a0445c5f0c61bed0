// `npm run fuzz`: the long API fuzzing run for the bench (the short one runs in `npm test`).
// Its own FerretDB, then server/src/fuzz/fuzz-run.ts with many examples per operation,
// anonymous and as reseller and admin; prints the requests sent and every finding.
// Flags: --examples=<per operation, default 60> --seed=<n> --workers=<n>.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeFindings, fuzzProduct } from '@vag/server/fuzz/fuzz-run';
import { startFerretdb } from '../infra/services';
import { loadtestsDir } from './harness/k6';

function flag(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

async function main(): Promise<number> {
  const started = Date.now();
  const ferretdbDir = mkdtempSync(path.join(tmpdir(), 'vag-fuzz-ferretdb-'));
  const ferretdb = await startFerretdb({ dir: ferretdbDir });
  process.env.VAG_TEST_MONGODB_URL = ferretdb.url;
  try {
    const runs = await fuzzProduct({
      maxExamples: Number(flag('examples', '60')),
      seed: Number(flag('seed', '20261123')),
      phases: ['examples', 'coverage', 'fuzzing', 'stateful'],
      workers: Number(flag('workers', '2')),
      outDir: path.join(loadtestsDir, 'out', 'fuzz'),
    });
    for (const run of runs) {
      console.log(
        `${run.identity}: ${run.requests} requests ${JSON.stringify(run.byStatus)}, ${run.testCases} test cases, ${run.findings.length} findings, ${run.seconds.toFixed(0)} s (${run.logFile})`,
      );
    }
    const requests = runs.reduce((sum, run) => sum + run.requests, 0);
    const serverErrors = runs.reduce((sum, run) => sum + (run.byStatus['5xx'] ?? 0), 0);
    const findings = runs.flatMap(describeFindings);
    console.log(
      `fuzz: ${requests} requests, ${serverErrors} server errors, ${findings.length} findings in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    for (const line of findings) console.log(`  ${line}`);
    return findings.length === 0 && serverErrors === 0 ? 0 : 1;
  } finally {
    await ferretdb.stop();
    rmSync(ferretdbDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
