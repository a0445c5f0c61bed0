// Request counters shared by every api process (`rate_limits`): one document per limiter,
// subject (an address, an e-mail) and fixed time window, counted with one atomic `$inc`
// upsert; plus account locks after repeated failed logins. FerretDB has no TTL indexes,
// so each document carries `expiresAt` and removeExpiredRateLimits() sweeps them.
import type { Db } from 'mongodb';

interface RateLimitDoc {
  _id: string;
  limiter: string;
  subject: string;
  count: number;
  /** When the window (or the lock) ends; after that the document is garbage. */
  expiresAt: Date;
}

const rateLimits = (db: Db) => db.collection<RateLimitDoc>('rate_limits');

export async function ensureRateLimitIndexes(db: Db): Promise<void> {
  await rateLimits(db).createIndex({ expiresAt: 1 });
}

export interface WindowCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** When the current window ends. */
  resetAt: Date;
}

function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: number }).code === 11000;
}

/** Counts one hit of `subject` in the current window of `windowMs` and answers the window's total. */
export async function countHit(
  db: Db,
  { limiter, subject, windowMs }: { limiter: string; subject: string; windowMs: number },
  now = Date.now(),
): Promise<WindowCount> {
  const start = Math.floor(now / windowMs) * windowMs;
  const resetAt = new Date(start + windowMs);
  const _id = `${limiter}|${subject}|${start}`;
  const upsert = () =>
    rateLimits(db).findOneAndUpdate(
      { _id },
      { $inc: { count: 1 }, $setOnInsert: { limiter, subject, expiresAt: resetAt } },
      { upsert: true, returnDocument: 'after' },
    );
  let doc;
  try {
    doc = await upsert();
  } catch (error) {
    // Two processes created the window at the same moment: the loser increments it.
    if (!isDuplicateKey(error)) throw error;
    doc = await upsert();
  }
  return { count: doc?.count ?? 1, resetAt };
}

/** Forgets every window of `subject` for `limiter` (a successful login clears its failures). */
export async function clearHits(db: Db, limiter: string, subject: string): Promise<void> {
  await rateLimits(db).deleteMany({ limiter, subject });
}

/** Locks `subject` until `until` (a later lock wins over an earlier one). */
export async function lockSubject(
  db: Db,
  limiter: string,
  subject: string,
  until: Date,
): Promise<void> {
  await rateLimits(db).updateOne(
    { _id: `${limiter}|${subject}|lock` },
    { $max: { expiresAt: until }, $setOnInsert: { limiter, subject, count: 0 } },
    { upsert: true },
  );
}

/** When the lock of `subject` ends, or null when it is not locked. */
export async function lockedUntil(
  db: Db,
  limiter: string,
  subject: string,
  now = Date.now(),
): Promise<Date | null> {
  const lock = await rateLimits(db).findOne({ _id: `${limiter}|${subject}|lock` });
  return lock && lock.expiresAt.getTime() > now ? lock.expiresAt : null;
}

/** Deletes windows and locks that ended; answers how many. */
export async function removeExpiredRateLimits(db: Db, now = new Date()): Promise<number> {
  const { deletedCount } = await rateLimits(db).deleteMany({ expiresAt: { $lte: now } });
  return deletedCount;
}
