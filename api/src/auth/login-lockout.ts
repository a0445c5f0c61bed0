// Lock-out after repeated failed logins for one account: 5 failures within 15 minutes
// lock that e-mail for 15 minutes, whichever address the tries come from. Unknown e-mails
// are counted the same way, so a lock says nothing about whether an account exists.
import { SERVER } from '@vag/contracts';
import type { AppDeps } from '../context';
import { clearHits, countHit, lockedUntil, lockSubject } from '@vag/core/db/rate-limits';
import { normaliseEmail } from '@vag/core/db/users';
import { tooManyRequests } from '../lib/errors';

export const LOCKOUT = { failures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

const FAILURES = 'login-failures';
const LOCK = 'login-lock';

/** Throws the 429 'Cuenta bloqueada…' while the account is locked. */
export async function refuseLockedAccount(deps: AppDeps, email: string): Promise<void> {
  const until = await lockedUntil(deps.db, LOCK, normaliseEmail(email));
  if (until) throw tooManyRequests(SERVER.accountLocked, (until.getTime() - Date.now()) / 1000);
}

/** Counts a failed login; the one that reaches the limit locks the account. */
export async function recordFailedLogin(deps: AppDeps, email: string): Promise<void> {
  const subject = normaliseEmail(email);
  const { count } = await countHit(deps.db, {
    limiter: FAILURES,
    subject,
    windowMs: LOCKOUT.windowMs,
  });
  if (count >= LOCKOUT.failures)
    await lockSubject(deps.db, LOCK, subject, new Date(Date.now() + LOCKOUT.lockMs));
}

/** A successful login starts the count again. */
export async function clearFailedLogins(deps: AppDeps, email: string): Promise<void> {
  await clearHits(deps.db, FAILURES, normaliseEmail(email));
}
