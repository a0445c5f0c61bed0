// `tsc` for every workspace that has a `typecheck` script, plus infra itself, eslint over
// the repo (which also keeps the packages' ladder and forbids import cycles), the docs
// citations check and knip's unused exports, two at a time (the machine has two cores).
// Output is shown only for the ones that fail.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { say, seconds } from './lib/log';
import { repoRoot } from './lib/paths';
import { run } from './lib/run';

interface Check {
  name: string;
  cmd: string;
  args: string[];
}

function checks(): Check[] {
  const root = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  const list: Check[] = [];
  for (const ws of root.workspaces) {
    const file = path.join(repoRoot, ws, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as {
      name: string;
      scripts?: Record<string, string>;
    };
    if (pkg.scripts?.typecheck)
      list.push({ name: ws, cmd: 'npm', args: ['run', '--silent', 'typecheck', '-w', pkg.name] });
  }
  const bin = (name: string) => path.join(repoRoot, 'node_modules', '.bin', name);
  list.push({ name: 'infra', cmd: bin('tsc'), args: ['-p', 'infra'] });
  // Every SPEC/DESIGN citation resolves and no comment cites an issue (under a second).
  list.push({ name: 'docs', cmd: process.execPath, args: ['infra/check-docs.mjs'] });
  // No export left unused (knip.json says which files count; a few seconds).
  list.push({
    name: 'knip',
    cmd: bin('knip'),
    args: ['--include', 'exports,types', '--no-progress'],
  });
  // First in the queue: it takes the longest.
  list.unshift({ name: 'lint', cmd: bin('eslint'), args: ['.'] });
  return list;
}

/** Returns the names of the checks that failed (workspaces, or `lint`). */
export async function typecheckAll(concurrency = 2): Promise<string[]> {
  const queue = checks();
  const failed: string[] = [];
  const started = Date.now();
  say.step(`typecheck: ${queue.map((c) => c.name).join(', ')}…`);
  const worker = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      try {
        await run(check.cmd, check.args, { cwd: repoRoot, env: { CI: 'true' } });
      } catch (error) {
        failed.push(check.name);
        console.error(`✗ typecheck ${check.name}:\n${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (failed.length === 0) say.ok(`typecheck passed (${seconds(started)})`);
  return failed;
}
