import { MEDIA_MAX_BYTES, PERMISSIONS, SERVER, STAFF_API_MESSAGES } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createStaff } from '../../testing/seed';
import { startTestServer, type TestServer } from '../../testing/server';

const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(40, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(40, 2)]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(40, 3),
]);

let server: TestServer;
let adminToken: string;
let resellerToken: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await createStaff(server.db, { role: 'admin' })).token;
  resellerToken = (await createStaff(server.db, { role: 'reseller' })).token;
});
afterAll(async () => server?.stop());

async function upload(
  fields: Record<string, string | Buffer>,
  token: string | undefined = adminToken,
  inProcess = false,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, new Blob([new Uint8Array(value)]), 'upload.bin');
  }
  const init = { method: 'POST', body: form, headers: token ? bearer(token) : {} };
  // In process for refused bodies: over a socket the server closes the connection after
  // refusing one, which a keep-alive client would only notice on its next request.
  const res = inProcess
    ? await server.runtime.app.request('/upload-media.php', init)
    : await fetch(`${server.url}/upload-media.php`, init);
  return { status: res.status, json: (await res.json()) as { msg: string } };
}

describe('POST /upload-media.php and GET /media/{name}', () => {
  it('stores a GIF banner and serves it with its type and cache headers', async () => {
    expect(await upload({ filename: 'banner.gif', file: GIF })).toMatchObject({
      status: 200,
      json: { msg: SERVER.mediaUploaded },
    });
    const res = await fetch(`${server.url}/media/banner.gif`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('cache-control')).toContain('max-age');
    expect(Buffer.from(await res.arrayBuffer()).equals(GIF)).toBe(true);
    const etag = res.headers.get('etag')!;
    const again = await fetch(`${server.url}/media/banner.gif`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('accepts JPEG and PNG for the carousel images, serving the type found in the content', async () => {
    expect((await upload({ filename: 'media-1.jpg', file: JPEG })).status).toBe(200);
    expect((await upload({ filename: 'media-2.jpg', file: PNG })).status).toBe(200);
    expect((await fetch(`${server.url}/media/media-1.jpg`)).headers.get('content-type')).toBe(
      'image/jpeg',
    );
    expect((await fetch(`${server.url}/media/media-2.jpg`)).headers.get('content-type')).toBe(
      'image/png',
    );
  });

  it('replaces a slot: the newest upload is served', async () => {
    await upload({ filename: 'media-3.jpg', file: JPEG });
    await upload({ filename: 'media-3.jpg', file: PNG });
    const res = await fetch(`${server.url}/media/media-3.jpg`);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('empties a slot with action=delete, after which it answers 404', async () => {
    await upload({ filename: 'media-1.jpg', file: JPEG });
    expect(await upload({ filename: 'media-1.jpg', action: 'delete' })).toMatchObject({
      status: 200,
      json: { msg: SERVER.mediaDeleted },
    });
    const res = await fetch(`${server.url}/media/media-1.jpg`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ msg: STAFF_API_MESSAGES.mediaEmpty });
  });

  it("refuses a JPEG as banner with 400 'El banner debe ser un archivo GIF.' and a GIF or text as image", async () => {
    expect(await upload({ filename: 'banner.gif', file: JPEG })).toMatchObject({
      status: 400,
      json: { msg: SERVER.mediaTypeBanner },
    });
    expect(await upload({ filename: 'media-2.jpg', file: GIF })).toMatchObject({
      status: 400,
      json: { msg: SERVER.mediaTypeImage },
    });
    expect(await upload({ filename: 'media-2.jpg', file: Buffer.from('<svg/>') })).toMatchObject({
      status: 400,
      json: { msg: SERVER.mediaTypeImage },
    });
  });

  it('refuses any other slot name with 400, and a missing file', async () => {
    for (const filename of ['../etc/passwd', 'media-4.jpg', 'banner.php', '']) {
      expect(await upload({ filename, file: GIF })).toMatchObject({
        status: 400,
        json: { msg: SERVER.mediaSlotInvalid },
      });
    }
    expect(await upload({ filename: 'banner.gif' })).toMatchObject({
      status: 400,
      json: { msg: SERVER.mediaMissingFile },
    });
    expect((await fetch(`${server.url}/media/otro.png`)).status).toBe(404);
  });

  it("answers 413 'El archivo es demasiado grande.' beyond 5 MB", async () => {
    const big = Buffer.concat([GIF, Buffer.alloc(MEDIA_MAX_BYTES, 0)]);
    expect(await upload({ filename: 'banner.gif', file: big }, adminToken, true)).toMatchObject({
      status: 413,
      json: { msg: SERVER.mediaTooLarge },
    });
  });

  it('lets only admins upload: 401 without a token, 403 for a reseller', async () => {
    expect(await upload({ filename: 'banner.gif', file: GIF }, '')).toMatchObject({
      status: 401,
      json: { msg: PERMISSIONS.notAuthenticated },
    });
    expect((await upload({ filename: 'banner.gif', file: GIF }, resellerToken)).status).toBe(403);
  });
});
