// Brotli or gzip on the fly for what the server generates (api JSON, rendered pages);
// Hono's own compress middleware has no brotli. Files compressed at build time already
// carry their Content-Encoding and pass through untouched.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE =
  /^(text\/(?!event-stream)|application\/(json|javascript|xml|manifest\+json|ld\+json)|image\/svg\+xml)/i;
/** Below this the headers cost more than compression saves. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The best encoding the client accepts (q=0 refuses one), br before gzip. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

export function isCompressible(contentType: string | null): boolean {
  return COMPRESSIBLE.test(contentType ?? '');
}

/** Bytes a Response can take as its body (backed by a plain ArrayBuffer). */
export type Bytes = Uint8Array<ArrayBuffer>;

/** Brotli at quality 5: most of its gain at a fraction of the time of its maximum. */
export async function encode(body: Bytes, encoding: Encoding): Promise<Bytes> {
  const compressed = await (encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gzipAsync(body, { level: 6 }));
  // zlib answers a Buffer over an ArrayBuffer of its own, never a shared one.
  return compressed as Bytes;
}

/**
 * The text body of @hono/node-server's lightweight Response (what c.json and c.text
 * answer), read without turning it into a full Response: `res.body` or `res.arrayBuffer()`
 * build one, with its web streams, for every answer, and the server then writes it the
 * slow way. Undefined for any other response.
 */
function lightweightText(res: Response): string | undefined {
  const cache = Object.getOwnPropertySymbols(res).find((key) => key.description === 'cache');
  const entry: unknown = cache ? (res as unknown as Record<symbol, unknown>)[cache] : undefined;
  return Array.isArray(entry) && typeof entry[1] === 'string' ? entry[1] : undefined;
}

export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.headers.has('content-encoding')) return;
    if (!isCompressible(res.headers.get('content-type'))) return;
    if (res.headers.get('cache-control')?.includes('no-transform')) return;
    const text = lightweightText(res);
    if (text === undefined && !res.body) return;
    res.headers.append('Vary', 'Accept-Encoding');
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    if (!encoding) return;
    const body = text !== undefined ? Buffer.from(text) : new Uint8Array(await res.arrayBuffer());
    // Most api answers are a few hundred bytes: a text one, still whole, goes out as it is.
    if (text !== undefined && body.byteLength < MIN_BYTES) return;
    const compressed = body.byteLength < MIN_BYTES ? null : await encode(body, encoding);
    c.res = undefined;
    c.res = new Response(compressed ?? body, res);
    if (!compressed) return;
    c.res.headers.set('Content-Encoding', encoding);
    c.res.headers.set('Content-Length', String(compressed.byteLength));
  };
}
