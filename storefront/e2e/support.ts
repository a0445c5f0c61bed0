// Browser-test plumbing for the storefront: a real api (fresh database, built
// storefront), seeded through the api's own staff routes, and headless Chromium.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  assertNoCspViolations,
  collectCspViolations,
  launchBrowser,
} from '../../infra/testing/browser';
import { createStaff } from '../../api/src/testing/seed';
import {
  insertPurchase,
  purchasePaidMessage,
  type watchNumbersAssigned,
} from '../../core/src/testing/raffle-fixtures';
import { startTestServer, type TestServer } from '../../server/src/testing/server';

export { saveScreenshot } from '../../infra/testing/browser';
export { waitFor } from '../../core/src/testing/wait';

export const MOBILE = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 860 } as const;

export interface Site {
  srv: TestServer;
  url: string;
  browser: Browser;
  admin: { authorization: string };
  /** Calls the api as the seeded admin; throws with the answer on a non-2xx. */
  api<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** A fresh browser context (own sessionStorage) at a viewport size. */
  page(viewport?: { width: number; height: number }): Promise<Page>;
  stop(): Promise<void>;
}

export async function startSite(options: { env?: Record<string, string> } = {}): Promise<Site> {
  const srv = await startTestServer(options.env ? { env: options.env } : {});
  const browser = await launchBrowser().catch(async (error: unknown) => {
    await srv.stop();
    throw error;
  });
  const { token } = await createStaff(srv.db, { role: 'admin' });
  const admin = { authorization: `Bearer ${token}` };
  const contexts: BrowserContext[] = [];
  const cspViolations: string[] = [];

  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${srv.url}/api${path}`, {
      method,
      headers: { ...admin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };

  return {
    srv,
    url: srv.url,
    browser,
    admin,
    api,
    async page(viewport = DESKTOP) {
      const context = await browser.newContext({ viewport, baseURL: srv.url, locale: 'es-EC' });
      contexts.push(context);
      await collectCspViolations(context, cspViolations);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    },
    async stop() {
      await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
      await browser.close().catch(() => undefined);
      await srv.stop();
      assertNoCspViolations(cspViolations);
    },
  };
}

export interface SeededPackage {
  _id: string;
  name: string;
  quantity: number;
  price: number;
  isPopular: boolean;
}

export interface RaffleSetup {
  isActive?: boolean;
  pricePerNumber?: number;
  totalNumbers?: number;
}

/** The raffle 'Gran Sorteo Navideño' with its numbers generated, as an admin would set it up. */
export async function openRaffle(
  site: Site,
  { isActive = true, pricePerNumber = 1.5, totalNumbers = 1000 }: RaffleSetup = {},
): Promise<void> {
  await site.api('PUT', '/lottery', {
    name: 'Gran Sorteo Navideño',
    prize: 'Camioneta 0 km',
    pricePerNumber,
    imageUrl: '',
    endDate: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
    totalNumbers,
  });
  await site.api('POST', '/raffle/generate-raffle-numbers');
  // The public sees only a published raffle (SPEC §7: a draft is its admin's alone), so an
  // inactive one is one whose sale was opened and then closed.
  await site.api('PATCH', '/lottery/is-active', { isActive: true });
  if (!isActive) await site.api('PATCH', '/lottery/is-active', { isActive: false });
}

/** `openRaffle`'s raffle of 1 000 numbers with three packages. */
export async function seedRaffle(
  site: Site,
  setup: Omit<RaffleSetup, 'totalNumbers'> = {},
): Promise<{ packages: SeededPackage[] }> {
  await openRaffle(site, setup);
  const packages: SeededPackage[] = [];
  for (const input of [
    { name: 'Básico', quantity: 5, price: 7.5, isPopular: false },
    { name: 'Popular', quantity: 10, price: 12, isPopular: true },
    { name: 'Mega', quantity: 50, price: 50, isPopular: false },
  ]) {
    packages.push(await site.api<SeededPackage>('POST', '/packages', input));
  }
  return { packages };
}

/** A paid purchase of `quantity` numbers (Ana Pérez, Quito), numbered by the worker. */
export async function sellPaid(
  site: Site,
  watcher: Awaited<ReturnType<typeof watchNumbersAssigned>>,
  quantity: number,
): Promise<string[]> {
  const id = await insertPurchase(site.srv.db, { quantity });
  await site.srv.deps.bus.publish([purchasePaidMessage(id, quantity)]);
  await watcher.settled(id);
  const purchase = await site.srv.db
    .collection<{ _id: string; assignedNumbers: string[] }>('purchases')
    .findOne({ _id: id });
  return purchase!.assignedNumbers;
}

/**
 * Holds a request until `release()` so a test can look at the page meanwhile; then
 * sends it on and keeps each answer's JSON body in `answers` (read before the page sees
 * it, so even an answer the page navigates away on can be looked at).
 */
export async function holdRequests(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const answers: unknown[] = [];
  await page.route(pattern, async (route) => {
    await released;
    const response = await route.fetch();
    answers.push(await response.json().catch(() => null));
    await route.fulfill({ response });
  });
  return { release, answers };
}

/** Waits until the island of `component` (e.g. 'Lookup') is hydrated on the page. */
export async function hydrated(page: Page, component: string): Promise<void> {
  await page
    .locator(`astro-island[component-url*="/${component}."]:not([ssr])`)
    .first()
    .waitFor({ state: 'attached' });
}

/** Draws a JPEG banner in the browser (no image library needed) and returns its bytes. */
export async function drawJpeg(
  page: Page,
  { text, from, to }: { text: string; from: string; to: string },
): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ text, from, to }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 1280;
      canvas.height = 720;
      const ctx = canvas.getContext('2d')!;
      const gradient = ctx.createLinearGradient(0, 0, 1280, 720);
      gradient.addColorStop(0, from);
      gradient.addColorStop(1, to);
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, 1280, 720);
      ctx.fillStyle = '#ffffff';
      ctx.font = 'bold 96px sans-serif';
      ctx.textAlign = 'center';
      ctx.fillText(text, 640, 390);
      const blob = await new Promise<Blob>((resolve) =>
        canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.85),
      );
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    },
    { text, from, to },
  );
  return Buffer.from(base64, 'base64');
}

/** Replaces a media slot as the banner manager does (POST /upload-media.php). */
export async function uploadMedia(
  site: Site,
  filename: string,
  bytes: Buffer,
  type: string,
): Promise<void> {
  const form = new FormData();
  form.set('filename', filename);
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await fetch(`${site.url}/upload-media.php`, {
    method: 'POST',
    headers: site.admin,
    body: form,
  });
  if (!res.ok) throw new Error(`upload ${filename} → ${res.status}: ${await res.text()}`);
}

/** Contact data and social links, as an admin saves them in Configuración. */
export async function seedSettings(site: Site): Promise<void> {
  const current = await site.api<{ _id: string }>('GET', '/settings');
  await site.api('PUT', `/settings/${current._id}`, {
    email: 'soporte@voyaganar.ec',
    contactNumber: '0991234567',
    socialMedia: {
      facebook: 'https://facebook.com/voyaganar',
      instagram: 'https://instagram.com/voyaganar',
      tiktok: '',
    },
  });
}

export interface SeededPrize {
  _id: string;
  number: string;
  prizeAmount: number;
  status: string;
  delivered: boolean;
}

/** Instant prizes placed by the api (Asignar Montos), the first one marked delivered. */
export async function seedInstantPrizes(site: Site, amounts: number[]): Promise<SeededPrize[]> {
  await site.api('POST', '/raffle/assign-random-prizes', {
    prizes: amounts.map((amount) => ({ amount })),
  });
  const prizes = await site.api<SeededPrize[]>('GET', '/raffle/instant-prizes');
  const [first] = prizes;
  if (first) {
    await site.api('PUT', `/raffle/${first._id}`, {
      prizeAmount: first.prizeAmount,
      delivered: true,
    });
  }
  return site.api<SeededPrize[]>('GET', '/raffle/instant-prizes');
}

/** A past raffle with its winner, as an admin records it in Rifas. */
export async function seedPastRaffle(site: Site, image: string): Promise<void> {
  await site.api('POST', '/past-raffles', {
    activityName: 'Sorteo de Verano',
    date: '2026-02-14',
    prize: 'Moto 0 km',
    winner: 'María López',
    image,
    instagramPostUrl: 'https://instagram.com/p/voyaganar-verano',
  });
}

/** Sums the layout-shift entries of the whole load, as CLS counts them. */
export async function openMeasuringShifts(
  page: Page,
  path: string,
): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
      }[])
        if (!entry.hadRecentInput) w.shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path, { waitUntil: 'load' });
  return () => page.evaluate(() => (window as unknown as { shifts: number }).shifts);
}

/**
 * The list link of the newest lookup e-mail to `email`, read from the outbox log (the
 * site runs without SMTP, as `npm start` does offline); null until it is written.
 */
export function lookupLinkInOutbox(site: Site, email: string): string | null {
  const file = path.join(site.srv.deps.env.DATA_DIR, 'outbox.log');
  if (!existsSync(file)) return null;
  const entries = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { lookup?: string; to?: string; text?: string });
  const mail = entries.reverse().find((e) => e.lookup && e.to === email);
  return mail?.text ? (/(https?:\/\/\S+#lookup)/.exec(mail.text)?.[1] ?? null) : null;
}

export interface SecondRaffleSetup {
  name: string;
  slug: string;
  prize: string;
  description?: string;
  pricePerNumber: number;
  totalNumbers: number;
  imageUrl?: string;
  packages: Omit<SeededPackage, '_id'>[];
}

export interface SecondRaffle {
  id: string;
  slug: string;
  packages: SeededPackage[];
}

/**
 * Another raffle on sale beside the featured one, as an admin makes it in Rifas: a draft
 * with its packages, then published.
 */
export async function openSecondRaffle(
  site: Site,
  setup: SecondRaffleSetup,
): Promise<SecondRaffle> {
  const { packages: packageInputs, ...fields } = setup;
  const raffle = await site.api<{ _id: string; slug: string }>('POST', '/admin/raffles', {
    imageUrl: '',
    ...fields,
    endDate: new Date(Date.now() + 10 * 24 * 3600 * 1000).toISOString(),
  });
  const packages: SeededPackage[] = [];
  for (const input of packageInputs) {
    packages.push(await site.api<SeededPackage>('POST', `/raffles/${raffle._id}/packages`, input));
  }
  await site.api('POST', `/admin/raffles/${raffle._id}/publish`);
  return { id: raffle._id, slug: raffle.slug, packages };
}

/**
 * Another buyer's unpaid order of `numbers` in the pick raffle `slug` ($1 a number), made
 * straight on the api as another tab would: those numbers are taken while a page is open.
 */
export async function anotherOrderTakes(site: Site, slug: string, numbers: string[]) {
  const email = `otra.${Date.now()}.${numbers.join('-')}@correo.ec`;
  const res = await fetch(`${site.url}/api/raffles/${slug}/payments/create-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      amount: numbers.length,
      quantity: numbers.length,
      unitPrice: 1,
      totalPrice: numbers.length,
      packageId: null,
      resellerCode: null,
      paymentMethod: 'bank_transfer',
      numbers,
      packageData: { name: 'Personalizado', quantity: numbers.length, price: numbers.length },
      buyer: {
        firstName: 'Otra',
        lastName: 'Persona',
        email,
        confirmEmail: email,
        phone: '0998765432',
        country: 'ECUADOR',
        province: 'Pichincha',
        city: 'Quito',
        address: 'Av. Amazonas 1',
        document: '',
        acceptedTerms: true,
        paymentProvider: 'bank_transfer',
      },
      consent: { marketing: false },
    }),
  });
  if (res.status !== 201)
    throw new Error(`another order of ${numbers.join(', ')}: ${res.status} ${await res.text()}`);
}

/** A bank-transfer order of `pkg` placed as the checkout places it; answers its order page's path. */
export async function transferOrder(site: Site, pkg: SeededPackage): Promise<string> {
  const res = await fetch(`${site.url}/api/payments/create-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      amount: pkg.price,
      quantity: pkg.quantity,
      unitPrice: pkg.price / pkg.quantity,
      totalPrice: pkg.price,
      packageId: pkg._id,
      paymentMethod: 'bank_transfer',
      buyer: {
        firstName: 'Rosa',
        lastName: 'Quishpe',
        email: 'rosa.quishpe@example.com',
        phone: '0991234567',
        province: 'Pichincha',
        city: 'Quito',
        address: 'Av. Amazonas N24-03',
        acceptedTerms: true,
      },
    }),
  });
  if (!res.ok) throw new Error(`create-order answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { orderUrl: string }).orderUrl;
}
