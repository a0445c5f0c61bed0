// Login attempt limits, per api process: 10 a minute from one address, 5 a minute for
// one e-mail. Kept per app instance so that test servers do not share counters.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppDeps } from '../../context';
import { createRateLimiter, type RateLimiter } from '../../auth/rate-limit';

export const LOGIN_LIMITS = {
  perIp: { limit: 10, windowMs: 60_000 },
  perEmail: { limit: 5, windowMs: 60_000 },
} as const;

const limiters = new WeakMap<AppDeps, { ip: RateLimiter; email: RateLimiter }>();

export function loginLimiters(deps: AppDeps): { ip: RateLimiter; email: RateLimiter } {
  let found = limiters.get(deps);
  if (!found) {
    found = {
      ip: createRateLimiter(LOGIN_LIMITS.perIp),
      email: createRateLimiter(LOGIN_LIMITS.perEmail),
    };
    limiters.set(deps, found);
  }
  return found;
}

/** The caller's address; behind a trusted proxy (TRUST_PROXY) the first X-Forwarded-For entry. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'local';
  }
}
