// An unknown address answers the storefront's own 404 page (SPEC §2), also when the first
// unknown address was asked for while the storefront was still being built: the page
// that appears afterwards is served from then on, not a bare '404' until a restart.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/server';

let server: TestServer;
let dist: string;

beforeAll(async () => {
  // A storefront not built yet: its dist/ has no client files.
  dist = mkdtempSync(path.join(tmpdir(), 'vag-storefront-'));
  server = await startTestServer({ env: { STOREFRONT_DIST: dist } });
});
afterAll(async () => server?.stop());

describe('an unknown address', () => {
  it('gets the branded 404 page as soon as the build has written it', async () => {
    const before = await fetch(`${server.url}/no-existe`);
    expect(before.status).toBe(404);
    await before.text();

    mkdirSync(path.join(dist, 'client'), { recursive: true });
    writeFileSync(
      path.join(dist, 'client', '404.html'),
      '<!doctype html><title>Página no encontrada</title><h1>Volver al inicio</h1>',
    );

    const after = await fetch(`${server.url}/no-existe`);
    expect(after.status).toBe(404);
    expect(after.headers.get('content-type')).toContain('text/html');
    expect(await after.text()).toContain('Página no encontrada');
  });
});
