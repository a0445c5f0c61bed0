// The public lookup by e-mail answers anyone, so one address may ask at most 60 times a
// minute: enough for a buyer checking their numbers (even behind a carrier's shared
// address), too few to walk a list of e-mails. Per api process, like the login limits.
import type { AppDeps } from '../../context';
import { createRateLimiter, type RateLimiter } from '../../auth/rate-limit';

export const LOOKUP_LIMIT = { limit: 60, windowMs: 60_000 } as const;

const limiters = new WeakMap<AppDeps, RateLimiter>();

export function lookupLimiter(deps: AppDeps): RateLimiter {
  let found = limiters.get(deps);
  if (!found) {
    found = createRateLimiter(LOOKUP_LIMIT);
    limiters.set(deps, found);
  }
  return found;
}
