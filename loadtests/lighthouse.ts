// Lighthouse 12 (mobile preset) on the pages a buyer and a staff member open first, run
// against a live server with Debian's Chromium. Prints the four scores, FCP, LCP, CLS, TBT
// and the bytes transferred per page, and writes them to loadtests/out/lighthouse.json
// (LIGHTHOUSE_REPORTS=<dir> also keeps each page's whole report there, to read its audits).
//   npx tsx loadtests/lighthouse.ts [BASE_URL]      (default http://127.0.0.1:3000)
// LIGHTHOUSE_PATHS=/rifas/<slug>,… measures more pages (comma-separated paths);
// LIGHTHOUSE_ONLY=/,/checkout?paquete=,/pedido measures only the pages so named.
// The server should hold a raffle with packages (the demo data: npm run seed:demo -w @vag/api).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';

const BASE_URL = (process.argv[2] ?? process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(
  /\/$/,
  '',
);
const CHROMIUM = process.env.VAG_CHROMIUM ?? '/usr/bin/chromium';
const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'out', 'lighthouse.json');
const SELECTED_PACKAGE_KEY = 'vag:selectedPackage';

interface PageResult {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  transferredKb: number;
  scriptKb: number;
  /** Audits below full marks in the accessibility, best-practices and SEO categories. */
  failing: string[];
}

interface Target {
  page: string;
  url: string;
  /** Runs in the page before its own scripts (the checkout reads its package from sessionStorage). */
  prepare?: (page: Page) => Promise<void>;
}

async function api<T>(method: string, apiPath: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE_URL}/api${apiPath}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${apiPath} → ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The checkout with the first package chosen, as a visitor arrives from the home page. */
async function checkoutTarget(): Promise<Target> {
  const [pkg] = await api<
    { _id: string; name: string; quantity: number; price: number; isPopular: boolean }[]
  >('GET', '/packages');
  if (!pkg) throw new Error('the server has no packages: load the demo data first');
  const selection = JSON.stringify({
    id: pkg._id,
    name: pkg.name,
    quantity: pkg.quantity,
    price: pkg.price,
    isPopular: pkg.isPopular,
    resellerCode: null,
  });
  return {
    page: '/checkout',
    url: `${BASE_URL}/checkout`,
    prepare: (page) =>
      page
        .evaluateOnNewDocument(
          (key: string, value: string) =>
            (
              globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } }
            ).sessionStorage.setItem(key, value),
          SELECTED_PACKAGE_KEY,
          selection,
        )
        .then(() => undefined),
  };
}

/**
 * The checkout as a package card's form opens it before the home hydrated (a slow phone):
 * `/checkout?paquete=<id>`, nothing in sessionStorage.
 */
async function linkedCheckoutTarget(): Promise<Target> {
  const [pkg] = await api<{ _id: string }[]>('GET', '/packages');
  if (!pkg) throw new Error('the server has no packages: load the demo data first');
  return {
    page: '/checkout?paquete=',
    url: `${BASE_URL}/checkout?paquete=${encodeURIComponent(pkg._id)}`,
  };
}

/** A fresh bank-transfer order: its confirmation and its order page (`/pedido`). */
async function transferOrder(): Promise<{ purchaseId: string; orderUrl: string }> {
  const [pkg] = await api<{ _id: string; quantity: number; price: number }[]>('GET', '/packages');
  if (!pkg) throw new Error('the server has no packages');
  return api<{ purchaseId: string; orderUrl: string }>('POST', '/payments/create-order', {
    amount: pkg.price,
    quantity: pkg.quantity,
    unitPrice: Math.round((pkg.price / pkg.quantity) * 100) / 100,
    totalPrice: pkg.price,
    packageId: pkg._id,
    paymentMethod: 'bank_transfer',
    buyer: {
      firstName: 'Medición',
      lastName: 'Lighthouse',
      email: 'lighthouse@voyaganar.ec',
      phone: '0991234567',
      province: 'Pichincha',
      city: 'Quito',
      address: 'Av. Amazonas 100',
      acceptedTerms: true,
    },
  });
}

async function confirmationTarget(): Promise<Target> {
  const order = await transferOrder();
  return { page: '/payment-success', url: `${BASE_URL}/payment-success?id=${order.purchaseId}` };
}

async function orderPageTarget(): Promise<Target> {
  const order = await transferOrder();
  return { page: '/pedido', url: `${BASE_URL}${order.orderUrl}` };
}

