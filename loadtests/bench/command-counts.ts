// The bench's side of bench/command-tally.ts: asks the api for its store commands so far
// and turns two looks into writes and reads per paid purchase.
import { readFileSync } from 'node:fs';
import type { CommandTally } from './command-tally';

export interface CommandFigures {
  /** Per paid purchase: the sale's commands (not the periodic passes', not the sold-out answers'). */
  writesPerPaid: number;
  readsPerPaid: number;
  /** The commands of the requests answered 409 (sold out), in all. */
  soldOut: { writes: number; reads: number };
  /** The periodic passes' commands over the sale, in all. */
  background: { writes: number; reads: number };
  /** The sale's commands by kind, command and collection, e.g. `write update purchases`. */
  byCommand: CommandTally;
}

/** The api's counts so far: SIGUSR2 makes it write them to `file` (a fresh `seq` each time). */
export async function commandTally(pid: number, file: string): Promise<CommandTally> {
  const read = (): { seq: number; counts: CommandTally } => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as { seq: number; counts: CommandTally };
    } catch {
      return { seq: 0, counts: {} }; // none written yet
    }
  };
  const before = read().seq;
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const tally = read();
    if (tally.seq > before) return tally.counts;
    if (Date.now() > deadline)
      throw new Error(`the api (${pid}) wrote no command tally to ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function commandFigures(
  before: CommandTally,
  after: CommandTally,
  paidPurchases: number,
): CommandFigures {
  const spent: CommandTally = {};
  for (const [key, n] of Object.entries(after)) {
    const d = n - (before[key] ?? 0);
    if (d > 0) spent[key] = d;
  }
  const sum = (stage: string, kind: string) =>
    Object.entries(spent)
      .filter(([key]) => key.startsWith(`${stage} ${kind} `))
      .reduce((total, [, n]) => total + n, 0);
  const both = (stage: string) => ({ writes: sum(stage, 'write'), reads: sum(stage, 'read') });
  const byCommand = Object.fromEntries(
    Object.entries(spent)
      .filter(([key]) => key.startsWith('sale '))
      .map(([key, n]) => [key.slice('sale '.length), n]),
  );
  return {
    writesPerPaid: paidPurchases ? sum('sale', 'write') / paidPurchases : 0,
    readsPerPaid: paidPurchases ? sum('sale', 'read') / paidPurchases : 0,
    soldOut: both('sold-out'),
    background: both('background'),
    byCommand,
  };
}
