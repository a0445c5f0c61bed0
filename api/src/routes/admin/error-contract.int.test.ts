// The error contract on the staff and content calls: every 4xx is JSON with a Spanish
// `msg`; bad input never becomes a 500 or a stack trace.
import { SERVER, STAFF_API_MESSAGES } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createStaff } from '../../testing/seed';
import { startTestServer, type TestServer } from '../../testing/server';
import { activeRaffle } from '../../payments/test-fixtures';

let server: TestServer;
let call: ReturnType<typeof apiCaller>;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  call = apiCaller(server.url);
  admin = (await createStaff(server.db, { role: 'admin' })).token;
  // The public reads of these calls answer for a raffle on sale (a draft is its admin's).
  await activeRaffle(server.db);
});
afterAll(async () => server?.stop());

const WRITES: [string, string][] = [
  ['POST', '/packages'],
  ['PUT', '/packages/x1'],
  ['POST', '/past-raffles'],
  ['PUT', '/past-raffles/x1'],
  ['PUT', '/lottery'],
  ['PATCH', '/lottery/is-active'],
  ['PUT', '/settings/current'],
  ['PUT', '/resellers/x1'],
  ['POST', '/admin/register'],
];

/** Spanish, human, and no trace of internals. */
function expectCleanError(res: { status: number; json: unknown }, status: number) {
  expect(res.status).toBe(status);
  expect(res.json).toEqual(expect.objectContaining({ msg: expect.any(String) }));
  const text = JSON.stringify(res.json);
  expect(text).not.toMatch(/at .*\.ts:\d+|Error:|stack|ZodError|MongoServerError|undefined/);
}

describe('error contract', () => {
  it.each(WRITES)(
    "%s %s answers 400 'El cuerpo de la solicitud no es JSON válido.' to malformed JSON",
    async (method, path) => {
      const res = await call(method, path, { token: admin, body: '{"name": "Paquete", ' });
      expectCleanError(res, 400);
      expect(res.json.msg).toBe(SERVER.invalidJson);
    },
  );

  it.each(WRITES)(
    '%s %s answers 400 with Spanish messages to a body of the wrong shape',
    async (method, path) => {
      for (const body of [
        'null',
        '[]',
        '"texto"',
        '42',
        JSON.stringify({
          name: { $gt: '' },
          quantity: 'diez',
          price: [1],
          isActive: 'si',
          email: 7,
        }),
      ]) {
        const res = await call(method, path, { token: admin, body });
        expectCleanError(res, 400);
        expect(res.json.msg).not.toMatch(/expected|invalid input|received/i);
      }
    },
  );

  it.each(WRITES)(
    "%s %s answers 415 'El cuerpo de la solicitud debe enviarse como JSON.' to another content type",
    async (method, path) => {
      const res = await call(method, path, {
        token: admin,
        headers: { 'content-type': 'text/plain' },
        body: 'name=Paquete',
      });
      expectCleanError(res, 415);
      expect(res.json.msg).toBe(STAFF_API_MESSAGES.jsonContentTypeRequired);
    },
  );

  it("answers 413 'La solicitud es demasiado grande.' to bodies over 256 KB", async () => {
    // In process: over a socket the server closes the connection after refusing the body,
    // which a keep-alive client would only notice on its next request.
    const response = await server.runtime.app.request('/api/packages', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ name: 'x'.repeat(300 * 1024), quantity: 1, price: 1 }),
    });
    const res = { status: response.status, json: (await response.json()) as { msg: string } };
    expectCleanError(res, 413);
    expect(res.json.msg).toBe(SERVER.payloadTooLarge);
  });

  it('answers 404 in Spanish to unknown ids and unknown paths', async () => {
    expect(await call('GET', '/packages/00000000-0000-0000-0000-000000000000')).toMatchObject({
      status: 404,
      json: { msg: SERVER.packageNotFound },
    });
    expect(await call('GET', '/past-raffles/%E2%9C%93')).toMatchObject({
      status: 404,
      json: { msg: STAFF_API_MESSAGES.pastRaffleNotFound },
    });
    expect(await call('GET', `/resellers/${'z'.repeat(500)}`, { token: admin })).toMatchObject({
      status: 404,
      json: { msg: STAFF_API_MESSAGES.resellerNotFound },
    });
    expect(await call('GET', '/no-existe')).toMatchObject({
      status: 404,
      json: { msg: SERVER.notFound },
    });
  });

  it('answers 405 in Spanish, with Allow, to a known path asked with another method', async () => {
    const res = await call('PATCH', '/packages');
    expect(res).toMatchObject({ status: 405, json: { msg: SERVER.methodNotAllowed } });
    expect(res.headers.get('allow')).toContain('GET');
  });

  it('answers 400 in Spanish to malformed list parameters', async () => {
    const res = await call('GET', `/packages?range=${encodeURIComponent('[0,')}`);
    expectCleanError(res, 400);
    expect(res.json.msg).toBe(STAFF_API_MESSAGES.invalidListQuery);
  });

  it('keeps Mongo operators in ids and filters inert', async () => {
    expect((await call('GET', `/packages/${encodeURIComponent('{"$ne":null}')}`)).status).toBe(404);
    const res = await call(
      'GET',
      `/packages?filter=${encodeURIComponent('{"name":{"$ne":null}}')}`,
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
  });
});
