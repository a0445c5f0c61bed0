// Rate-limit tests count hits in fixed windows of the clock: these helpers start a test
// with no hits counted and far enough from the window's end that a burst fits in it.
import type { Db } from 'mongodb';
import { waitFor } from '@vag/core/testing/wait';

/** Forgets every counted hit and lock in the test server's database. */
export async function clearRateLimits(db: Db): Promise<void> {
  await db.collection('rate_limits').deleteMany({});
}

/** Waits until the current window of `windowMs` has at least `needMs` left. */
export async function roomInWindow(windowMs: number, needMs = 20_000): Promise<void> {
  await waitFor(() => windowMs - (Date.now() % windowMs) >= needMs, {
    timeoutMs: needMs + 5_000,
    intervalMs: 250,
    message: 'the start of a fresh rate-limit window',
  });
}
