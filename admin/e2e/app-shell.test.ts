// The admin's first impression: what the sign-in screen costs a phone on the wire (issue
// 14's budget: ≤ 300 KB of compressed JS and CSS) and the icon and manifest a browser
// shows in its tab and on a home screen.
import { gzipSync } from 'node:zlib';
import { UI } from '@vag/contracts';
import { describe, expect, it, vi } from 'vitest';
import { useAdminSite } from './support';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const site = useAdminSite({ lottery: false });

const BUDGET = 300 * 1024;

const mediaType = (answer: Response) => answer.headers.get('content-type')?.split(';')[0];

describe('/admin/login', () => {
  it('loads at most 300 KB of gzipped JS and CSS', async () => {
    const page = await site.page();
    const loads: Promise<{ url: string; raw: number; gzip: number }>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      loads.push(
        response.body().then((body) => ({
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body).length,
        })),
      );
    });
    await page.goto('/admin/login');
    await page.getByRole('button', { name: UI.loginSubmit }).waitFor();
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(loads);
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    console.info(
      [
        ...files.map((f) => `${f.url}: ${f.raw} B raw, ${f.gzip} B gzip`),
        `total: ${files.length} files, ${files.reduce((s, f) => s + f.raw, 0)} B raw, ${total} B gzip`,
      ].join('\n'),
    );
    expect(total).toBeLessThanOrEqual(BUDGET);
  });

  it('links a favicon and a web manifest whose icons the server serves', async () => {
    const page = await site.page();
    await page.goto('/admin/login');
    const href = (rel: string) => page.locator(`link[rel="${rel}"]`).getAttribute('href');
    const icon = await fetch(new URL((await href('icon')) ?? '', site.url));
    expect([icon.status, mediaType(icon)]).toEqual([200, 'image/svg+xml']);

    const answer = await fetch(new URL((await href('manifest')) ?? '', site.url));
    expect(answer.status).toBe(200);
    const manifest = (await answer.json()) as {
      name: string;
      lang: string;
      start_url: string;
      icons: { src: string; type: string }[];
    };
    expect(manifest).toMatchObject({ lang: 'es-EC', start_url: '/admin/' });
    expect(manifest.name).toContain('Voy a Ganar');
    for (const { src, type } of manifest.icons) {
      const file = await fetch(new URL(src, site.url));
      expect([src, file.status, mediaType(file)]).toEqual([src, 200, type]);
    }
  });
});
