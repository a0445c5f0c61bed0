// The shared counters: concurrent hits from several api processes are all counted, each
// window starts at zero, and ended windows and locks are swept away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from './client';
import {
  clearHits,
  countHit,
  ensureRateLimitIndexes,
  lockedUntil,
  lockSubject,
  removeExpiredRateLimits,
} from './rate-limits';
import { testMongoBaseUrl, uniqueDbName } from '../testing/test-db';

let a: Database;
let b: Database;
beforeAll(async () => {
  const url = testMongoBaseUrl() + uniqueDbName('ratelimits');
  // Two connections stand for two api processes.
  a = await connectDatabase(url);
  b = await connectDatabase(url);
  await ensureRateLimitIndexes(a.db);
});
afterAll(async () => {
  await a?.db.dropDatabase();
  await Promise.all([a?.client.close(), b?.client.close()]);
});

const WINDOW = 60_000;
const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);

describe('rate-limit windows in the store', () => {
  it('counts every one of 40 simultaneous hits from two processes exactly once', async () => {
    const key = { limiter: 'prueba', subject: '203.0.113.1', windowMs: WINDOW };
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => countHit(i % 2 ? a.db : b.db, key, T0 + 1_000)),
    );
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(counts[0]!.resetAt.getTime()).toBe(T0 + WINDOW);
  });

  it('starts each window at zero and keeps subjects apart', async () => {
    const key = { limiter: 'ventana', subject: 'ana@example.ec', windowMs: WINDOW };
    expect((await countHit(a.db, key, T0)).count).toBe(1);
    expect((await countHit(a.db, key, T0 + WINDOW - 1)).count).toBe(2);
    expect((await countHit(a.db, key, T0 + WINDOW)).count).toBe(1);
    expect((await countHit(a.db, { ...key, subject: 'otro@example.ec' }, T0)).count).toBe(1);
    await clearHits(a.db, 'ventana', 'ana@example.ec');
    expect((await countHit(a.db, key, T0)).count).toBe(1);
  });

  it('locks a subject until a time, a later lock extending it', async () => {
    const now = Date.now();
    expect(await lockedUntil(a.db, 'bloqueo', 'luis@example.ec', now)).toBeNull();
    await lockSubject(a.db, 'bloqueo', 'luis@example.ec', new Date(now + 60_000));
    await lockSubject(b.db, 'bloqueo', 'luis@example.ec', new Date(now + 30_000));
    expect((await lockedUntil(b.db, 'bloqueo', 'luis@example.ec', now))?.getTime()).toBe(
      now + 60_000,
    );
    expect(await lockedUntil(a.db, 'bloqueo', 'luis@example.ec', now + 60_001)).toBeNull();
  });

  it('sweeps ended windows and locks, and only those (FerretDB has no TTL indexes)', async () => {
    const key = { limiter: 'barrido', subject: 'x', windowMs: WINDOW };
    await countHit(a.db, key, T0 - 10 * WINDOW);
    await countHit(a.db, key, Date.now());
    await lockSubject(a.db, 'barrido', 'y', new Date(Date.now() - 1));
    const removed = await removeExpiredRateLimits(a.db);
    expect(removed).toBeGreaterThanOrEqual(2);
    const left = await a.db.collection('rate_limits').find({ limiter: 'barrido' }).toArray();
    expect(left).toHaveLength(1);
    expect((left[0]!.expiresAt as Date).getTime()).toBeGreaterThan(Date.now());
  });
});
