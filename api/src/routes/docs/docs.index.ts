// GET /api/docs: the interactive API reference (Swagger UI) over /api/openapi.json. Its
// script and styles come from the swagger-ui-dist package, served here, not from a CDN,
// and it starts from a script file rather than an inline one: the page works offline
// and under the site's Content-Security-Policy (no inline scripts). Open in the
// embedded default; in production only staff may read it (a staff token).
import { createRequire } from 'node:module';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { swaggerUI } from '@hono/swagger-ui';
import { PERMISSIONS, SERVER } from '@vag/contracts';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import { apiError } from '../../lib/errors';

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const START_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui' });`;

const distDir = path.dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);

/** Staff only in production; anyone on a developer's machine. */
const docsAccess = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('deps').env.NODE_ENV !== 'production') return next();
  return requireStaff(undefined, PERMISSIONS.notAuthenticated)(c, next);
});

export const docsRouter = new Hono<AppEnv>()
  .use('*', docsAccess)
  .get(
    '/',
    swaggerUI({
      url: '/api/openapi.json',
      title: 'Voy a Ganar — API',
      // swaggerUI() appends /swagger-ui-dist/<file> to this base.
      baseUrl: '/api/docs/assets',
      manuallySwaggerUIHtml: (asset) => `
        <div id="swagger-ui"></div>
        ${asset.css.map((href) => `<link rel="stylesheet" href="${href}" />`).join('')}
        ${asset.js.map((src) => `<script src="${src}"></script>`).join('')}
        <script src="/api/docs/assets/start.js"></script>`,
    }),
  )
  .get('/assets/start.js', (c) =>
    c.body(START_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8' }),
  )
  .get('/assets/swagger-ui-dist/:file', async (c) => {
    const file = c.req.param('file');
    const type = ASSETS[file];
    if (!type) throw apiError(404, SERVER.notFound);
    const body = await readFile(path.join(distDir, file));
    return c.body(body, 200, { 'content-type': type, 'cache-control': 'public, max-age=86400' });
  });
