// What a client gets from the body limit over real HTTP (@hono/node-server, whose Node
// request the middleware reads JSON from), and through app.request() without one.
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnFreePort, type Listening } from '../testing/listen';
import { bodyLimit } from './body-limit';

const LIMIT = 64;

function app() {
  const hono = new Hono();
  hono.use('*', bodyLimit({ maxSize: LIMIT, tooLarge: (c) => c.json({ msg: 'grande' }, 413) }));
  hono.post(
    '/json',
    validator('json', (value) => value),
    async (c) => c.json({ parsed: c.req.valid('json'), text: await c.req.text() }),
  );
  hono.post('/text', async (c) => c.json({ text: await c.req.text() }));
  hono.get('/ping', (c) => c.json({ ok: true }));
  hono.onError((error, c) => c.json({ error: error.message }, 400));
  return hono;
}

let server: Listening;

beforeAll(async () => {
  server = await listenOnFreePort(app());
});
afterAll(() => server.close());

/** Sends the body in the given pieces; without a length, Node sends them chunked. */
function send(
  path: string,
  pieces: Buffer[],
  headers: Record<string, string | number> = { 'content-type': 'application/json' },
) {
  return new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, path, method: 'POST', headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, json: JSON.parse(Buffer.concat(chunks).toString()) }),
        );
      },
    );
    req.on('error', reject);
    for (const piece of pieces) req.write(piece);
    req.end();
  });
}

describe('body limit over Node’s server', () => {
  it('hands a JSON body under the limit to the handler, parsed and as text', async () => {
    const body = JSON.stringify({ nombre: 'Ñandú Peña', n: 3 });
    const res = await send('/json', [Buffer.from(body)], {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    expect(res).toEqual({
      status: 200,
      json: { parsed: { nombre: 'Ñandú Peña', n: 3 }, text: body },
    });
  });

  it('decodes a character split between chunks, and drops a leading BOM as a web Request does', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":"ñ"}')]);
    const split = bytes.indexOf(Buffer.from('ñ')) + 1; // inside the two bytes of ñ
    const res = await send('/json', [bytes.subarray(0, split), bytes.subarray(split)]);
    expect(res).toEqual({ status: 200, json: { parsed: { a: 'ñ' }, text: '{"a":"ñ"}' } });
  });

  it('answers 413 to a declared length over the limit', async () => {
    const body = Buffer.from(JSON.stringify({ a: 'x'.repeat(LIMIT) }));
    const res = await send('/json', [body], {
      'content-type': 'application/json',
      'content-length': body.length,
    });
    expect(res).toEqual({ status: 413, json: { msg: 'grande' } });
  });

  it('answers 413 to a chunked body that grows past the limit', async () => {
    const piece = Buffer.from('"' + 'x'.repeat(40) + '",');
    const res = await send('/json', [Buffer.from('['), piece, piece, Buffer.from('1]')]);
    expect(res).toEqual({ status: 413, json: { msg: 'grande' } });
  });

  it('leaves malformed JSON to the validator, which refuses it', async () => {
    const res = await send('/json', [Buffer.from('{"a":')]);
    expect(res).toEqual({ status: 400, json: { error: 'Malformed JSON in request body' } });
  });

  it('limits a body that is not JSON too, and passes one under the limit', async () => {
    const headers = { 'content-type': 'text/plain' };
    expect(await send('/text', [Buffer.from('x'.repeat(LIMIT + 1))], headers)).toEqual({
      status: 413,
      json: { msg: 'grande' },
    });
    expect(await send('/text', [Buffer.from('hola')], headers)).toEqual({
      status: 200,
      json: { text: 'hola' },
    });
  });
});

describe('body limit without Node’s server (app.request)', () => {
  it('limits and passes bodies the same way', async () => {
    const hono = app();
    const post = (body: string) =>
      hono.request('/json', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    expect((await post(JSON.stringify({ a: 'x'.repeat(LIMIT) }))).status).toBe(413);
    const ok = await post('{"a":1}');
    expect(await ok.json()).toEqual({ parsed: { a: 1 }, text: '{"a":1}' });
    expect((await hono.request('/ping')).status).toBe(200);
  });
});
