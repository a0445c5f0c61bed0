// Idempotent "ensure" steps for the programs the tests and `npm start` run beside Node:
// FerretDB (our launcher, infra/ferretdb), Kafka's jars, k6 and stripe-mock. Each is
// built once into .cache/ and skipped afterwards; Go's and Maven's own caches
// (~/go, ~/.cache/go-build, ~/.m2) make a rebuild after `rm -rf .cache` quick.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { say, seconds } from './lib/log';
import {
  binDir,
  cacheDir,
  ferretdbBin,
  k6Bin,
  kafkaLibDir,
  repoRoot,
  stripeMockBin,
} from './lib/paths';
import { run } from './lib/run';

/** Go tools pinned by version, so every machine runs the same binaries. */
export const K6_MODULE = 'go.k6.io/k6@v1.8.1';
export const STRIPE_MOCK_MODULE = 'github.com/stripe/stripe-mock@v0.203.0';

const ferretdbSrc = path.join(repoRoot, 'infra', 'ferretdb');
const kafkaPom = path.join(repoRoot, 'infra', 'kafka', 'pom.xml');

// Static binaries: no C toolchain needed, and they run on any Linux.
const goEnv = { CGO_ENABLED: '0', GOFLAGS: '-buildvcs=false' };

function mtime(file: string): number {
  return statSync(file).mtimeMs;
}

export async function ensureFerretdb(): Promise<string> {
  // Every Go file of the launcher counts, and its patches, so a change triggers a rebuild.
  const sources = readdirSync(ferretdbSrc)
    .filter((f) => f.endsWith('.go') || ['go.mod', 'go.sum', 'patches.json'].includes(f))
    .map((f) => path.join(ferretdbSrc, f));
  const newestSource = Math.max(...sources.map(mtime));
  if (existsSync(ferretdbBin) && mtime(ferretdbBin) >= newestSource) return ferretdbBin;

  const started = Date.now();
  say.step('FerretDB: building .cache/bin/ferretdb with Go (first time ~2 min)…');
  mkdirSync(binDir, { recursive: true });
  const modfile = await patchFerretdb();
  // Build beside the target and rename, so a concurrent reader never sees half a file.
  const tmp = `${ferretdbBin}.${process.pid}.tmp`;
  await run('go', ['build', '-modfile', modfile, '-o', tmp, '.'], {
    cwd: ferretdbSrc,
    env: goEnv,
  });
  renameSync(tmp, ferretdbBin);
  say.ok(`FerretDB built (${seconds(started)})`);
  return ferretdbBin;
}

interface SourcePatch {
  file: string;
  from: string;
  to: string;
  count: number;
}

/**
 * Copies FerretDB's module out of Go's cache, applies infra/ferretdb/patches.json to the
 * copy and returns a go.mod (beside it, under .cache/) that replaces the module with it.
 * The launcher's own go.mod stays the plain upstream pin. A patch that no longer
 * matches exactly fails the build rather than being skipped.
 */
async function patchFerretdb(): Promise<string> {
  const { module, patches } = JSON.parse(
    readFileSync(path.join(ferretdbSrc, 'patches.json'), 'utf8'),
  ) as { module: string; patches: SourcePatch[] };
  await run('go', ['mod', 'download', module], { cwd: ferretdbSrc, env: goEnv });
  const upstream = (
    await run('go', ['list', '-m', '-f', '{{.Dir}}', module], { cwd: ferretdbSrc, env: goEnv })
  ).trim();

  const workDir = path.join(cacheDir, 'builds', 'ferretdb-patched');
  const patched = path.join(workDir, 'module');
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  // Go's module cache is read-only; the copy must not be.
  cpSync(upstream, patched, { recursive: true, mode: 0 });
  await run('chmod', ['-R', 'u+w', patched]);
  for (const patch of patches) {
    const file = path.join(patched, patch.file);
    const text = readFileSync(file, 'utf8');
    const found = text.split(patch.from).length - 1;
    if (found !== patch.count) {
      throw new Error(
        `FerretDB patch for ${patch.file}: expected ${patch.count} × "${patch.from}", found ${found}`,
      );
    }
    writeFileSync(file, text.split(patch.from).join(patch.to));
  }

  const modfile = path.join(workDir, 'go.mod');
  const goMod = readFileSync(path.join(ferretdbSrc, 'go.mod'), 'utf8');
  writeFileSync(modfile, `${goMod}\nreplace ${module} => ${patched}\n`);
  writeFileSync(path.join(workDir, 'go.sum'), readFileSync(path.join(ferretdbSrc, 'go.sum')));
  return modfile;
}

export async function ensureKafka(): Promise<string> {
  const pomHash = createHash('sha256').update(readFileSync(kafkaPom)).digest('hex');
  const stamp = path.join(cacheDir, 'kafka', 'pom.sha256');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === pomHash && existsSync(kafkaLibDir))
    return kafkaLibDir;

  const started = Date.now();
  say.step('Kafka: fetching 3.9.2 jars into .cache/kafka/lib with Maven…');
  const tmp = `${kafkaLibDir}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  await run('mvn', [
    '-q',
    '-B',
    '-f',
    kafkaPom,
    'dependency:copy-dependencies',
    `-DoutputDirectory=${tmp}`,
    '-DincludeScope=runtime',
  ]);
  rmSync(kafkaLibDir, { recursive: true, force: true });
  renameSync(tmp, kafkaLibDir);
  writeFileSync(stamp, pomHash);
  say.ok(`Kafka jars ready: ${readdirSync(kafkaLibDir).length} files (${seconds(started)})`);
  return kafkaLibDir;
}

/** `go install module@version` into .cache/bin, remembering the version beside the binary. */
async function ensureGoTool(
  label: string,
  module: string,
  bin: string,
  hint: string,
): Promise<string> {
  const stamp = `${bin}.version`;
  if (existsSync(bin) && existsSync(stamp) && readFileSync(stamp, 'utf8') === module) return bin;

  const started = Date.now();
  say.step(`${label}: go install ${module} into .cache/bin (${hint})…`);
  const tmpBin = path.join(cacheDir, `gobin.${process.pid}.tmp`);
  mkdirSync(tmpBin, { recursive: true });
  try {
    await run('go', ['install', module], { cwd: cacheDir, env: { ...goEnv, GOBIN: tmpBin } });
    mkdirSync(binDir, { recursive: true });
    renameSync(path.join(tmpBin, path.basename(bin)), bin);
  } finally {
    rmSync(tmpBin, { recursive: true, force: true });
  }
  writeFileSync(stamp, module);
  say.ok(`${label} built (${seconds(started)})`);
  return bin;
}

export function ensureK6(): Promise<string> {
  return ensureGoTool('k6', K6_MODULE, k6Bin, 'first time ~5 min');
}

export function ensureStripeMock(): Promise<string> {
  return ensureGoTool('stripe-mock', STRIPE_MOCK_MODULE, stripeMockBin, 'first time ~1 min');
}

export const tools = {
  ferretdb: ensureFerretdb,
  kafka: ensureKafka,
  k6: ensureK6,
  'stripe-mock': ensureStripeMock,
} as const;

export type ToolName = keyof typeof tools;

/** Ensures the named tools (all by default), one after the other: each build already uses every core. */
export async function ensureTools(
  names: readonly ToolName[] = Object.keys(tools) as ToolName[],
): Promise<void> {
  mkdirSync(cacheDir, { recursive: true });
  for (const name of names) await tools[name]();
  say.ok(`tools ready: ${names.join(', ')}`);
}
