// The programs from the operating system that `npm start` and `npm test` run: Go and
// Maven build our tools into .cache/ (only while a build is missing), Python builds the
// Schemathesis virtualenv, Java runs Kafka,
// Chromium drives the browser tests and docker-compose validates docker-compose.yml.
// A missing one is installed from Debian's packages when we are root with apt-get;
// otherwise we stop at once with the exact command to run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { say, seconds } from './lib/log';
import { ferretdbBin, k6Bin, kafkaLibDir, schemathesisBin, stripeMockBin } from './lib/paths';

export interface SystemProgram {
  /** What is looked up on PATH (or an absolute path). */
  command: string;
  /** The Debian package that provides it. */
  debian: string;
  /** Whether this run needs it at all (a tool already built needs no compiler). */
  needed: () => boolean;
}

const chromiumPath = () => process.env.VAG_CHROMIUM ?? '/usr/bin/chromium';

const always = () => true;
const goBuildsMissing = (bins: string[]) => () => bins.some((bin) => !existsSync(bin));

export const TEST_PROGRAMS: SystemProgram[] = [
  {
    command: 'go',
    debian: 'golang-go',
    needed: goBuildsMissing([ferretdbBin, k6Bin, stripeMockBin]),
  },
  { command: 'mvn', debian: 'maven', needed: () => !existsSync(kafkaLibDir) },
  { command: 'java', debian: 'openjdk-17-jre-headless', needed: always },
  // Python builds the Schemathesis virtualenv (Debian splits `venv` into python3-venv).
  { command: 'python3', debian: 'python3-venv', needed: () => !existsSync(schemathesisBin) },
  { command: chromiumPath(), debian: 'chromium', needed: always },
  { command: 'docker-compose', debian: 'docker-compose', needed: always },
];

export const START_PROGRAMS: SystemProgram[] = [
  { command: 'go', debian: 'golang-go', needed: goBuildsMissing([ferretdbBin]) },
];

function isInstalled(command: string): boolean {
  if (command.startsWith('/')) return existsSync(command);
  return spawnSync('sh', ['-c', `command -v "${command}"`], { stdio: 'ignore' }).status === 0;
}

const canInstall = () => process.getuid?.() === 0 && isInstalled('apt-get');

/** apt-get with its progress on our output, so minutes of downloading never look hung. */
function aptGet(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('apt-get', args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`apt-get ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** Installs what is missing (root with apt-get) or throws with the command to run. */
export async function ensureSystemPrograms(programs: SystemProgram[]): Promise<void> {
  const missing = programs.filter((p) => p.needed() && !isInstalled(p.command));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((p) => p.debian))];
  const command = `apt-get update && apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  const names = missing.map((p) => p.command).join(', ');
  if (!canInstall()) {
    throw new Error(`missing ${names}. Install with (as root):\n    ${command}`);
  }
  const started = Date.now();
  say.step(`installing ${packages.join(', ')} from Debian's packages (missing: ${names})…`);
  await aptGet(['update']);
  await aptGet(['install', '-y', '--no-install-recommends', ...packages]);
  const stillMissing = missing.filter((p) => !isInstalled(p.command));
  if (stillMissing.length > 0)
    throw new Error(
      `still missing after apt-get: ${stillMissing.map((p) => p.command).join(', ')}`,
    );
  say.ok(`installed ${packages.join(', ')} (${seconds(started)})`);
}
