// The admin's first impression: what the sign-in screen costs a phone on the wire (no MUI:
// React, the router and the screen's own code, ≤ 120 KB of compressed JS), how it checks and
// refuses a sign-in, and the icon and manifest a browser shows in its tab and on a home screen.
import { gzipSync } from 'node:zlib';
import { ERRORS, UI, VALIDATION } from '@vag/contracts';
import { describe, expect, it, vi } from 'vitest';
import { MOBILE, shoot, useAdminSite } from './support';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const site = useAdminSite({ lottery: false });

const JS_BUDGET = 120 * 1024;

/** Text found only in MUI's and emotion's production builds. */
const MUI_MARKS = ['mui.com/production-error', 'data-emotion'];

const mediaType = (answer: Response) => answer.headers.get('content-type')?.split(';')[0];

describe('/admin/login', () => {
  it('loads at most 120 KB of gzipped JS, none of it MUI', async () => {
    const page = await site.page(MOBILE);
    const loads: Promise<{ url: string; type: string; raw: number; gzip: number; mui: boolean }>[] =
      [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      loads.push(
        response.body().then((body) => ({
          url: new URL(response.url()).pathname,
          type,
          raw: body.length,
          gzip: gzipSync(body).length,
          mui: MUI_MARKS.some((mark) => body.includes(mark)),
        })),
      );
    });
    await page.goto('/admin/login');
    await page.getByRole('button', { name: UI.loginSubmit }).waitFor();
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(loads);
    const scripts = files.filter((f) => f.type === 'script');
    const js = scripts.reduce((sum, f) => sum + f.gzip, 0);
    console.info(
      [
        ...files.map((f) => `${f.url}: ${f.raw} B raw, ${f.gzip} B gzip`),
        `JS: ${scripts.length} files, ${js} B gzip; all: ${files.reduce((s, f) => s + f.gzip, 0)} B gzip`,
      ].join('\n'),
    );
    expect(files.filter((f) => f.mui).map((f) => f.url)).toEqual([]);
    expect(files.some((f) => f.type === 'stylesheet')).toBe(true);
    expect(js).toBeLessThanOrEqual(JS_BUDGET);
  });

  it("shows the Spanish checks under each field, then 'Error de autenticación' for a wrong password until 4 s pass", async () => {
    const page = await site.page(MOBILE);
    await page.goto('/admin/login');
    const email = page.getByLabel('Correo electrónico');
    const password = page.getByLabel('Contraseña', { exact: true });
    const submit = page.getByRole('button', { name: UI.loginSubmit });
    const description = async (field: typeof email) => {
      const id = await field.getAttribute('aria-describedby');
      return id ? page.locator(`[id="${id}"]`).textContent() : null;
    };

    // Nothing is said before the first submit; after it, each field names its problem.
    await email.fill('no-es-correo');
    expect(await email.getAttribute('aria-invalid')).toBe('false');
    await submit.click();
    await page.getByText(VALIDATION.emailInvalidAdmin).waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await description(email)).toBe(VALIDATION.emailInvalidAdmin);
    expect(await description(password)).toBe(VALIDATION.passwordMin);
    await shoot(page, 'login-checks-mobile');

    // Each change is checked again: a valid address loses its message at once.
    await email.fill(site.admin.email);
    await page.getByText(VALIDATION.emailInvalidAdmin).waitFor({ state: 'detached' });
    expect(await description(email)).toBeNull();

    await password.fill('otra-clave');
    await submit.click();
    const toast = page.getByRole('alert');
    await toast.getByText(ERRORS.loginTitle).waitFor();
    const shownAt = Date.now();
    await toast.getByText(ERRORS.loginDescription).waitFor();
    await shoot(page, 'login-failure-mobile');
    const box = await toast.boundingBox();
    expect(box).not.toBeNull();
    // Bottom centre of the 390 × 844 screen.
    expect(Math.abs(box!.x + box!.width / 2 - MOBILE.width / 2)).toBeLessThanOrEqual(2);
    expect(MOBILE.height - (box!.y + box!.height)).toBeLessThanOrEqual(32);
    expect(page.url()).toMatch(/\/admin\/login$/);

    await toast.waitFor({ state: 'detached', timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(3_500);
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
