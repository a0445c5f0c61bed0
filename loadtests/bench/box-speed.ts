// How fast the box is right now, as a figure runs on different days can be compared by.
// The same code has cost a purchase 12.5 ms of the box's CPU in one run and 17–20 ms
// hours later (docs/bench-history.md runs 18 and 19): the box is a virtual machine on a shared host.
// Every core runs a fixed piece of work (a JSON round trip of a purchase-like document,
// what the api and the store spend much of their time on) for a while, at the same time;
// the count of round trips per second and core is the box's speed.
import { Worker } from 'node:worker_threads';
import { cpus } from 'node:os';

const WORK = `
const { parentPort, workerData } = require('node:worker_threads');
const doc = {
  _id: '6f1c2d3e-0000-4000-8000-000000000000', status: 'COMPLETED', quantity: 5, totalPrice: 5,
  buyer: { firstName: 'Ana', lastName: 'Pérez', email: 'ana@example.ec', phone: '0991234567',
    province: 'Pichincha', city: 'Quito', address: 'Av. Amazonas 123' },
  assignedNumbers: ['00012', '04511', '09003', '12345', '54321'],
  reservation: { active: false, expiresAt: '2026-11-27T20:00:00.000Z' },
  notifications: { email: { state: 'sent', attempts: 1 }, sms: { state: 'sent', attempts: 1 } },
};
const until = Date.now() + workerData.ms;
let n = 0;
while (Date.now() < until) {
  for (let i = 0; i < 100; i++) JSON.parse(JSON.stringify(doc));
  n += 100;
}
parentPort.postMessage(n);
`;

/** JSON round trips per second on each core, all cores at once (0 where a worker failed). */
export async function boxSpeed(ms = 2_000): Promise<number> {
  const counts = await Promise.all(
    cpus().map(
      () =>
        new Promise<number>((resolve) => {
          const worker = new Worker(WORK, { eval: true, workerData: { ms } });
          worker.once('message', (n: number) => resolve(n));
          worker.once('error', () => resolve(0));
        }),
    ),
  );
  const perCore = counts.reduce((a, b) => a + b, 0) / counts.length;
  return Math.round(perCore / (ms / 1000));
}
