// The storefront and admin are built to static files the api serves. A build runs
// when a workspace has a `build` script and sources, and its dist/ is missing or older
// than any of its sources (or contracts', which both import).
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { say, seconds } from './lib/log';
import { cacheDir, repoRoot } from './lib/paths';
import { run } from './lib/run';

export const frontends = [
  { dir: 'storefront', pkg: '@vag/storefront' },
  { dir: 'admin', pkg: '@vag/admin' },
] as const;

// Kept outside dist/, which the api serves to the public.
const stampOf = (dir: string) => path.join(cacheDir, 'builds', `${dir}.stamp`);
const skippedDirs = new Set(['node_modules', 'dist', '.astro', 'e2e']);

/** Newest modification time of the files under `target` (0 when absent). */
function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.isDirectory() && skippedDirs.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function hasSources(dir: string): boolean {
  const src = path.join(repoRoot, dir, 'src');
  return existsSync(src) && readdirSync(src).length > 0;
}

function hasBuildScript(dir: string): boolean {
  const file = path.join(repoRoot, dir, 'package.json');
  if (!existsSync(file)) return false;
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { scripts?: Record<string, string> };
  return Boolean(pkg.scripts?.build);
}

export function isStale(dir: string): boolean {
  const stamp = stampOf(dir);
  if (!existsSync(stamp) || !existsSync(path.join(repoRoot, dir, 'dist', 'index.html')))
    return true;
  const sources = Math.max(
    newestMtime(path.join(repoRoot, dir)),
    newestMtime(path.join(repoRoot, 'contracts', 'src')),
  );
  return sources > statSync(stamp).mtimeMs;
}

/** Builds what needs building; returns false (after printing why) when a build fails. */
export async function buildFrontends({ force = false } = {}): Promise<boolean> {
  let ok = true;
  for (const { dir, pkg } of frontends) {
    if (!hasBuildScript(dir) || !hasSources(dir)) {
      say.warn(`${dir}: no build script or no sources yet, not built`);
      continue;
    }
    if (!force && !isStale(dir)) {
      say.ok(`${dir}: dist/ up to date`);
      continue;
    }
    const started = Date.now();
    say.step(`${dir}: npm run build…`);
    try {
      await run('npm', ['run', 'build', '-w', pkg], { cwd: repoRoot });
      mkdirSync(path.dirname(stampOf(dir)), { recursive: true });
      writeFileSync(stampOf(dir), new Date().toISOString());
      say.ok(`${dir} built (${seconds(started)})`);
    } catch (error) {
      ok = false;
      const lines = (error as Error).message.split('\n');
      console.error(`✗ ${dir} build failed (last lines):\n${lines.slice(-40).join('\n')}`);
    }
  }
  return ok;
}
