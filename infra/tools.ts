// Idempotent "ensure" steps for the programs the tests and `npm start` run beside Node:
// FerretDB (our launcher, infra/ferretdb), Kafka's jars, k6, stripe-mock and Schemathesis
// (a Python virtualenv). Each is
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
  schemathesisBin,
  stripeMockBin,
  venvDir,
} from './lib/paths';
import { run } from './lib/run';

/** Go tools pinned by version, so every machine runs the same binaries. */
export const K6_MODULE = 'go.k6.io/k6@v1.8.1';
export const STRIPE_MOCK_MODULE = 'github.com/stripe/stripe-mock@v0.203.0';

const ferretdbSrc = path.join(repoRoot, 'infra', 'ferretdb');
/**
 * The modules our FerretDB build patches: each one's patch set, the folder of the files it
 * adds (at the paths they take in the module; Go ignores folders starting with "_", so the
 * launcher's own build never compiles them) and where the patched copy goes in the build's
 * work folder.
 */
const patchedModules = [
  { patchSet: 'patches.json', addedFiles: '_module', copy: 'module' },
  { patchSet: 'libc-patches.json', addedFiles: '_libc', copy: 'libc' },
  { patchSet: 'sqlite-patches.json', addedFiles: '_sqlite', copy: 'sqlite' },
];
const kafkaPom = path.join(repoRoot, 'infra', 'kafka', 'pom.xml');
const schemathesisRequirements = path.join(repoRoot, 'infra', 'schemathesis', 'requirements.txt');

// Static binaries: no C toolchain needed, and they run on any Linux.
export const goEnv = { CGO_ENABLED: '0', GOFLAGS: '-buildvcs=false' };

function mtime(file: string): number {
  return statSync(file).mtimeMs;
}

