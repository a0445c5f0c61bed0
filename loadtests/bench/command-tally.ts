// Loaded into the bench's api process (node --import, bench/processes.ts) when
// BENCH_COMMAND_TALLY names a file: counts the store commands the process sends (the
// driver's command monitor; its MONGODB_URL carries monitorCommands=true), as
// server/src/testing/command-counter.ts does in the purchase-costs test, and writes the
// counts so far to that file on SIGUSR2. The bench reads them before and after a sale:
// the writes and reads per paid purchase of a whole sellout, the home page's reads and
// the pipeline's grouped writes included, the periodic passes (sweeps, checks) apart.
import { writeFileSync } from 'node:fs';
import { MongoClient, type CommandStartedEvent } from 'mongodb';
import { inPeriodicPass, tracePeriodicPasses } from '@vag/core/periodic-job';

const WRITES = new Set(['insert', 'update', 'delete', 'findAndModify']);
const READS = new Set(['find', 'aggregate', 'count', 'getMore', 'distinct']);

/** `sale write update purchases` → how many; `background` for the periodic passes. */
export type CommandTally = Record<string, number>;

const file = process.env.BENCH_COMMAND_TALLY;
if (file) {
  // Tells the periodic passes' commands apart (an AsyncLocalStorage: a little of the
  // api's CPU, the same in every run that counts).
  tracePeriodicPasses();
  const counts: CommandTally = {};
  const tally = (event: CommandStartedEvent) => {
    const name = event.commandName;
    const kind = WRITES.has(name) ? 'write' : READS.has(name) ? 'read' : null;
    if (!kind) return;
    const key = `${inPeriodicPass() ? 'background' : 'sale'} ${kind} ${name} ${String(event.command[name] ?? '')}`;
    counts[key] = (counts[key] ?? 0) + 1;
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
  let seq = 0;
  process.on('SIGUSR2', () => writeFileSync(file, JSON.stringify({ seq: ++seq, counts })));
}
