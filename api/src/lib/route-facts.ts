// Facts a route declares beside its rate limit: the size of body it takes and whether it
// is on the buyers' request path. app.ts applies the default body limit only to routes
// that declare none.
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { SERVER } from '@vag/contracts';
import type { AppEnv } from '../context';
import { bodyLimit } from './body-limit';

export const KB = 1024;
/** What an /api route that declares no limit of its own takes. */
export const DEFAULT_BODY_LIMIT = 64 * KB;

const ownLimits = new WeakSet<object>();

/**
 * Request bodies above `maxSize` bytes are refused with 413 before anything reads them:
 * small forms get small limits; Stripe's signed events can be larger.
 */
export function bodyLimitOf(maxSize: number): MiddlewareHandler<AppEnv> {
  return declaresBodyLimit(
    bodyLimit({ maxSize, tooLarge: (c) => c.json({ msg: SERVER.payloadTooLarge }, 413) }),
  );
}

/** Marks a route's own size check (uploads keep Hono's), so the default one stands aside. */
export function declaresBodyLimit<M extends MiddlewareHandler>(limit: M): M {
  ownLimits.add(limit);
  return limit;
}

/** The default body limit for every /api route that declares none. */
export function defaultBodyLimit(): MiddlewareHandler<AppEnv> {
  const limit = bodyLimitOf(DEFAULT_BODY_LIMIT);
  return (c, next) =>
    matchedRoutes(c).some((route) => ownLimits.has(route.handler)) ? next() : limit(c, next);
}

/**
 * Counts the request as a buyer's purchase once answered, so that background senders in
 * the same process yield to the request path (docs/bench-history.md, run 5).
 */
export function onRequestPath(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    try {
      await next();
    } finally {
      c.get('deps').requestPath?.requestServed();
    }
  };
}
