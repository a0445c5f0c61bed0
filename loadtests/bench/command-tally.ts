// Loaded into the bench's api process (node --import, bench/processes.ts) when
// BENCH_COMMAND_TALLY names a file: counts the store commands the process sends (the
// driver's command monitor; its MONGODB_URL carries monitorCommands=true), as
// server/src/testing/command-counter.ts does in the purchase-costs test, and writes the
// counts so far to that file on SIGUSR2. The bench reads them before and after a sale.
// Stages: `background` for the periodic passes (sweeps, checks), `sold-out` for the
// requests answered 409 (late buyers: how many there are depends on how long the sale
// lasts, not on what a purchase costs), `sale` for the rest: the home page's reads,
// orders, payments and the pipeline's work.
import { AsyncLocalStorage } from 'node:async_hooks';
import { renameSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { MongoClient, type CommandStartedEvent } from 'mongodb';
import { inPeriodicPass, tracePeriodicPasses } from '@vag/core/periodic-job';

const WRITES = new Set(['insert', 'update', 'delete', 'findAndModify']);
const READS = new Set(['find', 'aggregate', 'count', 'getMore', 'distinct']);

/** `sale write update purchases` → how many. */
export type CommandTally = Record<string, number>;

/** The commands of one request while it runs; its stage is known once it has answered. */
interface RequestBucket {
  counts: CommandTally;
  open: boolean;
}

function add(tally: CommandTally, key: string, n = 1): void {
  tally[key] = (tally[key] ?? 0) + n;
}

const file = process.env.BENCH_COMMAND_TALLY;
if (file) {
  // AsyncLocalStorages (a little of the api's CPU, the same in every run that counts).
  tracePeriodicPasses();
  const requests = new AsyncLocalStorage<RequestBucket>();
  const counts: CommandTally = {};

  const tally = (event: CommandStartedEvent) => {
    const name = event.commandName;
    const kind = WRITES.has(name) ? 'write' : READS.has(name) ? 'read' : null;
    if (!kind) return;
    const command = `${kind} ${name} ${String(event.command[name] ?? '')}`;
    if (inPeriodicPass()) return add(counts, `background ${command}`);
    const bucket = requests.getStore();
    // Work a request started that goes on after its answer (the in-process pipeline) is the sale's.
    if (bucket?.open) add(bucket.counts, command);
    else add(counts, `sale ${command}`);
  };

  const watched = new WeakSet<MongoClient>();
  const connect = MongoClient.prototype.connect;
  MongoClient.prototype.connect = function (this: MongoClient) {
    if (!watched.has(this)) {
      watched.add(this);
      this.on('commandStarted', tally);
    }
    return connect.call(this);
  };

  const emit = http.Server.prototype.emit as (event: string, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event !== 'request') return emit.call(this, event, ...args);
    const res = args[1] as http.ServerResponse;
    const bucket: RequestBucket = { counts: {}, open: true };
    res.once('close', () => {
      bucket.open = false;
      const stage = res.statusCode === 409 ? 'sold-out' : 'sale';
      for (const [command, n] of Object.entries(bucket.counts))
        add(counts, `${stage} ${command}`, n);
    });
    return requests.run(bucket, () => emit.call(this, event, ...args));
  } as typeof http.Server.prototype.emit;

  let seq = 0;
  // Written aside and renamed: the bench never reads half a file.
  process.on('SIGUSR2', () => {
    writeFileSync(`${file}.tmp`, JSON.stringify({ seq: ++seq, counts }));
    renameSync(`${file}.tmp`, file);
  });
}
