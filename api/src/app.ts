// createApp() owns the middleware and the error contract; routes/ holds one folder per
// resource. In the single-process default it also serves the built storefront at `/`
// and the built admin at `/admin`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { SERVER } from '@vag/contracts';
import type { AppDeps, AppEnv } from './context';
import { securityHeaders } from './lib/security-headers';
import { defaultBodyLimit } from './lib/route-facts';
import { compression } from './lib/compress';
import { methodsByPath } from './lib/method-not-allowed';
import { apiRoutes, documentedRoutes, rootRoutes } from './routes';
import { contentChanges } from './storefront/content-changes';
import { serveBuiltSites, storefrontDirs } from './storefront/site';

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', requestId());
  app.use('*', compression());
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    const started = performance.now();
    await next();
    const ms = Math.round(performance.now() - started);
    if (c.req.path.startsWith('/api') || c.res.status >= 500) {
      deps.log.debug(
        {
          reqId: c.get('requestId'),
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms,
        },
        'request',
      );
    }
  });
  for (const { path: where, handler } of securityHeaders({
    builtSites: [deps.env.STOREFRONT_DIST, deps.env.ADMIN_DIST],
    trustProxy: deps.env.TRUST_PROXY,
  }))
    app.use(where, handler);
  // Routes declare their own body limit and request-path counting (lib/route-facts.ts).
  app.use('/api/*', defaultBodyLimit());

  app.use('*', contentChanges());

  app.route('/api', apiRoutes);
  app.route('/', rootRoutes);

  serveBuiltSites(app, deps);

  const allowedMethods = methodsByPath(documentedRoutes());
  app.notFound((c) => {
    const allow = allowedMethods(c.req.path);
    if (allow.length > 0 && !allow.includes(c.req.method)) {
      c.header('Allow', allow.join(', '));
      return c.json({ msg: SERVER.methodNotAllowed }, 405);
    }
    if (c.req.path.startsWith('/api/')) return c.json({ msg: SERVER.notFound }, 404);
    const page = notFoundPage(deps);
    return page ? c.html(page, 404) : c.text('404', 404);
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      if (error.status === 400 && /malformed json/i.test(error.message)) {
        return c.json({ msg: SERVER.invalidJson }, 400);
      }
      // Our own refusals (apiError) carry their JSON answer; any other HTTPException comes
      // from a library and may speak English or name internals: answer a generic Spanish text.
      const res = error.getResponse();
      if (res.headers.get('content-type')?.includes('application/json')) return res;
      return c.json({ msg: genericMessage(error.status) }, error.status);
    }
    deps.log.error({ err: error, reqId: c.get('requestId'), path: c.req.path }, 'unhandled error');
    return c.json({ msg: SERVER.internalError }, 500);
  });

  return app;
}

function genericMessage(status: number): string {
  if (status === 401) return SERVER.unauthenticated;
  if (status === 403) return SERVER.forbidden;
  if (status === 404) return SERVER.notFound;
  if (status === 413) return SERVER.payloadTooLarge;
  if (status >= 400 && status < 500) return SERVER.validationFailed;
  return SERVER.internalError;
}

/**
 * The storefront's 404 page, read once it exists. Its absence is not remembered: a visit
 * while the storefront is being built would otherwise leave a bare '404' until a restart.
 */
const notFoundPages = new Map<string, string>();
function notFoundPage(deps: AppDeps): string | null {
  const file = path.join(storefrontDirs(deps).client, '404.html');
  let page = notFoundPages.get(file);
  if (page === undefined && existsSync(file)) {
    page = readFileSync(file, 'utf8');
    notFoundPages.set(file, page);
  }
  return page ?? null;
}
