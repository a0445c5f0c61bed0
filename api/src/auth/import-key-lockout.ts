// Wrong import keys lock the address that sends them, as failed logins do (login-lockout.ts):
// five wrong X-Import-Key headers within fifteen minutes lock that address out of the machine
// import, each lock twice as long as the one before (1, 2, 4 … minutes, at most an hour).
// While locked, a key is not even compared: an address guessing keys learns nothing more.
// The operator's script, calling from its own address with the right key, is not affected.
import { BANK_STATEMENT_TEXTS } from '@vag/contracts';
import { countHit, lockedUntil, lockSubject } from '@vag/core/db/rate-limits';
import type { AppDeps } from '../context';
import { tooManyRequests } from '../lib/errors';
import { LOCKOUT, lockMs } from './login-lockout';

const FAILURES = 'import-key-failures';
const LOCK = 'import-key-lock';
const LOCKS = 'import-key-locks';

/** Throws the 429 while `address` is locked out of the machine import. */
export async function refuseLockedImportKey(deps: AppDeps, address: string): Promise<void> {
  const until = await lockedUntil(deps.db, LOCK, address);
  if (until)
    throw tooManyRequests(
      BANK_STATEMENT_TEXTS.errors.importKeyLocked,
      (until.getTime() - Date.now()) / 1000,
    );
}

/** Counts a wrong key; from the limit on, each one locks the address, longer each time. */
export async function recordWrongImportKey(deps: AppDeps, address: string): Promise<void> {
  const failures = { limiter: FAILURES, subject: address, windowMs: LOCKOUT.windowMs };
  if ((await countHit(deps.db, failures)).count < LOCKOUT.failures) return;
  const locks = await countHit(deps.db, {
    limiter: LOCKS,
    subject: address,
    windowMs: LOCKOUT.backoffWindowMs,
  });
  await lockSubject(deps.db, LOCK, address, new Date(Date.now() + lockMs(locks.count)));
}
