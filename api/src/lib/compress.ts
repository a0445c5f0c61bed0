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

export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || !res.body || res.headers.has('content-encoding')) return;
    if (!isCompressible(res.headers.get('content-type'))) return;
    if (res.headers.get('cache-control')?.includes('no-transform')) return;
    res.headers.append('Vary', 'Accept-Encoding');
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    if (!encoding) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const compressed = body.byteLength < MIN_BYTES ? null : await encode(body, encoding);
    c.res = undefined;
    c.res = new Response(compressed ?? body, res);
    if (!compressed) return;
    c.res.headers.set('Content-Encoding', encoding);
    c.res.headers.set('Content-Length', String(compressed.byteLength));
  };
}
