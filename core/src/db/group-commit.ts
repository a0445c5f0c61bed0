// Group commit: the writes a process asks for while one of them is in flight wait for it
// and then go to the store together, as one command. Alone, a write goes out at once (no
// delay is added); in a sellout, when writes queue behind the store anyway, each command
// carries everything that piled up meanwhile. A caller's promise settles with the command
// that carried its item, so an at-least-once consumer acknowledges only what the store took.
import type { Db } from 'mongodb';

/** One caller's item, and how to answer it. */
export interface Pending<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/** Settles every item of one batch (what settles none is rejected with the error it throws). */
export type SettleBatch<T, R> = (db: Db, batch: Pending<T, R>[]) => Promise<void>;

/** Writes one batch; throws when the store did not take all of it. */
export type BatchWrite<T> = (db: Db, items: T[]) => Promise<void>;

interface Queue<T, R> {
  waiting: Pending<T, R>[];
  flushing: boolean;
}

/**
 * The queue behind group commit, per database: the first item goes out at once, those
 * asked for while a batch is in flight go together in the next, at most `maxBatch` at a time.
 */
export function batchedPerDb<T, R>(
  settle: SettleBatch<T, R>,
  maxBatch: number,
): (db: Db, item: T) => Promise<R> {
  const queues = new WeakMap<Db, Queue<T, R>>();

  async function flush(db: Db, queue: Queue<T, R>) {
    queue.flushing = true;
    try {
      while (queue.waiting.length > 0) {
        const batch = queue.waiting.splice(0, maxBatch);
        // A promise settles once: rejecting what `settle` already answered changes nothing.
        await settle(db, batch).catch((error: unknown) => batch.forEach((p) => p.reject(error)));
      }
    } finally {
      queue.flushing = false;
    }
  }

  return (db, item) => {
    let queue = queues.get(db);
    if (!queue) {
      queue = { waiting: [], flushing: false };
      queues.set(db, queue);
    }
    const q = queue;
    return new Promise<R>((resolve, reject) => {
      q.waiting.push({ item, resolve, reject });
      if (!q.flushing) void flush(db, q);
    });
  };
}

/** Items per command: keeps one command's time in the store short. */
const MAX_WRITES = 200;

/** `write` for one item at a time, grouped per database with the items asked for meanwhile. */
export function groupCommit<T>(write: BatchWrite<T>): (db: Db, item: T) => Promise<void> {
  return batchedPerDb<T, void>(async (db, batch) => {
    await write(
      db,
      batch.map((p) => p.item),
    );
    for (const p of batch) p.resolve();
  }, MAX_WRITES);
}
