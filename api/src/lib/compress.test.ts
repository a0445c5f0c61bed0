// What a browser gets from the compression middleware over real HTTP (@hono/node-server,
// whose lightweight responses the middleware reads without rebuilding them).
import { Hono } from 'hono';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnFreePort, type Listening } from '../testing/listen';
import { compression } from './compress';

const small = { status: 'ok', remaining: 41_230 };
const large = { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Comprador ${i}` })) };

let server: Listening;

beforeAll(async () => {
  const app = new Hono();
  app.use('*', compression());
  app.get('/small', (c) => c.json(small));
  app.get('/large', (c) => c.json(large));
  // A body that is a stream, not text: the middleware reads it whole.
  app.get('/stream', () => {
    const bytes = new TextEncoder().encode(JSON.stringify(large));
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'application/json' } });
  });
  server = await listenOnFreePort(app);
});
afterAll(() => server.close());

/** The raw answer, without fetch's own decompression. */
function get(path: string, acceptEncoding: string) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      request(`${server.url}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    },
  );
}

describe('compression', () => {
  it('sends a short JSON answer as it is, saying it varies by Accept-Encoding', async () => {
    const res = await get('/small', 'gzip, br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(res.body.toString())).toEqual(small);
  });

  it('compresses a long JSON answer with brotli or gzip, whichever the client takes', async () => {
    const br = await get('/large', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.byteLength);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(large);

    const gzip = await get('/large', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(large);
  });

  it('sends the long answer plain to a client that takes no encoding', async () => {
    const res = await get('/large', 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual(large);
  });

  it('compresses a streamed answer too', async () => {
    const res = await get('/stream', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.body).toString())).toEqual(large);
  });
});
