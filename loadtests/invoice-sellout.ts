// `tsx loadtests/invoice-sellout.ts [--purchases=1500] [--outage-seconds=60] [--workers=1]`:
// the invoices side of a sellout with invoicing on, through both faults the SRI and our
// processes bring. Every purchase is paid at once (purchase.paid on Kafka, as the sale path
// publishes it); `--workers` invoices processes (`npm run workers -- invoices`, one consumer
// group) run against the fake SRI. The SRI goes down for a minute; when it is back and slow,
// the first process is killed with SIGKILL while facturas are at the SRI, then started again. It ends when every
// purchase has its authorized factura, and runs the audit's invoices check (exactly one
// authorized factura per paid purchase, secuenciales 1..n). Prints authorized facturas per
// second, the worker processes' own CPU per factura (a figure a shared box's load does
// not move as much as the wall clock), and the store's when its pid is given
// (VAG_TEST_STORE_PID). Needs VAG_TEST_MONGODB_URL and VAG_TEST_KAFKA_BROKERS (a store and a broker).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditRaffle } from '@vag/core/audit/invariants';
import { KafkaBus } from '@vag/core/bus/kafka-bus';
import { invoices } from '@vag/core/db/invoices';
import { startFakeSri } from '@vag/core/testing/fakes/sri';
import {
  insertPurchase,
  purchasePaidMessage,
  raffleWithNumbers,
} from '@vag/core/testing/raffle-fixtures';
import { createTestDatabase, type TestDatabase } from '@vag/core/testing/test-db';
import { waitFor } from '@vag/core/testing/wait';
import { spawnService, type ServiceProcess } from '../infra/lib/process';
import { setUpInvoicing, sriOutageThenKill } from './bench/invoicing-run';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));

function flag(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return Number(arg ? arg.slice(name.length + 3) : fallback);
}

const say = (started: number, text: string) =>
  console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${text}`);

async function main(): Promise<boolean> {
  const count = flag('purchases', 1500);
  const outageMs = flag('outage-seconds', 60) * 1000;
  const workers = flag('workers', 1);
  const brokers = process.env.VAG_TEST_KAFKA_BROKERS;
  if (!brokers) throw new Error('VAG_TEST_KAFKA_BROKERS is required');
  const t = await createTestDatabase();
  const sri = await startFakeSri();
  const namespace = `inv${randomUUID().slice(0, 8)}.`;
  const bus = new KafkaBus({ brokers: brokers.split(','), clientId: 'invoice-sellout', namespace });
  const logDir = mkdtempSync(path.join(tmpdir(), 'vag-invoice-sellout-'));
  const env = {
    ...sri.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    MONGODB_URL: t.url,
    KAFKA_BROKERS: brokers,
    KAFKA_NAMESPACE: namespace,
    INVOICE_SECRET_KEY: randomUUID(),
    DATA_DIR: logDir,
  };
  const start = (label: string): ServiceProcess =>
    spawnService(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'workers/src/main.ts'), 'invoices'],
      { cwd: repoRoot, logFile: path.join(logDir, `${label}.log`), env },
    );
  let worker: ServiceProcess | null = null;
  const others: ServiceProcess[] = [];
  let workerCpuMs = 0;
  const storePid = Number(process.env.VAG_TEST_STORE_PID ?? 0);
  let storeCpuMs = 0;
  try {
    await prepare(t, env.INVOICE_SECRET_KEY, count);
    storeCpuMs = -cpuMs(storePid);
    const paidAt = Date.now();
    const ids = await t.db
      .collection<{ _id: string }>('purchases')
      .find({}, { projection: { _id: 1 } })
      .toArray();
    await bus.publish(ids.map((p) => purchasePaidMessage(p._id, 1)));
    say(paidAt, `${count} purchases paid`);
    worker = start('first');
    for (let i = 2; i <= workers; i++) others.push(start(`worker-${i}`));
    await sriOutageThenKill({
      db: t.db,
      sri,
      outageMs,
      sendsAgainWithinMs: 120_000,
      kill: async () => {
        workerCpuMs += cpuMs(worker!.child.pid);
        worker!.child.kill('SIGKILL');
        await worker!.exited;
      },
      restart: () => {
        worker = start('second');
      },
      say: (text) => say(paidAt, text),
    });
    const restartedAt = Date.now();
    const authorizedAtRestart = await invoices(t.db).countDocuments({ status: 'autorizada' });
    const done = await waitFor(
      async () => {
        const n = await invoices(t.db).countDocuments({ status: 'autorizada' });
        return n === count ? Date.now() : null;
      },
      { timeoutMs: 1_800_000, intervalMs: 500, message: `${count} authorized facturas` },
    );
    const seconds = (done - paidAt) / 1000;
    const busy = (done - paidAt - outageMs) / 1000;
    say(paidAt, `${count} facturas authorized`);
    console.log(
      `authorized ${(count / seconds).toFixed(1)} facturas/s from payment to the last one; ` +
        `${(count / busy).toFixed(1)}/s leaving out the ${outageMs / 1000} s outage`,
    );
    console.log(
      `after the restart: ${count - authorizedAtRestart} authorized in ${((done - restartedAt) / 1000).toFixed(1)} s ` +
        `(${((count - authorizedAtRestart) / ((done - restartedAt) / 1000)).toFixed(1)}/s, start-up and the dead worker's leases included)`,
    );
    workerCpuMs += [worker!, ...others].reduce((sum, w) => sum + cpuMs(w.child.pid), 0);
    storeCpuMs += cpuMs(storePid);
    console.log(
      `${workers} invoices process(es); worker CPU: ${(workerCpuMs / count).toFixed(1)} ms per factura ` +
        `(${((count * 1000) / workerCpuMs).toFixed(0)} facturas/s per core at most)` +
        (storePid ? `; store CPU ${(storeCpuMs / count).toFixed(1)} ms per factura` : ''),
    );
    const resent = [...sri.documents.values()].filter((d) => d.sends > 1).length;
    console.log(`SRI: ${sri.documents.size} documents, ${resent} of them sent twice (the kill)`);
    const check = (await auditRaffle(t.db)).results.find((r) => r.id === 'invoices');
    console.log(`${check?.ok ? 'PASS' : 'FAIL'}  invoices  ${check?.details.join('\n          ')}`);
    return Boolean(check?.ok) && sri.documents.size === count;
  } finally {
    await Promise.all([worker, ...others].map((w) => w?.stop(5_000)));
    await bus.close();
    await sri.stop();
    await t.drop();
    console.log(`worker logs: ${logDir}`);
  }
}

/** User and system CPU a process has used so far (Linux /proc; 0 elsewhere). */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of proc(5), in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

async function prepare(t: TestDatabase, secretKey: string, count: number): Promise<void> {
  await raffleWithNumbers(t.db, count);
  await setUpInvoicing(t.db, secretKey);
  for (let i = 0; i < count; i += 50)
    await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, () => insertPurchase(t.db, { quantity: 1 })),
    );
}

main().then(
  (ok) => {
    process.exitCode = ok ? 0 : 1;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 2;
  },
);