export async function ensureFerretdb(): Promise<string> {
  // The launcher's Go files, its patches and every file they add (under _module/, _libc/) count,
  // so a change to any of them triggers a rebuild; its tests do not.
  const inputs = ['go.mod', 'go.sum', ...patchedModules.map((m) => m.patchSet)];
  const sources = readdirSync(ferretdbSrc, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        patchedModules.some((m) =>
          file.startsWith(path.join(ferretdbSrc, m.addedFiles) + path.sep),
        ) ||
        file.endsWith('.go') ||
        inputs.includes(path.relative(ferretdbSrc, file)),
    );
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

/** A text replacement in one upstream file; multi-line texts are given as lists of lines. */
interface SourcePatch {
  file: string;
  from: string | string[];
  to: string | string[];
  count: number;
  why: string;
}

/** A file of ours, kept under infra/ferretdb/_module/ at the path it takes in the module. */
interface AddedFile {
  file: string;
  why: string;
}

interface PatchSet {
  module: string;
  files: AddedFile[];
  patches: SourcePatch[];
}

const text = (lines: string | string[]): string =>
  typeof lines === 'string' ? lines : lines.join('\n');

/**
 * Copies each patched module (FerretDB, modernc's libc and SQLite driver) out of Go's
 * cache into workDir (FerretDB's into workDir/module), adds the files of its
 * infra/ferretdb/_… folder and applies its patch set to the copy, and returns a go.mod (in
 * workDir) that replaces the modules with the copies. The launcher's own go.mod stays the
 * plain upstream pin. A patch that no longer matches exactly, an added file that upstream
 * now has, or a file in an added-files folder that its patch set does not list fails the
 * build rather than being skipped.
 */
export async function patchFerretdb(
  workDir = path.join(cacheDir, 'builds', 'ferretdb-patched'),
): Promise<string> {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const replaces: string[] = [];
  for (const { patchSet, addedFiles, copy } of patchedModules) {
    const { module, files, patches } = JSON.parse(
      readFileSync(path.join(ferretdbSrc, patchSet), 'utf8'),
    ) as PatchSet;
    const patched = path.join(workDir, copy);
    await copyModule(module, patched);
    addFiles(patched, path.join(ferretdbSrc, addedFiles), files);
    for (const patch of patches) applyPatch(patched, module, patch);
    replaces.push(`replace ${module} => ${patched}`);
  }
  const modfile = path.join(workDir, 'go.mod');
  const goMod = readFileSync(path.join(ferretdbSrc, 'go.mod'), 'utf8');
  writeFileSync(modfile, `${goMod}\n${replaces.join('\n')}\n`);
  writeFileSync(path.join(workDir, 'go.sum'), readFileSync(path.join(ferretdbSrc, 'go.sum')));
  return modfile;
}

/** The version go.mod pins of `module`, copied writable to `target`. */
async function copyModule(module: string, target: string): Promise<void> {
  await run('go', ['mod', 'download', module], { cwd: ferretdbSrc, env: goEnv });
  const upstream = (
    await run('go', ['list', '-m', '-f', '{{.Dir}}', module], { cwd: ferretdbSrc, env: goEnv })
  ).trim();
  // Go's module cache is read-only; the copy must not be.
  cpSync(upstream, target, { recursive: true, mode: 0 });
  await run('chmod', ['-R', 'u+w', target]);
}

function addFiles(patched: string, addedFilesDir: string, files: AddedFile[]): void {
  const listed = new Set(files.map((f) => path.normalize(f.file)));
  const present = readdirSync(addedFilesDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(addedFilesDir, path.join(entry.parentPath, entry.name)));
  const unlisted = present.filter((f) => !listed.has(f));
  if (unlisted.length > 0) {
    throw new Error(
      `FerretDB: ${path.relative(repoRoot, addedFilesDir)}/ has files its patch set does not list: ${unlisted.join(', ')}`,
    );
  }
  for (const { file } of files) {
    const target = path.join(patched, file);
    if (existsSync(target)) {
      throw new Error(`FerretDB: ${file} is to be added but upstream already has it`);
    }
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(path.join(addedFilesDir, file), target);
  }
}

function applyPatch(patched: string, module: string, patch: SourcePatch): void {
  const file = path.join(patched, patch.file);
  const [from, to] = [text(patch.from), text(patch.to)];
  const source = readFileSync(file, 'utf8');
  const found = source.split(from).length - 1;
  if (found !== patch.count) {
    throw new Error(
      `${module} patch for ${patch.file}: expected ${patch.count} × "${from}", found ${found}`,
    );
  }
  writeFileSync(file, source.split(from).join(to));
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

/**
 * Schemathesis from PyPI into the git-ignored virtualenv .cache/venv, pinned by
 * infra/schemathesis/requirements.txt (a changed file reinstalls). The copy of that file
 * inside the venv is written last, so a half-installed venv is never taken for a ready one.
 */
export async function ensureSchemathesis(): Promise<string> {
  const wanted = readFileSync(schemathesisRequirements, 'utf8');
  const stamp = path.join(venvDir, 'requirements.txt');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted && venvHere())
    return schemathesisBin;

  const started = Date.now();
  say.step('Schemathesis: pip install into .cache/venv (first time ~2 min)…');
  // A venv's scripts name its absolute path, so it is built where it will live; whatever
  // an interrupted install left is removed first.
  rmSync(venvDir, { recursive: true, force: true });
  await run('python3', ['-m', 'venv', venvDir]);
  await run(path.join(venvDir, 'bin', 'pip'), [
    'install',
    '--quiet',
    '--disable-pip-version-check',
    '-r',
    schemathesisRequirements,
  ]);
  writeFileSync(stamp, wanted);
  say.ok(`Schemathesis ready (${seconds(started)})`);
  return schemathesisBin;
}

/**
 * Whether the venv's scripts still run: they name the python of the folder the venv was
 * made in, so a checkout moved or removed (a .cache shared from a worktree since deleted)
 * leaves scripts that fail with ENOENT.
 */
function venvHere(): boolean {
  if (!existsSync(schemathesisBin)) return false;
  const shebang = readFileSync(schemathesisBin, 'utf8').split('\n', 1)[0] ?? '';
  return shebang.startsWith('#!') && existsSync(shebang.slice(2).trim());
}

export const tools = {
  ferretdb: ensureFerretdb,
  kafka: ensureKafka,
  k6: ensureK6,
  'stripe-mock': ensureStripeMock,
  schemathesis: ensureSchemathesis,
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
