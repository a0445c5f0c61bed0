// createApp() owns the middleware and the error contract; routes/ holds one folder per
// resource. In the single-process default it also serves the built storefront at `/`
// and the built admin at `/admin`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { SERVER } from '@vag/contracts';
import type { AppDeps, AppEnv } from './context';
import { mountApiRoutes, mountRootRoutes } from './routes';

/** JSON bodies above this are refused with 413 (media uploads have their own limit). */
const JSON_BODY_LIMIT = 256 * 1024;

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', requestId());
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
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: JSON_BODY_LIMIT,
      onError: (c) => c.json({ msg: SERVER.payloadTooLarge }, 413),
    }),
  );

  const api = new Hono<AppEnv>();
  mountApiRoutes(api);
  app.route('/api', api);
  mountRootRoutes(app);

  serveBuiltSites(app, deps);

  app.notFound((c) => {
    if (c.req.path.startsWith('/api/')) return c.json({ msg: SERVER.notFound }, 404);
    const page = notFoundPage(deps);
    return page ? c.html(page, 404) : c.text('404', 404);
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      if (error.status === 400 && /malformed json/i.test(error.message)) {
        return c.json({ msg: SERVER.invalidJson }, 400);
      }
      const res = error.getResponse();
      if (res.headers.get('content-type')?.includes('application/json')) return res;
      return c.json({ msg: error.message || SERVER.internalError }, error.status);
    }
    deps.log.error({ err: error, reqId: c.get('requestId'), path: c.req.path }, 'unhandled error');
    return c.json({ msg: SERVER.internalError }, 500);
  });

  return app;
}

function serveBuiltSites(app: Hono<AppEnv>, deps: AppDeps): void {
  const adminRoot = path.resolve(deps.env.ADMIN_DIST);
  const storefrontRoot = path.resolve(deps.env.STOREFRONT_DIST);

  if (existsSync(adminRoot)) {
    const adminIndex = path.join(adminRoot, 'index.html');
    app.get('/admin', (c) => c.redirect('/admin/'));
    app.use(
      '/admin/*',
      serveStatic({
        root: path.relative(process.cwd(), adminRoot) || '.',
        rewriteRequestPath: (p) => p.replace(/^\/admin/, ''),
      }),
    );
    // The admin is a single-page app: every other /admin path is one of its routes.
    app.get('/admin/*', (c) =>
      existsSync(adminIndex) ? c.html(readFileSync(adminIndex, 'utf8')) : c.notFound(),
    );
  }
  if (existsSync(storefrontRoot)) {
    app.use('/*', serveStatic({ root: path.relative(process.cwd(), storefrontRoot) || '.' }));
  }
}

let cachedNotFound: string | null | undefined;
function notFoundPage(deps: AppDeps): string | null {
  if (cachedNotFound === undefined) {
    const file = path.resolve(deps.env.STOREFRONT_DIST, '404.html');
    cachedNotFound = existsSync(file) ? readFileSync(file, 'utf8') : null;
  }
  return cachedNotFound;
}