function summarize(page: string, result: RunnerResult): PageResult {
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const items =
    (
      audits['resource-summary']?.details as
        { items?: { resourceType: string; transferSize: number }[] } | undefined
    )?.items ?? [];
  const scripts = items.find((i) => i.resourceType === 'script')?.transferSize ?? 0;
  return {
    page,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(numeric('first-contentful-paint')),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
    tbtMs: Math.round(numeric('total-blocking-time')),
    transferredKb: Math.round(numeric('total-byte-weight') / 102.4) / 10,
    scriptKb: Math.round(scripts / 102.4) / 10,
    failing: ['accessibility', 'best-practices', 'seo'].flatMap((id) =>
      (categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}:${ref.id}`),
    ),
  };
}

async function measure(target: Target, port: number): Promise<PageResult> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    if (target.prepare) {
      // Lighthouse keeps the storage the page was prepared with, and with it the HTTP
      // cache: empty the cache here, or the chunks an earlier page loaded count as free.
      const session = await page.createCDPSession();
      await session.send('Network.clearBrowserCache');
      await session.detach();
      await target.prepare(page);
    }
    // Mobile preset: Lighthouse's default config (Moto G Power, slow 4G, 4× CPU slowdown).
    const flags: Flags = {
      logLevel: 'error',
      output: 'json',
      disableStorageReset: Boolean(target.prepare),
    };
    const result = await lighthouse(target.url, flags, undefined, page);
    if (!result) throw new Error(`Lighthouse gave no result for ${target.url}`);
    await page.close();
    // A run Lighthouse itself could not finish (NO_FCP, a hung trace) scores 0 with NaN
    // metrics: that is no figure of the page, so it is said and tried again.
    const failed = result.lhr.runtimeError;
    if (failed) throw new LighthouseRunError(`${target.page}: ${failed.code} ${failed.message}`);
    const reports = process.env.LIGHTHOUSE_REPORTS;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      const name = target.page.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
      writeFileSync(path.join(reports, `${name}.json`), JSON.stringify(result.lhr));
    }
    return summarize(target.page, result);
  } finally {
    await browser.disconnect();
  }
}

class LighthouseRunError extends Error {}

async function measureWithRetry(target: Target, port: number, tries = 3): Promise<PageResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(target, port);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt >= tries) throw error;
      console.error(`repetido (${attempt}/${tries - 1}): ${error.message}`);
    }
  }
}

function table(rows: PageResult[]): string {
  const head =
    '| page | perf | a11y | best pr. | SEO | FCP ms | LCP ms | CLS | TBT ms | KB transferred | JS KB |';
  const line = '|---|---|---|---|---|---|---|---|---|---|---|';
  const body = rows.map(
    (r) =>
      `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcpMs} | ${r.lcpMs} | ${r.cls} | ${r.tbtMs} | ${r.transferredKb} | ${r.scriptKb} |`,
  );
  return [head, line, ...body].join('\n');
}

async function main(): Promise<void> {
  const health = await fetch(`${BASE_URL}/api/health`).catch(() => null);
  if (!health?.ok) throw new Error(`${BASE_URL}/api/health is not ok: start the server first`);
  const targets: Target[] = [{ page: '/', url: `${BASE_URL}/` }];
  for (const make of [checkoutTarget, linkedCheckoutTarget, confirmationTarget, orderPageTarget]) {
    try {
      targets.push(await make());
    } catch (error) {
      console.error(`omitido: ${(error as Error).message}`);
    }
  }
  targets.push({ page: '/admin/login', url: `${BASE_URL}/admin/login` });
  // More pages by path, e.g. LIGHTHOUSE_PATHS=/rifas/rifa-elige (a pick-mode raffle's grid).
  for (const extra of (process.env.LIGHTHOUSE_PATHS ?? '').split(',').filter(Boolean))
    targets.push({ page: extra, url: `${BASE_URL}${extra}` });
  const only = (process.env.LIGHTHOUSE_ONLY ?? '').split(',').filter(Boolean);
  const measured = only.length ? targets.filter((t) => only.includes(t.page)) : targets;

  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const rows: PageResult[] = [];
  try {
    for (const target of measured) rows.push(await measureWithRetry(target, chrome.port));
  } finally {
    chrome.kill();
  }
  console.log(table(rows));
  for (const row of rows)
    if (row.failing.length > 0) console.log(`${row.page}: ${row.failing.join(', ')}`);
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(
    OUT,
    JSON.stringify({ baseUrl: BASE_URL, at: new Date().toISOString(), rows }, null, 2),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
