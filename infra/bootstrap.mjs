// Shared start of the plain-Node entry points (npm start, npm test, setup): on a fresh
// clone node_modules does not exist yet, so nothing here may import an npm package
// before `ensureDependencies()` has run. After it, `loadTs()` imports TypeScript
// modules in this same process through tsx's loader.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command in the repo root with inherited output; exits this process when it fails. */
export function runOrExit(cmd, args, label) {
  const result = spawnSync(cmd, args, { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    console.error(`✗ ${label} failed (${result.error?.message ?? `exit code ${result.status}`})`);
    process.exit(result.status || 1);
  }
}

export function ensureDependencies() {
  const marker = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
  if (existsSync(marker)) return;
  console.log('▸ node_modules missing: npm ci…');
  const started = Date.now();
  runOrExit('npm', ['ci', '--no-audit', '--no-fund'], 'npm ci');
  console.log(`✓ dependencies installed (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

let registered = false;
/** Imports a TypeScript module (path relative to the repo root). */
export async function loadTs(relativePath) {
  if (!registered) {
    const { register } = await import('tsx/esm/api');
    register();
    registered = true;
  }
  return import(pathToFileURL(path.join(repoRoot, relativePath)).href);
}
