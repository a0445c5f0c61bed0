// The checkout and the order page render in the browser, so every byte of JavaScript
// they load stands between a phone and the first sight of the order (Lighthouse mobile
// ≥ 95, loadtests/RESULTS.md). The rules still come from contracts, but as plain functions:
// zod (~27 KB gzip) is the server's, and no script these pages load may carry it.
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRaffle, startSite, transferOrder, type SeededPackage, type Site } from './support';

const PHONE = { width: 390, height: 844 } as const;
/**
 * Gzip bytes of every script the page loads, its toasts included: the checkout loaded
 * 140 KB while it shipped zod.
 */
const BUDGET_BYTES = 110 * 1024;
/** zod's classes are built under these names (`$constructor("$ZodType", …)`). */
const ZOD_MARK = '$ZodType';

let site: Site;
let packages: SeededPackage[];

beforeAll(async () => {
  site = await startSite();
  ({ packages } = await seedRaffle(site));
});
afterAll(async () => site?.stop());

/** Every script the page fetches, by URL, as the browser received it. */
function recordScripts(page: Page): Map<string, Buffer> {
  const scripts = new Map<string, Buffer>();
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    void res.body().then(
      (body) => scripts.set(res.url(), body),
      () => undefined,
    );
  });
  return scripts;
}

function weigh(scripts: Map<string, Buffer>) {
  const withZod = [...scripts].filter(([, body]) => body.includes(ZOD_MARK)).map(([url]) => url);
  const gzip = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body).length, 0);
  return { withZod, gzip };
}

describe('what a phone downloads to see its order', () => {
  it('the checkout loads no zod and stays within its budget, and still checks the form', async () => {
    const pkg = packages.find((p) => p.isPopular)!;
    const page = await site.page(PHONE);
    const scripts = recordScripts(page);
    await page.goto(`/checkout?paquete=${pkg._id}`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Datos del comprador' }).waitFor();
    await page.waitForLoadState('networkidle');
    const { withZod, gzip } = weigh(scripts);
    expect(withZod).toEqual([]);
    expect(gzip).toBeLessThanOrEqual(BUDGET_BYTES);
    // The same rules as the server's, in the browser: a bad phone is refused on the spot.
    await page.getByLabel('Transferencia Bancaria').check();
    await page.getByLabel('Teléfono').fill('---');
    await page.getByRole('button', { name: 'PAGAR AHORA' }).click();
    await page.getByText('Ingresa un celular ecuatoriano: 09XXXXXXXX o +5939XXXXXXXX').waitFor();
    expect(weigh(scripts).withZod).toEqual([]);
  });

  it('the order page loads no zod and stays within its budget', async () => {
    const orderUrl = await transferOrder(site, packages[0]!);
    const page = await site.page(PHONE);
    const scripts = recordScripts(page);
    await page.goto(orderUrl, { waitUntil: 'load' });
    await page.getByTestId('order-status').waitFor();
    await page.waitForLoadState('networkidle');
    const { withZod, gzip } = weigh(scripts);
    expect(withZod).toEqual([]);
    expect(gzip).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
