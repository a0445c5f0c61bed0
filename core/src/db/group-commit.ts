// Group commit: the writes a process asks for while one of them is in flight wait for it
// and then go to the store together, as one command. Alone, a write goes out at once (no
// delay is added); in a sellout, when writes queue behind the store anyway, each command
// carries everything that piled up meanwhile. A caller's promise settles with the command
// that carried its item, so an at-least-once consumer acknowledges only what the store took.
import type { Db } from 'mongodb';

/** Writes one batch; throws when the store did not take all of it. */
export type BatchWrite<T> = (db: Db, items: T[]) => Promise<void>;

interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Items per command: keeps one command's time in the store short. */
const MAX_BATCH = 200;

/** `write` for one item at a time, grouped per database with the items asked for meanwhile. */
export function groupCommit<T>(write: BatchWrite<T>): (db: Db, item: T) => Promise<void> {
  const queues = new WeakMap<Db, { waiting: Waiting<T>[]; flushing: boolean }>();

  async function flush(db: Db, queue: { waiting: Waiting<T>[]; flushing: boolean }) {
    queue.flushing = true;
    try {
      while (queue.waiting.length > 0) {
        const batch = queue.waiting.splice(0, MAX_BATCH);
        try {
          await write(
            db,
            batch.map((w) => w.item),
          );
          for (const w of batch) w.resolve();
        } catch (error) {
          for (const w of batch) w.reject(error);
        }
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
    return new Promise<void>((resolve, reject) => {
      q.waiting.push({ item, resolve, reject });
      if (!q.flushing) void flush(db, q);
    });
  };
}
