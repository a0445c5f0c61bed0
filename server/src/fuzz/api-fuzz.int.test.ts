// The short API fuzzing run of `npm test` (loadtests/fuzz.ts is the long one): Schemathesis
// generates requests for every operation of /api/openapi.json, anonymous and with a
// reseller's and an admin's token, and every answer must be no 5xx, within the documented
// statuses and schemas, and every 4xx must carry a Spanish `msg`.
import path from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from '../../../infra/lib/paths';
import { describeFindings, fuzzProduct } from './fuzz-run';

// Fixed seed and a few generated examples per operation: the same requests on every run.
// The coverage phase (every boundary and every undeclared method of every operation) takes
// minutes, so it runs only in the long run.
const SHORT_RUN = {
  maxExamples: 5,
  seed: 20261123,
  phases: ['examples', 'fuzzing', 'stateful'],
  outDir: path.join(repoRoot, 'test-artifacts', 'fuzz'),
};

it('Schemathesis finds no server error, undocumented answer or 4xx without a Spanish msg, anonymous and as reseller and admin', async () => {
  const runs = await fuzzProduct(SHORT_RUN);

  for (const run of runs) {
    console.log(
      `fuzz ${run.identity}: ${run.requests} requests (${JSON.stringify(run.byStatus)}), ${run.findings.length} findings, ${run.seconds.toFixed(0)} s`,
    );
  }
  const findings = runs.flatMap(describeFindings);
  const details = runs
    .filter((run) => run.findings.length > 0)
    .map((run) => `── ${run.identity} (${run.logFile}) ──\n${run.details}`)
    .join('\n\n');
  expect(findings, details).toEqual([]);
  for (const run of runs) expect(run.byStatus['2xx'] ?? 0, run.identity).toBeGreaterThan(0);
}, 600_000);
