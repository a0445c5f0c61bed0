// Every successful staff change to what the public pages show drops the storefront
// cache in every process. One middleware over the mutating routes, so a new route under
// these paths cannot forget it.
import type { ContentKind } from '@vag/contracts';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { unscopedPath } from '../raffles/raffle-scope';
import { publishContentChanged } from './cache';

const CONTENT_PATHS: ReadonlyArray<[prefix: string, kind: ContentKind]> = [
  ['/api/lottery', 'raffle'],
  ['/api/packages', 'packages'],
  ['/api/past-raffles', 'past-raffles'],
  ['/api/settings', 'settings'],
  // Instant prizes, and the draw rule that /sorteos and /terminos quote.
  ['/api/raffle/', 'instant-prizes'],
  ['/upload-media.php', 'media'],
  // A raffle created, edited, published, closed, featured or archived.
  ['/api/admin/raffles', 'raffle'],
];

/** A call scoped to one raffle (/api/raffles/{raffle}/packages…) changes what its twin would. */
export function contentKindOf(path: string): ContentKind | null {
  const unscoped = unscopedPath(path);
  return CONTENT_PATHS.find(([prefix]) => unscoped.startsWith(prefix))?.[1] ?? null;
}

export function contentChanges(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.res.status >= 400) return;
    const kind = contentKindOf(c.req.path);
    if (!kind) return;
    const deps = c.get('deps');
    // The change is saved already: a bus failure only delays other processes by the cache's TTL.
    await publishContentChanged(deps, kind).catch((err: unknown) =>
      deps.log.error({ err, kind }, 'content change not published'),
    );
  };
}
