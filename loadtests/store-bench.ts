// `npx tsx loadtests/store-bench.ts`: the document store on its own, the figures of
// docs/bench-history.md "Store: index pushdown and per-document locking" (the lab of
// docs/STORE.md, repeatable). Three measures, each from 16 concurrent clients:
//   lookup    findOne by a unique field other than _id in a collection of 10 000
//   hot-inc   conditional $inc of one stock document ({_id, units: {$gte: 1}})
//   purchase  a purchase-like mix: read a user, conditional $inc of one hot stock,
//             $inc the user, insert an order and a claim (unique indexes), 6 updateOne
//             by _id, 3 more inserts, read the order by its unique code and the stock
//             (13 writes, 3 reads per purchase)
// Flags: --url=mongodb://127.0.0.1:27017/ (a running store; without it, our FerretDB
// build is started on a free port and a temporary directory), --seconds=20 (purchase
// mix; the others run half of it), --clients=16, --pid=<FerretDB's process id> with
// --url, to report the store's CPU time per call as well (it moves far less than
// throughput when other work shares the machine).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { MongoClient, type Db } from 'mongodb';
import { startFerretdb } from '../infra/services';

function flag(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

const SECONDS = Number(flag('seconds', '20'));
const CLIENTS = Number(flag('clients', '16'));
const LOOKUP_DOCS = 10_000;

interface Figure {
  name: string;
  ops: number;
  seconds: number;
  p50: number;
  p95: number;
  /** The store's CPU milliseconds per call, when its process is known. */
  cpuPerOp?: number;
}

/** CPU time (user + system) a process has used so far, in ms; Linux clock ticks are 10 ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Runs op in a loop on every client for the given time and times each call. */
async function measure(
  name: string,
  dbs: Db[],
  seconds: number,
  op: (db: Db, client: number, i: number) => Promise<void>,
  pid: number | undefined,
): Promise<Figure> {
  const latencies: number[] = [];
  const cpuBefore = pid ? cpuMs(pid) : 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    dbs.map(async (db, client) => {
      for (let i = 0; performance.now() < until; i++) {
        const t0 = performance.now();
        await op(db, client, i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.floor(q * (latencies.length - 1))] ?? NaN;
  return {
    name,
    ops: latencies.length,
    seconds: (performance.now() - started) / 1000,
    p50: at(0.5),
    p95: at(0.95),
    ...(pid ? { cpuPerOp: (cpuMs(pid) - cpuBefore) / latencies.length } : {}),
  };
}

/** Every document here has a string _id, as ours do. */
const coll = (db: Db, name: string) =>
  db.collection<{ _id: string; [field: string]: unknown }>(name);

const stock = (db: Db) => db.collection<{ _id: string; units: number }>('stock');
const users = (db: Db) => db.collection<{ _id: string; purchases: number }>('users');

async function seed(db: Db): Promise<void> {
  const lookups = coll(db, 'lookups');
  await lookups.createIndex({ code: 1 }, { unique: true });
  const orders = coll(db, 'orders');
  await orders.createIndex({ code: 1 }, { unique: true });
  await coll(db, 'claims').createIndex({ purchaseId: 1 }, { unique: true });
  for (let from = 0; from < LOOKUP_DOCS; from += 1000) {
    const batch = Array.from({ length: 1000 }, (_, k) => ({
      _id: `doc-${from + k}`,
      code: `code-${from + k}`,
      buyer: { name: 'Ana Pérez', email: `ana${from + k}@example.ec` },
      numbers: Array.from({ length: 10 }, (_, n) => (from + k) * 10 + n),
    }));
    await lookups.insertMany(batch);
    // The purchase mix reads its orders by code among as many older ones.
    await orders.insertMany(batch.map((d) => ({ ...d, _id: `old-${d._id}` })));
  }
  await users(db).insertMany(
    Array.from({ length: CLIENTS }, (_, c) => ({ _id: `user-${c}`, purchases: 0 })),
  );
  await stock(db).insertMany([
    { _id: 'hot', units: 1_000_000_000 },
    { _id: 'mix', units: 1_000_000_000 },
  ]);
}

async function lookupOne(db: Db): Promise<void> {
  const code = `code-${Math.floor(Math.random() * LOOKUP_DOCS)}`;
  if (!(await coll(db, 'lookups').findOne({ code }))) throw new Error(`${code} not found`);
}

async function takeOne(db: Db): Promise<void> {
  await stock(db).updateOne({ _id: 'hot', units: { $gte: 1 } }, { $inc: { units: -1 } });
}

async function purchase(db: Db, client: number, i: number): Promise<void> {
  const user = `user-${client}`;
  const id = `p-${client}-${i}-${randomUUID().slice(0, 8)}`;
  const byId = (collection: string, _id: string, set: Record<string, unknown>) =>
    coll(db, collection).updateOne({ _id }, { $set: set });

  await users(db).findOne({ _id: user });
  const took = await stock(db).updateOne(
    { _id: 'mix', units: { $gte: 10 } },
    { $inc: { units: -10 } },
  );
  if (took.modifiedCount !== 1) throw new Error('the stock ran out');
  await users(db).updateOne({ _id: user }, { $inc: { purchases: 1 } });
  await coll(db, 'orders').insertOne({ _id: id, code: `c-${id}`, status: 'NEW' });
  await coll(db, 'claims').insertOne({ _id: `claim-${id}`, purchaseId: id });
  await byId('orders', id, { status: 'PENDING' });
  await byId('claims', `claim-${id}`, { numbers: [1, 2, 3] });
  await byId('orders', id, { status: 'PAID' });
  await byId('orders', id, { numbersAt: new Date() });
  await byId('claims', `claim-${id}`, { done: true });
  await byId('users', user, { lastPurchase: id });
  for (const kind of ['email', 'sms', 'report'])
    await coll(db, 'events').insertOne({ _id: `${kind}-${id}`, kind, purchase: id });
  await coll(db, 'orders').findOne({ code: `c-${id}` });
  await stock(db).findOne({ _id: 'mix' });
}

function row(f: Figure, unit: string): string {
  const rate = f.ops / f.seconds;
  const cpu = f.cpuPerOp === undefined ? '–' : f.cpuPerOp.toFixed(2);
  return `| ${f.name} | ${rate.toFixed(rate < 100 ? 1 : 0)} ${unit}/s | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${cpu} | ${f.ops} in ${f.seconds.toFixed(1)} s |`;
}

async function main(): Promise<void> {
  const given = process.argv.find((a) => a.startsWith('--url='));
  const ferretdb = given ? undefined : await startFerretdb();
  const base = given ? flag('url', '') : ferretdb!.url;
  const pid = given ? Number(flag('pid', '0')) || undefined : ferretdb!.pid;
  const url = `${base.endsWith('/') ? base : `${base}/`}storebench_${randomUUID().slice(0, 8)}`;
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, () => new MongoClient(url, { retryWrites: false }).connect()),
  );
  const dbs = clients.map((c) => c.db());
  try {
    await seed(dbs[0]!);
    const load = loadavg()[0]!.toFixed(1);

    const lookup = await measure(
      'findOne by unique code, 10 000 docs',
      dbs,
      SECONDS / 2,
      lookupOne,
      pid,
    );
    const hot = await measure('conditional $inc of one document', dbs, SECONDS / 2, takeOne, pid);
    const mix = await measure('purchase mix (13 writes, 3 reads)', dbs, SECONDS, purchase, pid);

    const sold = 1_000_000_000 - ((await stock(dbs[0]!).findOne({ _id: 'hot' }))?.units as number);
    console.log(
      `${CLIENTS} clients, load average ${load} at the start, ${loadavg()[0]!.toFixed(1)} at the end`,
    );
    console.log('| measure | throughput | p50 ms | p95 ms | store CPU ms per call | calls |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    console.log(row(lookup, 'lookups'));
    console.log(row(hot, 'updates'));
    console.log(row(mix, 'purchases'));
    console.log(
      `hot document: ${hot.ops} updates acknowledged, ${sold} units taken (must be equal)`,
    );
    await dbs[0]!.dropDatabase();
  } finally {
    await Promise.all(clients.map((c) => c.close()));
    await ferretdb?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
