// Long-running service processes for tests and scripts: output goes to a log file
// whose tail is shown when the service fails; every child still alive when this
// process exits is killed, and setpriv's parent-death signal covers this process
// dying without running exit handlers (SIGKILL, a crash).
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';

const alive = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of alive) child.kill('SIGKILL');
  });
}

const setpriv = '/usr/bin/setpriv';

export interface ServiceProcess {
  child: ChildProcess;
  logFile: string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
  isRunning(): boolean;
  logTail(lines?: number): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

export function spawnService(
  cmd: string,
  args: string[],
  options: {
    cwd?: string;
    /** Where stdout and stderr go; `inherit` shares this process's terminal. */
    logFile: string | 'inherit';
    env?: Record<string, string | undefined>;
    /** Outlive this process (the CLI `start` commands). */
    detached?: boolean;
    /** Own process group: a terminal's Ctrl-C reaches only us, and we stop it in order. */
    ownGroup?: boolean;
  },
): ServiceProcess {
  const out = options.logFile === 'inherit' ? 'inherit' : openSync(options.logFile, 'a');
  // A detached service must outlive us; an attached one must not.
  const [file, argv] =
    !options.detached && existsSync(setpriv)
      ? [setpriv, ['--pdeathsig', 'KILL', cmd, ...args]]
      : [cmd, args];
  const child = spawn(file, argv, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', out, out],
    detached: Boolean(options.detached || options.ownGroup),
  });
  if (typeof out === 'number') closeSync(out);
  let running = true;
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      running = false;
      alive.delete(child);
      resolve(code ?? signal ?? 'unknown');
    });
    child.once('error', (error) => {
      running = false;
      alive.delete(child);
      resolve(error.message);
    });
  });
  if (options.detached) child.unref();
  else {
    alive.add(child);
    installExitHook();
  }

  return {
    child,
    logFile: options.logFile,
    exited,
    isRunning: () => running,
    logTail: (lines = 40) =>
      options.logFile === 'inherit' ? '(output above)' : tailOf(options.logFile, lines),
    stop: async (graceMs = 10_000) => {
      if (!running) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

export function tailOf(file: string, lines = 40): string {
  if (!existsSync(file)) return '(no log)';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/** A TCP port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Polls `probe` until it succeeds, failing early when the service's process ends and
 * with the log tail when `timeoutMs` passes.
 */
export async function waitUntilReady(
  name: string,
  service: ServiceProcess,
  probe: () => Promise<unknown>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    if (!service.isRunning()) {
      throw new Error(
        `${name} exited before answering (${await service.exited}). Log ${service.logFile}:\n${service.logTail()}`,
      );
    }
    try {
      await probe();
      return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      await service.stop(2_000);
      throw new Error(
        `${name} did not answer within ${timeoutMs / 1000} s (last error: ${String(lastError)}). Log ${service.logFile}:\n${service.logTail()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
