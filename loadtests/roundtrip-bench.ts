// `npx tsx loadtests/roundtrip-bench.ts`: what one round trip between two processes costs
// this box, the unit every command to the store and every request costs on top of its
// own work. A child process echoes 300-byte messages over a Unix socket; this process
// sends 20 000, one at a time, and reports its CPU per round trip (and the kernel's part
// of it) twice: the two processes free to run on any core, then both pinned to the first
// core with `taskset` (docs/bench-history.md run 21: on this VM a wake-up across cores costs far more).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';

const ROUND_TRIPS = 20_000;
const MESSAGE = Buffer.alloc(300, 1);

const ECHO_SERVER = `
  require('node:net')
    .createServer((socket) => socket.on('data', (data) => socket.write(data)))
    .listen(process.argv[1], () => process.stdout.write('ready'));
`;

/** The echo server, on the cores this process may use (a child inherits them). */
async function startEcho(socketPath: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', ECHO_SERVER, socketPath], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.once('data', () => resolve());
  });
  return child;
}

/** Sends the messages one at a time; answers CPU µs per round trip, all and in the kernel. */
async function pingPong(
  socketPath: string,
): Promise<{ cpu: number; system: number; wall: number }> {
  const socket = net.connect(socketPath);
  await new Promise((resolve) => socket.once('connect', resolve));
  const cpu = process.cpuUsage();
  const started = performance.now();
  await new Promise<void>((resolve) => {
    let sent = 0;
    let received = 0;
    socket.on('data', (data) => {
      received += data.length;
      if (received < sent) return; // the rest of this answer is still on its way
      if (sent === ROUND_TRIPS * MESSAGE.length) return resolve();
      sent += MESSAGE.length;
      socket.write(MESSAGE);
    });
    sent += MESSAGE.length;
    socket.write(MESSAGE);
  });
  const spent = process.cpuUsage(cpu);
  const wall = ((performance.now() - started) * 1_000) / ROUND_TRIPS;
  socket.destroy();
  return {
    cpu: (spent.user + spent.system) / ROUND_TRIPS,
    system: spent.system / ROUND_TRIPS,
    wall,
  };
}

/** This process, and the children it starts from now on, on the first core (or every core). */
function pinSelf(pinned: boolean): void {
  const cores = pinned ? '0' : `0-${availableParallelism() - 1}`;
  spawnSync('taskset', ['-p', '-c', cores, String(process.pid)], { stdio: 'ignore' });
}

const dir = mkdtempSync(path.join(tmpdir(), 'vag-roundtrip-'));
try {
  const hasTaskset = spawnSync('taskset', ['--version']).status === 0;
  for (const pinned of hasTaskset ? [false, true] : [false]) {
    const socketPath = path.join(dir, `echo-${pinned ? 'pinned' : 'free'}.sock`);
    pinSelf(pinned);
    const echo = await startEcho(socketPath);
    try {
      await pingPong(socketPath); // warm up
      const r = await pingPong(socketPath);
      console.log(
        `${pinned ? 'one core ' : 'any cores'}: ${r.cpu.toFixed(1)} µs CPU per round trip (${r.system.toFixed(1)} in the kernel), ${r.wall.toFixed(1)} µs wall`,
      );
    } finally {
      echo.kill();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
