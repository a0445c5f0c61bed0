// Security headers on every answer, through Hono's secureHeaders. One Content-Security-
// Policy for the whole site (storefront, admin, api), and a wider one for the PayPhone
// box page, the only page that runs a third party's script.
//
// Why each source is there:
// - Astro writes small inline scripts (island hydration); they are allowed by the SHA-256
//   of each one, never by 'unsafe-inline': the built HTML pages' hashes are read at start,
//   and a server-rendered page hands its own to this response (`pageScriptHashes`).
// - Styles allow 'unsafe-inline': MUI (emotion) inserts <style> elements at run time and
//   Astro renders style attributes; styles cannot run code.
// - Images come from our own media slots and from http(s) URLs staff enter (hero image,
//   past raffles), so img-src is 'self' http: https: (no data: or javascript: ever), plus
//   blob: for the transfer receipts the admin fetches with its token and shows inline.
// - PayPhone's box (PROVIDERS.md) loads its script and CSS from PayPhone's CDN and talks
//   to PayPhone's api; PayPhone must see our origin (a registered domain), hence a
//   Referrer-Policy that sends the origin cross-site. PayPhone's box cannot be framed and
//   frames nothing of ours, so frame-ancestors stays 'none' everywhere.
// - Every api answer is `Cache-Control: no-store` unless its route decides (personal data
//   must not stay in a shared or browser cache), and a route's own Referrer-Policy wins
//   over the site-wide one (the short link's target holds an order's key).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../context';

const PAYPHONE_ORIGINS = ['https://*.payphonetodoesposible.com'];

/** Where the PayPhone box lives (SPEC §2 names the file; Astro also writes the directory page). */
export const PAYPHONE_BOX_PATHS = ['/payphone-box.html', '/payphone-box', '/payphone-box/'];

/** `'sha256-…'` of every inline <script> in the built sites' HTML pages. */
export function inlineScriptHashes(roots: string[]): string[] {
  const hashes = new Set<string>();
  for (const root of roots)
    for (const file of htmlFiles(root))
      for (const hash of scriptHashesOf(readFileSync(file, 'utf8'))) hashes.add(hash);
  return [...hashes].sort();
}

/** `'sha256-…'` of each inline script that a browser runs in one HTML page. */
export function scriptHashesOf(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    // Data blocks (JSON-LD, JSON) never run, so the policy has nothing to allow.
    if (body.trim() === '' || /\btype=["']?application\/(ld\+)?json/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

function htmlFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html'))
    .map((name) => path.join(root, name));
}

function contentSecurityPolicy(scriptHashes: string[], extra: string[] = []) {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'", ...extra],
    scriptSrc: ["'self'", ...scriptHashes, ...extra],
    styleSrc: ["'self'", "'unsafe-inline'", ...extra],
    imgSrc: ["'self'", 'https:', 'http:', 'blob:', ...extra],
    fontSrc: ["'self'", ...extra],
    connectSrc: ["'self'", ...extra],
    frameSrc: extra.length ? extra : ["'none'"],
  };
}

type Policy = ReturnType<typeof contentSecurityPolicy>;

function serialize(policy: Policy): string {
  return Object.entries(policy)
    .map(
      ([name, sources]) =>
        `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${sources.join(' ')}`,
    )
    .join('; ');
}

/**
 * The policy is set after the page is made: a server-rendered page brings the hashes of
 * its own inline scripts (`pageScriptHashes`), which no file on disk holds.
 */
function policyHeader(builtHashes: string[], extra: string[] = []): MiddlewareHandler<AppEnv> {
  const usual = serialize(contentSecurityPolicy(builtHashes, extra));
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const pageHashes = c.get('pageScriptHashes')?.filter((h) => !builtHashes.includes(h)) ?? [];
    c.res.headers.set(
      'Content-Security-Policy',
      pageHashes.length === 0
        ? usual
        : serialize(contentSecurityPolicy([...builtHashes, ...pageHashes], extra)),
    );
  });
}

const COMMON = {
  // HSTS only when the request came over https (httpsOnlyHsts below).
  strictTransportSecurity: false,
  xFrameOptions: 'DENY',
  // Set by unlessSet() below, so a route's stricter policy (the short link's) survives.
  referrerPolicy: false,
  // Staff-entered images and the media slots are ours to show on our pages only.
  crossOriginResourcePolicy: 'same-origin',
} as const;

/**
 * The middlewares to install, outermost first: the PayPhone page's policy wraps the
 * site-wide one so that its headers are the ones that stay on that page.
 */
export function securityHeaders(options: {
  builtSites: string[];
  trustProxy: boolean;
}): { path: string; handler: MiddlewareHandler<AppEnv> }[] {
  const hashes = inlineScriptHashes(options.builtSites);
  const payphone = secureHeaders({
    ...COMMON,
    // PayPhone's box may open its own window (card authentication).
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
  });
  const payphonePolicy = policyHeader(hashes, PAYPHONE_ORIGINS);
  return [
    ...PAYPHONE_BOX_PATHS.flatMap((p) => [
      { path: p, handler: payphone },
      { path: p, handler: payphonePolicy },
    ]),
    { path: '*', handler: secureHeaders(COMMON) },
    { path: '*', handler: unlessSet('Referrer-Policy', 'strict-origin-when-cross-origin') },
    // Api answers carry buyers' and staff's data: no cache keeps them, unless a route says
    // otherwise (the api's documentation).
    { path: '/api/*', handler: unlessSet('Cache-Control', 'no-store') },
    { path: '*', handler: policyHeader(hashes) },
    { path: '*', handler: httpsOnlyHsts(options.trustProxy) },
  ];
}

/** Sets a header on answers whose route did not set its own. */
function unlessSet(name: string, value: string): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  });
}

/** HSTS only over https: over plain http the header is meaningless and would pin a dev host. */
function httpsOnlyHsts(trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (isHttps(c, trustProxy))
      c.res.headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}

function isHttps(c: Context, trustProxy: boolean): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  return trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}
