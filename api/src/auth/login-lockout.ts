// Failed logins lock the attacker, not the owner: failures are counted per (address,
// account) pair, so five wrong passwords from one address lock that address out of that
// account only; the owner elsewhere signs in as usual, and a device that signed in before
// passes the lock (known-device.ts). Each lock of a pair lasts twice the one before
// (1, 2, 4 … minutes, at most an hour), so one address gets a handful of guesses an hour.
// Unknown e-mails are counted the same way, so a lock says nothing about whether an
// account exists. The account's owner is told of the failures at the next sign-in.
import { SERVER } from '@vag/contracts';
import type { AppDeps } from '../context';
import { clearHits, countHit, lockedUntil, lockSubject } from '@vag/core/db/rate-limits';
import { normaliseEmail, noteFailedLogin } from '@vag/core/db/users';
import { tooManyRequests } from '../lib/errors';

const MINUTE = 60_000;

export const LOCKOUT = {
  /** Failures of one pair within the window that lock it. */
  failures: 5,
  windowMs: 15 * MINUTE,
  /** The first lock; each further lock of the pair within a day doubles it, up to maxLockMs. */
  firstLockMs: MINUTE,
  maxLockMs: 60 * MINUTE,
  /** How long a pair's earlier locks count for the backoff. */
  backoffWindowMs: 24 * 60 * MINUTE,
} as const;

const FAILURES = 'login-failures';
const LOCK = 'login-lock';
const LOCKS = 'login-locks';

export interface LoginAttempt {
  email: string;
  /** The caller's address (auth/client-address.ts). */
  address: string;
}

const pair = ({ email, address }: LoginAttempt) => `${address}|${normaliseEmail(email)}`;

/** When this address's lock out of this account ends; null when it is not locked. */
export async function pairLockedUntil(deps: AppDeps, attempt: LoginAttempt): Promise<Date | null> {
  return lockedUntil(deps.db, LOCK, pair(attempt));
}

/** The 429 'Demasiados intentos fallidos…' of a locked pair. */
export function lockedOut(until: Date): Error {
  return tooManyRequests(SERVER.accountLocked, (until.getTime() - Date.now()) / 1000);
}

/** Counts a failed login; from the limit on, each failure locks the pair, longer each time. */
export async function recordFailedLogin(deps: AppDeps, attempt: LoginAttempt): Promise<void> {
  const subject = pair(attempt);
  const now = Date.now();
  await noteFailedLogin(deps.db, attempt.email, new Date(now));
  const { count } = await countHit(deps.db, {
    limiter: FAILURES,
    subject,
    windowMs: LOCKOUT.windowMs,
  });
  if (count < LOCKOUT.failures) return;
  const locks = await countHit(deps.db, {
    limiter: LOCKS,
    subject,
    windowMs: LOCKOUT.backoffWindowMs,
  });
  await lockSubject(deps.db, LOCK, subject, new Date(now + lockMs(locks.count)));
}

/** How long the n-th lock of a pair lasts (n from 1). */
export function lockMs(n: number): number {
  return Math.min(LOCKOUT.firstLockMs * 2 ** Math.min(n - 1, 20), LOCKOUT.maxLockMs);
}

/**
 * A successful login starts the pair's count (and its backoff) again. Not when the owner
 * passed a lock on a known device: the attacker at that address stays locked.
 */
export async function clearFailedLogins(deps: AppDeps, attempt: LoginAttempt): Promise<void> {
  const subject = pair(attempt);
  await clearHits(deps.db, FAILURES, subject);
  await clearHits(deps.db, LOCKS, subject);
  await clearHits(deps.db, LOCK, subject);
}
