import { PERMISSIONS } from '@vag/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../../../infra/testing/browser';
import { createStaff } from '../../testing/seed';
import { startTestServer, type TestServer } from '../../testing/server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('GET /api/docs', () => {
  it('shows the interactive reference of every route, with its script and styles served locally', async () => {
    server = await startTestServer();
    const css = await fetch(`${server.url}/api/docs/assets/swagger-ui-dist/swagger-ui.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect((await fetch(`${server.url}/api/docs/assets/swagger-ui-dist/package.json`)).status).toBe(
      404,
    );

    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const outside: string[] = [];
      page.on('request', (req) => {
        if (!req.url().startsWith(server!.url)) outside.push(req.url());
      });
      await page.goto(`${server.url}/api/docs`);
      // Swagger UI lists the operations once it has read /api/openapi.json. It draws only
      // the ones in view (a virtual list), so the whole list is asked of the page's own
      // reference (window.ui) rather than counted on screen.
      await page.locator('.opblock').first().waitFor();
      const paths = await page.evaluate(() => {
        const ui = (
          globalThis as unknown as { ui: { specSelectors: { paths(): Map<string, unknown> } } }
        ).ui;
        return [...ui.specSelectors.paths().keys()];
      });
      expect(paths).toContain('/api/packages');
      expect(paths.length).toBeGreaterThan(30);
      expect(outside).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('asks for a staff token in production and opens with one', async () => {
    server = await startTestServer({ env: { NODE_ENV: 'production' } });
    const anonymous = await fetch(`${server.url}/api/docs`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ msg: PERMISSIONS.notAuthenticated });

    const { token } = await createStaff(server.db, { role: 'reseller' });
    const staff = await fetch(`${server.url}/api/docs`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(staff.status).toBe(200);
    expect(await staff.text()).toContain('/api/docs/assets/swagger-ui-dist/swagger-ui-bundle.js');
  });
});
