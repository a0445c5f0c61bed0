// Browser-test plumbing for the admin: a real api (fresh database, the built admin at
// /admin), staff accounts, data created through the api's own routes, headless Chromium,
// and the check that no English react-admin text reaches the screen.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { STORAGE_KEYS, UI, type ReportResponse } from '@vag/contracts';
import englishMessages from 'ra-language-english';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createStaff, type CreatedStaff } from '../../api/src/testing/seed';
import { startTestServer, type TestServer } from '../../server/src/testing/server';
import {
  assertNoCspViolations,
  collectCspViolations,
  launchBrowser,
  saveScreenshot,
} from '../../infra/testing/browser';
import { esMessages } from '../src/i18n/es';

import { waitFor } from '../../core/src/testing/wait';

export { waitFor };

export const MOBILE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1366, height: 900 } as const;

const adminDist = fileURLToPath(new URL('../dist/index.html', import.meta.url));

export interface StaffAccount {
  email: string;
  password: string;
  token: string;
  code: string | null;
  /** The user as the sign-in answer gives it to the browser's storage. */
  user: { _id: string; email: string; role: string };
}

/** A staff member created in the store, with the token the api would sign at sign-in. */
export function staffAccount({ user, token, password }: CreatedStaff): StaffAccount {
  return {
    email: user.email,
    password,
    token,
    code: user.code ?? null,
    user: { _id: String(user._id), email: user.email, role: user.role },
  };
}

export interface AdminSite {
  srv: TestServer;
  url: string;
  browser: Browser;
  admin: StaffAccount;
  reseller: StaffAccount;
  /** Calls the api (as the seeded admin unless `token` is given); throws on non-2xx. */
  api<T = unknown>(method: string, path: string, body?: unknown, token?: string | null): Promise<T>;
  page(viewport?: { width: number; height: number }): Promise<Page>;
  stop(): Promise<void>;
}

export async function startAdminSite(): Promise<AdminSite> {
  if (!existsSync(adminDist))
    throw new Error('admin/dist is missing: run `npm run build -w @vag/admin` first');
  const srv = await startTestServer();
  const browser = await launchBrowser().catch(async (error: unknown) => {
    await srv.stop();
    throw error;
  });
  const account = async (role: 'admin' | 'reseller'): Promise<StaffAccount> =>
    staffAccount(await createStaff(srv.db, { role, password: 'Clave123!' }));
  const admin = await account('admin');
  const reseller = await account('reseller');
  const contexts: BrowserContext[] = [];
  const cspViolations: string[] = [];

  const api = async <T>(
    method: string,
    apiPath: string,
    body?: unknown,
    token: string | null = admin.token,
  ): Promise<T> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${srv.url}/api${apiPath}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${apiPath} → ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };

  return {
    srv,
    url: srv.url,
    browser,
    admin,
    reseller,
    api,
    async page(viewport = DESKTOP) {
      const context = await browser.newContext({
        viewport,
        baseURL: srv.url,
        locale: 'es-EC',
        acceptDownloads: true,
      });
      await context
        .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: srv.url })
        .catch(() => undefined);
      contexts.push(context);
      await collectCspViolations(context, cspViolations);
      const page = await context.newPage();
      page.setDefaultTimeout(45_000);
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

/** The current draw, as an admin sets it up before selling (numbers not generated yet). */
export async function seedLottery(
  site: AdminSite,
  { totalNumbers = 1000, pricePerNumber = 1.5 } = {},
): Promise<void> {
  await site.api('PUT', '/lottery', {
    name: 'Gran Sorteo Navideño',
    prize: 'Camioneta 0 km',
    pricePerNumber,
    imageUrl: '',
    endDate: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
    totalNumbers,
  });
  await site.api('PATCH', '/lottery/is-active', { isActive: true });
}

/** A visitor's bank-transfer order for a custom quantity, through the real create-order. */
export async function createBankTransferOrder(
  site: AdminSite,
  {
    quantity = 3,
    pricePerNumber = 1.5,
    email,
    resellerCode = null,
    firstName = 'Ana',
  }: {
    quantity?: number;
    pricePerNumber?: number;
    email: string;
    resellerCode?: string | null;
    firstName?: string;
  },
): Promise<string> {
  const total = Math.round(quantity * pricePerNumber * 100) / 100;
  const answer = await site.api<{ purchaseId: string; orderUrl: string }>(
    'POST',
    '/payments/create-order',
    {
      amount: total,
      quantity,
      unitPrice: pricePerNumber,
      totalPrice: total,
      packageId: null,
      resellerCode,
      paymentMethod: 'bank_transfer',
      packageData: { name: UI.customPackageName, quantity, price: total },
      buyer: {
        firstName,
        lastName: 'Pérez',
        email,
        confirmEmail: email,
        phone: '0991234567',
        country: 'ECUADOR',
        province: 'Pichincha',
        city: 'Quito',
        address: 'Av. Amazonas N24-03',
        document: '1710034065',
        acceptedTerms: true,
        paymentProvider: 'bank_transfer',
      },
    },
    null,
  );
  orderKeys.set(answer.purchaseId, new URL(answer.orderUrl, site.url).searchParams.get('key')!);
  return answer.purchaseId;
}

/** The buyer's order links' keys, by purchase, for what only the buyer may do. */
const orderKeys = new Map<string, string>();

