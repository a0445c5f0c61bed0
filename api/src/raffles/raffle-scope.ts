// Which raffle a request is about. A path under /api/raffles/{raffle}/… names it (by id
// or slug); every SPEC §7 call without one answers for the featured raffle, so clients
// of the single-raffle api keep working. Both are read from the storefront's cache: a
// sellout asks on every order.
import { RAFFLE_TEXTS, SERVER } from '@vag/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { staffOf } from '../auth/require-staff';
import { apiError } from '../lib/errors';

/**
 * Notes the raffle /api/raffles/{raffle}/… names; it is looked up when the handler asks
 * (raffleIdOf), after the route's own guards: a visitor without a token hears 401, not
 * whether a raffle exists.
 */
export const raffleScope: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('raffleRef', c.req.param('raffle') ?? '');
  await next();
};

/**
 * The raffle of this request: the one its path names, else the featured one. A path that
 * names no raffle, or a draft to anyone but an admin (named or featured), answers 404: a
 * draft is not published, so its name, packages, numbers and record are nobody else's to
 * read, and nobody else's to buy in.
 */
export async function raffleIdOf(c: Context<AppEnv>): Promise<string> {
  const ref = c.get('raffleRef');
  if (ref !== undefined) {
    const scoped = ref ? await c.get('deps').storefrontCache.scopedRaffle(ref) : null;
    if (!scoped || (scoped.draft && (await staffOf(c))?.role !== 'admin'))
      throw apiError(404, RAFFLE_TEXTS.notFound);
    return scoped.id;
  }
  const featured = await c.get('deps').storefrontCache.featured();
  if (!featured || (featured.draft && (await staffOf(c))?.role !== 'admin'))
    throw apiError(404, SERVER.raffleNotFound);
  return featured.id;
}

const SCOPED = /^\/api\/raffles\/[^/]+(?=\/)/;

/**
 * The SPEC §7 path a scoped call stands for (/api/raffles/b/payments/create-order →
 * /api/payments/create-order): its body limit, request-path count and content kind are
 * those of its unscoped twin.
 */
export function unscopedPath(path: string): string {
  return path.replace(SCOPED, '/api');
}
