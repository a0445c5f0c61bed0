// Serves the built sites: the storefront's static files (brotli/gzip copies made at
// build, fingerprinted assets cached for a year), its server-rendered pages (through the
// page cache) and the admin single-page app.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { StorefrontLocals } from '@vag/contracts';
import { findRafflePage, listPublicRaffles } from '@vag/core/raffles/raffle-records';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../context';
import { encode, pickEncoding } from '../lib/compress';
import { scriptHashesOf } from '../lib/security-headers';
import type { CachedPage } from './cache';
import { noticeView } from '@vag/core/privacy/privacy-notice';
import { privacyNoticeInForce } from '../privacy/privacy-notice';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages and other unversioned files: kept, but asked about again (ETag) every time. */
const REVALIDATE = 'public, max-age=0, must-revalidate';

type RenderPage = (request: Request, locals: StorefrontLocals) => Promise<Response | undefined>;

export function serveBuiltSites(app: Hono<AppEnv>, deps: AppDeps): void {
  serveAdmin(app, path.resolve(deps.env.ADMIN_DIST));
  const { client, entry } = storefrontDirs(deps);
  if (existsSync(client)) {
    app.use(
      '/*',
      staticFiles(client, (p) => p.startsWith('/_astro/')),
    );
  }
  if (existsSync(entry)) app.get('*', renderedPages(deps, entry));
}

/** dist/client and dist/server/entry.mjs of the storefront's server build. */
export function storefrontDirs(deps: AppDeps): { client: string; entry: string } {
  const root = path.resolve(deps.env.STOREFRONT_DIST);
  return { client: path.join(root, 'client'), entry: path.join(root, 'server', 'entry.mjs') };
}

function staticFiles(root: string, fingerprinted: (p: string) => boolean): MiddlewareHandler {
  return serveStatic({
    root: path.relative(process.cwd(), root) || '.',
    precompressed: true,
    onFound: (_file, c) => {
      c.header('Cache-Control', fingerprinted(c.req.path) ? IMMUTABLE : REVALIDATE);
    },
  });
}

function serveAdmin(app: Hono<AppEnv>, adminRoot: string): void {
  if (!existsSync(adminRoot)) return;
  const adminIndex = path.join(adminRoot, 'index.html');
  app.get('/admin', (c) => c.redirect('/admin/'));
  app.use(
    '/admin/*',
    serveStatic({
      root: path.relative(process.cwd(), adminRoot) || '.',
      precompressed: true,
      rewriteRequestPath: (p) => p.replace(/^\/admin/, ''),
      onFound: (_file, c) => {
        // Vite names its bundles by content hash under assets/.
        c.header('Cache-Control', c.req.path.startsWith('/admin/assets/') ? IMMUTABLE : REVALIDATE);
      },
    }),
  );
  // The admin is a single-page app: every other /admin path is one of its routes.
  app.get('/admin/*', (c) => {
    if (!existsSync(adminIndex)) return c.notFound();
    c.header('Cache-Control', REVALIDATE);
    return c.html(readFileSync(adminIndex, 'utf8'));
  });
}

/**
 * Public pages render the same for every visitor (query strings are the islands'
 * business), so one rendering per path serves everyone until the cache drops it.
 */
function renderedPages(deps: AppDeps, entry: string): MiddlewareHandler<AppEnv> {
  // Loaded at start-up, so the first visitor does not wait for the server bundle.
  const render: Promise<RenderPage> = import(pathToFileURL(entry).href).then(
    (m: { handle: RenderPage }) => m.handle,
  );
  render.catch((err: unknown) => deps.log.error({ err, entry }, 'storefront server bundle'));
  const cache = deps.storefrontCache;
  const locals: StorefrontLocals = {
    content: (raffleId) => cache.content(raffleId),
    raffles: () => listPublicRaffles(deps.db),
    raffle: (slug) => findRafflePage(deps.db, slug),
    privacyNotice: async () => noticeView(await privacyNoticeInForce(deps)),
  };
  return async (c, next) => {
    const key = c.req.path.replace(/\/+$/, '') || '/';
    const page =
      cache.page(key) ??
      (await cache.renderOnce(key, async () => {
        const res = await (await render)(c.req.raw, locals);
        return res && cacheable(res) ? toCachedPage(res) : null;
      }));
    if (page) return sendPage(c, page);
    // Not a page to share (no route, an error, a private answer): this request's own.
    const res = await (await render)(c.req.raw, locals);
    if (!res) return next();
    if (!res.headers.get('content-type')?.startsWith('text/html')) return res;
    const html = await res.text();
    c.set('pageScriptHashes', scriptHashesOf(html));
    return new Response(html, { status: res.status, headers: res.headers });
  };
}

function cacheable(res: Response): boolean {
  const control = res.headers.get('cache-control') ?? '';
  return res.status === 200 && !res.headers.has('set-cookie') && !/private|no-store/.test(control);
}

async function toCachedPage(res: Response): Promise<CachedPage> {
  const body = new Uint8Array(await res.arrayBuffer());
  const hash = Buffer.from(await crypto.subtle.digest('SHA-1', body)).toString('base64url');
  return {
    status: res.status,
    headers: [...res.headers.entries()],
    body,
    // Weak: the brotli, gzip and plain bodies of one page are the same page.
    etag: `W/"${hash}"`,
    scriptHashes: scriptHashesOf(new TextDecoder().decode(body)),
    encoded: new Map(),
  };
}

async function sendPage(c: Context<AppEnv>, page: CachedPage): Promise<Response> {
  c.set('pageScriptHashes', page.scriptHashes);
  const headers = new Headers(page.headers);
  headers.set('ETag', page.etag);
  headers.set('Vary', 'Accept-Encoding');
  if (!headers.has('cache-control')) headers.set('Cache-Control', REVALIDATE);
  if (c.req.header('if-none-match') === page.etag)
    return new Response(null, { status: 304, headers });
  const encoding = pickEncoding(c.req.header('accept-encoding'));
  let body = page.body;
  if (encoding) {
    let encoded = page.encoded.get(encoding);
    if (!encoded) {
      encoded = await encode(page.body, encoding);
      page.encoded.set(encoding, encoded);
    }
    body = encoded;
    headers.set('Content-Encoding', encoding);
  }
  headers.set('Content-Length', String(body.byteLength));
  return new Response(c.req.method === 'HEAD' ? null : body, { status: page.status, headers });
}
