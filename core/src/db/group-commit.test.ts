// The queue behind group commit: alone a write goes at once, and writes asked for while
// one is in flight share the next command.
import type { Db } from 'mongodb';
import { describe, expect, it, vi } from 'vitest';
import { batchedPerDb, type Pending } from './group-commit';

/** A queue whose commands the test finishes by hand, and the batches it was asked to write. */
function recordingQueue() {
  const batches: number[][] = [];
  const inFlight: Array<() => void> = [];
  const push = batchedPerDb<number, number>((_db, batch: Pending<number, number>[]) => {
    batches.push(batch.map((p) => p.item));
    return new Promise<void>((done) =>
      inFlight.push(() => {
        for (const p of batch) p.resolve(p.item * 10);
        done();
      }),
    );
  }, 3);
  const db = {} as Db;
  return {
    batches,
    ask: (item: number) => push(db, item),
    /** Ends the oldest command in flight. */
    finish: async () => {
      inFlight.shift()!();
      await vi.waitFor(() => undefined);
    },
  };
}

describe('group commit', () => {
  it('sends a write at once when nothing is in flight, and answers each caller', async () => {
    const queue = recordingQueue();
    const answer = queue.ask(1);
    expect(queue.batches).toEqual([[1]]);
    await queue.finish();
    await expect(answer).resolves.toBe(10);
  });

  it('writes asked for while one is in flight go in the next command, at most maxBatch at a time', async () => {
    const queue = recordingQueue();
    const answers = [1, 2, 3, 4, 5].map((i) => queue.ask(i));
    expect(queue.batches).toEqual([[1]]);
    await queue.finish();
    expect(queue.batches).toEqual([[1], [2, 3, 4]]);
    await queue.finish();
    expect(queue.batches).toEqual([[1], [2, 3, 4], [5]]);
    await queue.finish();
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 30, 40, 50]);
  });
});
