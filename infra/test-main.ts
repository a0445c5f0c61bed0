// `npm test`: tools, front-end builds, typecheck, then every vitest project. Extra
// arguments go to vitest (`npm test -- --project api`, `npm test -- path/to/file`);
// VAG_SKIP_TYPECHECK=1 skips the typecheck, lint and docs check for a quicker local loop.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildFrontends } from './frontends';
import { say } from './lib/log';
import { repoRoot } from './lib/paths';
import { ensureSystemPrograms, TEST_PROGRAMS } from './system-packages';
import { ensureTools } from './tools';
import { typecheckAll } from './typecheck';

/** Every SPEC/DESIGN citation resolves and no comment cites an issue (well under a second). */
function docsCitationsResolve(): boolean {
  const child = spawnSync(process.execPath, [path.join(repoRoot, 'infra', 'check-docs.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  return child.status === 0;
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

async function vitest(args: string[], reportFile: string): Promise<number> {
  const child = spawn(
    path.join(repoRoot, 'node_modules', '.bin', 'vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...args],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  // Ctrl-C reaches vitest too; wait for it to stop its services instead of leaving first.
  const ignore = () => undefined;
  process.on('SIGINT', ignore);
  process.on('SIGTERM', ignore);
  try {
    return await new Promise<number>((resolve) =>
      child.once('close', (code) => resolve(code ?? 1)),
    );
  } finally {
    process.off('SIGINT', ignore);
    process.off('SIGTERM', ignore);
  }
}

export async function main(args: string[]): Promise<number> {
  await ensureSystemPrograms(TEST_PROGRAMS);
  await ensureTools();
  const builtOk = await buildFrontends();
  const typeErrors = process.env.VAG_SKIP_TYPECHECK ? [] : await typecheckAll();
  if (!process.env.VAG_SKIP_TYPECHECK && !docsCitationsResolve()) typeErrors.push('docs citations');

  const reportFile = path.join(repoRoot, 'test-artifacts', 'vitest.json');
  mkdirSync(path.dirname(reportFile), { recursive: true });
  rmSync(reportFile, { force: true });
  say.step(`vitest run ${args.join(' ')}`.trimEnd());
  const code = await vitest(args, reportFile);

  if (!builtOk)
    console.error(
      '✗ a front-end build failed (see above); its browser tests ran against an old or missing dist/',
    );
  if (typeErrors.length > 0) console.error(`✗ typecheck or lint failed: ${typeErrors.join(', ')}`);
  // One plain closing line that any CI reads the same way.
  if (existsSync(reportFile)) {
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestJson;
    const skipped = report.numPendingTests + report.numTodoTests;
    console.log(
      `vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`,
    );
  }
  return code !== 0 ? code : builtOk && typeErrors.length === 0 ? 0 : 1;
}