/** The buyer uploads a transfer receipt on their order page (a PDF large enough to be one). */
export async function uploadReceipt(site: AdminSite, purchaseId: string): Promise<void> {
  const key = orderKeys.get(purchaseId);
  if (!key) throw new Error(`no order made by createBankTransferOrder: ${purchaseId}`);
  const res = await fetch(
    `${site.url}/api/orders/${purchaseId}/receipt?key=${encodeURIComponent(key)}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: `%PDF-1.4\n%comprobante\n${'%'.repeat(8 * 1024)}\n`,
    },
  );
  if (res.status !== 201) throw new Error(`receipt upload answered ${res.status}`);
}

export async function signIn(
  page: Page,
  account: { email: string; password: string },
  from = '/admin/',
): Promise<void> {
  await page.goto(from);
  await page.waitForURL('**/admin/login');
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: UI.loginSubmit }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

/**
 * A fresh browser context holding `account`'s session (admin by default), on the
 * dashboard. The session is stored as the sign-in screen stores it, with a token signed as
 * the api signs it, so the screens' tests neither repeat the sign-in (it has its own
 * tests) nor spend the api's 10 sign-ins a minute per address.
 */
export async function staffPage(
  site: AdminSite,
  account: StaffAccount = site.admin,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await site.page(viewport);
  await page.goto('/admin/login');
  await page.evaluate(
    ({ keys, token, user }) => {
      localStorage.setItem(keys.adminToken, token);
      localStorage.setItem(keys.adminUser, JSON.stringify(user));
      localStorage.setItem(keys.adminRole, user.role);
    },
    { keys: STORAGE_KEYS, token: account.token, user: account.user },
  );
  await page.goto('/admin/');
  return page;
}

/** Moves inside the running app without reloading it (react-router follows popstate). */
export async function spaGoto(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** Generates the raffle's numbers through the api unless they already exist. */
export async function ensureNumbers(site: AdminSite): Promise<void> {
  await site.api('POST', '/raffle/generate-raffle-numbers').catch((error: Error) => {
    if (!error.message.includes('409')) throw error;
  });
}

/** A bank-transfer purchase confirmed through the api, so it is COMPLETED with numbers. */
export async function completedPurchase(
  site: AdminSite,
  options: { email: string; quantity?: number; resellerCode?: string | null; firstName?: string },
): Promise<string> {
  const id = await createBankTransferOrder(site, options);
  await site.api('PATCH', `/purchases/${id}/confirm-transfer`, {
    referenceCode: 'REF-API-1',
    bankName: 'Banco Guayaquil',
  });
  return id;
}

/**
 * Waits until the reports show the purchase as paid: a paid purchase's row comes from the
 * reports worker's projection, which follows the purchase a moment later.
 */
export async function waitUntilReportedPaid(site: AdminSite, purchaseId: string): Promise<void> {
  await waitFor(
    async () => {
      const report = await site.api<ReportResponse>('GET', '/admin/reports');
      return report.purchases.some((p) => p._id === purchaseId && p.status === 'COMPLETED');
    },
    { message: `purchase ${purchaseId} reported as paid` },
  );
}

function leaves(obj: object, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]): [string, string][] =>
    typeof v === 'object' && v !== null
      ? leaves(v as object, `${prefix}${k}.`)
      : [[`${prefix}${k}`, String(v)]],
  );
}

function lookup(obj: object, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj);
}

/**
 * react-admin's English texts that would betray an untranslated screen: each English
 * message (split on polyglot's plural separator, placeholders removed) that is not also
 * our Spanish text and is long enough not to match ordinary words.
 */
export const ENGLISH_TEXTS: string[] = [
  ...new Set(
    leaves(englishMessages).flatMap(([key, en]) =>
      en
        .split('||||')
        .map((part) => part.replace(/%\{\w+\}/g, '').trim())
        .filter(
          (part) => part.length >= 6 && /[a-z]{3}/i.test(part) && part !== lookup(esMessages, key),
        ),
    ),
  ),
];

/** The English react-admin texts visible on the page (text and accessible labels). */
export async function englishOnScreen(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label],[title],[placeholder]')].map((el) =>
      ['aria-label', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? '').join(' '),
    );
    return `${document.body.innerText}\n${labels.join('\n')}`;
  });
  // Whole words only: 'Confirm' must not match 'Confirmar contraseña'.
  return ENGLISH_TEXTS.filter((en) => {
    const escaped = en.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, 'u').test(text);
  });
}

/** What a date field shows (dd/mm/aaaa): the text of its day, month and year sections. */
export async function dateFieldText(page: Page, label: string): Promise<string> {
  const sections = page.getByRole('group', { name: label, exact: true }).getByRole('spinbutton');
  return (await sections.allTextContents()).join('/');
}

/** Types a day into a date field as a person does: from its day section on, '10/05/2026'. */
export async function typeDate(page: Page, label: string, text: string): Promise<void> {
  const field = page.getByRole('group', { name: label, exact: true });
  await field.getByRole('spinbutton', { name: 'Día' }).click();
  await page.keyboard.type(text);
}

/** test-artifacts/screenshots/admin-<name>.png, animations finished (see saveScreenshot). */
export async function shoot(page: Page, name: string): Promise<string> {
  return saveScreenshot(page, `admin-${name}`);
}

/**
 * The admin site of one test file: started before the file's tests with the lottery
 * (`lottery` options, or false for none) and its numbers (unless `numbers` is false),
 * stopped after them. The returned object is filled in by that beforeAll, so a file's own
 * beforeAll, declared after this call, can already use it.
 */
export function useAdminSite(
  options: { lottery?: Parameters<typeof seedLottery>[1] | false; numbers?: boolean } = {},
): AdminSite {
  const site = {} as AdminSite;
  let started = false;
  beforeAll(async () => {
    Object.assign(site, await startAdminSite());
    started = true;
    if (options.lottery !== false) await seedLottery(site, options.lottery);
    if (options.lottery !== false && options.numbers !== false) await ensureNumbers(site);
  });
  afterAll(async () => {
    if (started) await site.stop();
  });
  return site;
}
