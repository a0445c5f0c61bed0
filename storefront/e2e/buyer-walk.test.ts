// A buyer's walk through the sale at 390 px and 1366 px: five packages centred, counts of
// numbers actually free, a refused order that keeps its reason on the page, a checkout
// that survives a reload and does not repeat an order, a big order that stays a short
// page, a wrong order link with a way forward, and a package tapped before the page is
// interactive on a slow phone.
import { BUYER_TEXTS, formatUsd, howToPayText, SERVER, type PublicSettings } from '@vag/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertPurchase,
  purchasePaidMessage,
  watchNumbersAssigned,
} from '../../core/src/testing/raffle-fixtures';
import { hydrated, openRaffle, saveScreenshot, startSite, waitFor, type Site } from './support';

const PHONE = { width: 390, height: 844 } as const;
const LAPTOP = { width: 1366, height: 860 } as const;
const TOTAL = 1000;

let site: Site;
let watcher: Awaited<ReturnType<typeof watchNumbersAssigned>>;
/** The big paid order (k), opened by its link. */
let bigOrder: { id: string; key: string; quantity: number };

/** Five packages, the popular one among them, as an operator sets them up. */
const PACKAGES = [
  { name: 'Uno', quantity: 1, price: 1.5, isPopular: false },
  { name: 'Dos', quantity: 2, price: 3, isPopular: false },
  { name: 'Cinco', quantity: 5, price: 7, isPopular: false },
  { name: 'Diez', quantity: 10, price: 12, isPopular: true },
  { name: 'Mega', quantity: 50, price: 50, isPopular: false },
];

/** A purchase holding `quantity` numbers while unpaid (reserved, not free). */
const hold = (quantity: number) => insertPurchase(site.srv.db, { quantity, status: 'PENDING' });

async function freeNumbers(): Promise<number> {
  const progress = await site.api<{ available: number }>('GET', '/raffle/raffle-progress');
  return progress.available;
}

beforeAll(async () => {
  site = await startSite();
  watcher = await watchNumbersAssigned(site.srv.deps.bus);
  await openRaffle(site, { totalNumbers: TOTAL, pricePerNumber: 1.5 });
  for (const input of PACKAGES) await site.api('POST', '/packages', input);

  // A big paid order, numbered by the worker and opened by its link.
  const quantity = 700;
  const id = await insertPurchase(site.srv.db, { quantity });
  const key = 'k'.repeat(32);
  await site.srv.db
    .collection<{ _id: string }>('purchases')
    .updateOne({ _id: id }, { $set: { accessKey: key, orderCode: 'VAG-BIG700' } });
  await site.srv.deps.bus.publish([purchasePaidMessage(id, quantity)]);
  await watcher.settled(id);
  bigOrder = { id, key, quantity };

  // Unpaid orders hold all but 12 of the rest: sold 700, held 288, free 12.
  await hold(TOTAL - quantity - 12);
  expect(await freeNumbers()).toBe(12);
});
afterAll(async () => {
  await watcher?.stop();
  await site?.stop();
});

async function openPackages(page: Page) {
  await page.goto('/');
  await page.locator('#sectionPackages').scrollIntoViewIfNeeded();
  await hydrated(page, 'Packages');
}

const card = (page: Page, name: string) =>
  page.getByTestId('packages').getByRole('button', { name: new RegExp(`^${name}:`) });

describe('the buyer walk', () => {
  for (const [label, viewport] of [
    ['390', PHONE],
    ['1366', LAPTOP],
  ] as const) {
    it(`at ${label} px: five packages leave no flush-left orphan, packages larger than the free numbers are unavailable, one 'Más popular', the steps name only working methods`, async () => {
      const page = await site.page(viewport);
      await openPackages(page);

      // The last row is centred under the others.
      const grid = await page.locator('.package-grid').boundingBox();
      const items = await page.locator('.package-grid > li').evaluateAll((lis) =>
        lis.map((li) => {
          const r = li.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top };
        }),
      );
      expect(items).toHaveLength(5);
      const last = items[items.length - 1]!;
      const lastRow = items.filter((i) => Math.abs(i.top - last.top) < 2);
      const rowCentre =
        (Math.min(...lastRow.map((i) => i.left)) + Math.max(...lastRow.map((i) => i.right))) / 2;
      expect(Math.abs(rowCentre - (grid!.x + grid!.width / 2))).toBeLessThan(3);
      expect(await page.getByText('Más popular', { exact: true }).count()).toBe(1);

      // 12 free (288 more are held by unpaid orders): 10 can be bought, 50 cannot.
      expect(await card(page, 'Diez').isDisabled()).toBe(false);
      expect(await card(page, 'Mega').isDisabled()).toBe(true);
      await card(page, 'Mega').getByText(BUYER_TEXTS.packageSoldOut).waitFor();
      await page.getByLabel(/Cantidad personalizada/).fill('13');
      await page.getByText(SERVER.notEnoughNumbers(12)).waitFor();

      // '¿Cómo participar?' promises only the methods that work.
      const settings = await site.api<PublicSettings>('GET', '/settings');
      const working = (
        [
          ['paypal', 'PayPal'],
          ['mobile', 'PayPhone'],
          ['bank_transfer', 'transferencia bancaria'],
        ] as const
      )
        .filter(([id]) => settings.paymentMethods?.[id])
        .map(([, name]) => name);
      // When the draw comes, as the terms say: end date or sellout.
      const lead = (await page.locator('#progress').textContent())!;
      expect(lead).toContain(BUYER_TEXTS.drawWhen);
      expect(lead).not.toContain('cuando se venden todos los números');
      const steps = page.locator('#como-participar');
      await steps.getByText(howToPayText(working)).waitFor();
      if (!settings.paymentMethods?.paypal)
        expect(await steps.textContent()).not.toContain('PayPal');
      await saveScreenshot(page, `walk-packages-${label}`);
    });
  }

  it('a package tapped on a slow phone before the page is interactive still reaches checkout with it', async () => {
    const page = await site.page(PHONE);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto('/', { waitUntil: 'commit' });
    const dos = card(page, 'Dos');
    await dos.waitFor();
    // The island is still server-rendered (not hydrated) when the tap lands.
    const before = await page.locator('astro-island[component-url*="/Packages."][ssr]').count();
    await dos.click({ noWaitAfter: true });
    await page.waitForURL('**/checkout**');
    await page.getByTestId('summary-total').getByText(formatUsd(3)).waitFor();
    await page.getByText('Dos').first().waitFor();
    expect(before, 'the tap landed before hydration').toBe(1);
  });
  it('checkout preselects the only method, keeps every field over a reload, keeps a refused order’s reason beside the form, and back after ordering offers the order made', async () => {
    const page = await site.page(PHONE);
    await openPackages(page);
    await card(page, 'Dos').click();
    await page.waitForURL('**/checkout');
    const settings = await site.api<PublicSettings>('GET', '/settings');
    const usable = (['paypal', 'bank_transfer', 'mobile'] as const).filter(
      (m) => settings.paymentMethods?.[m],
    );
    expect(usable).toEqual(['bank_transfer']);
    const transfer = page.getByRole('radio', { name: /Transferencia Bancaria/ });
    await waitFor(() => transfer.isChecked(), { message: 'the only method chosen' });

    const fields: Array<[string, string]> = [
      ['firstName', 'Lucía'],
      ['lastName', 'Andrade'],
      ['email', 'lucia@example.ec'],
      ['confirmEmail', 'lucia@example.ec'],
      ['phone', '0991234567'],
      ['city', 'Cuenca'],
      ['address', 'Calle Larga 1-23'],
    ];
    const field = (name: string) => page.locator(`#buyer-${name}`);
    for (const [name, value] of fields) await field(name).fill(value);
    await field('province').selectOption('Azuay');
    await field('acceptedTerms').check();
    await page.reload();
    for (const [name, value] of [...fields, ['province', 'Azuay'] as const])
      await waitFor(async () => (await field(name).inputValue()) === value, {
        message: `${name} kept over the reload`,
      });
    expect(await field('acceptedTerms').isChecked()).toBe(true);
    expect(await transfer.isChecked()).toBe(true);

    // Another buyer's order takes all but one number meanwhile: the reason stays on the page.
    await hold((await freeNumbers()) - 1);
    const answer = page.waitForResponse('**/api/payments/create-order');
    await page.getByRole('button', { name: 'PAGAR AHORA' }).click();
    const refused = await answer;
    expect(refused.status()).toBe(409);
    const { msg } = (await refused.json()) as { msg: string };
    const failure = page.getByTestId('order-failure');
    await failure.getByText(msg).waitFor();
    await waitFor(async () => (await page.locator('[data-sonner-toast]').count()) === 0, {
      message: 'the toasts to fade',
    });
    expect(await failure.isVisible()).toBe(true);
    await saveScreenshot(page, 'walk-checkout-refused-390');

    // One number: 'Uno' goes through; back shows the order, not a form to send again.
    await page.goto('/');
    await page.locator('#sectionPackages').scrollIntoViewIfNeeded();
    await hydrated(page, 'Packages');
    await card(page, 'Uno').click();
    await page.waitForURL('**/checkout');
    await waitFor(() => transfer.isChecked(), { message: 'the method kept' });
    await page.getByRole('button', { name: 'PAGAR AHORA' }).click();
    await page.waitForURL('**/pedido?**');
    const orderUrl = new URL(page.url());
    await page.goBack();
    await page.waitForURL('**/checkout');
    const made = page.getByTestId('order-already-made');
    await made.waitFor();
    const link = made.getByRole('link', { name: BUYER_TEXTS.seeOrder });
    expect(await link.getAttribute('href')).toBe(`${orderUrl.pathname}${orderUrl.search}`);
    expect(await page.getByRole('button', { name: 'PAGAR AHORA' }).count()).toBe(0);
    await saveScreenshot(page, 'walk-checkout-back-390');
  });

  for (const [label, viewport] of [
    ['390', PHONE],
    ['1366', LAPTOP],
  ] as const) {
    it(`at ${label} px: a ${700}-number order page lists runs with the rest behind 'Ver todos', its heading clear of the header and its cards apart`, async () => {
      const page = await site.page(viewport);
      await page.goto(`/pedido?id=${bigOrder.id}&key=${bigOrder.key}`);
      await page.getByRole('heading', { name: /Tu pedido/ }).waitFor();
      await page.getByRole('heading', { name: `Tus números (${bigOrder.quantity})` }).waitFor();
      await page.getByRole('button', { name: /^Ver todos/ }).waitFor();
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height).toBeLessThan(label === '390' ? 4500 : 2500);

      const header = await page.locator('header').first().boundingBox();
      const h1 = await page.getByRole('heading', { level: 1 }).boundingBox();
      expect(h1!.y - (header!.y + header!.height)).toBeGreaterThanOrEqual(12);
      const cards = await page
        .locator('.order-page > section.card, .order-page > p')
        .evaluateAll((els) =>
          els
            .map((el) => el.getBoundingClientRect())
            .map((r) => ({ top: r.top, bottom: r.bottom })),
        );
      for (let i = 1; i < cards.length; i++)
        expect(cards[i]!.top - cards[i - 1]!.bottom).toBeGreaterThanOrEqual(8);
      await saveScreenshot(page, `walk-big-order-${label}`);

      await page.getByRole('button', { name: /^Ver todos/ }).click();
      await page.getByRole('button', { name: /^Ver todos/ }).waitFor({ state: 'detached' });
    });
  }

  it('a wrong order key says so and offers the e-mail lookup', async () => {
    const page = await site.page(PHONE);
    await page.goto(`/pedido?id=${bigOrder.id}&key=${'x'.repeat(32)}`);
    const lookup = page.getByRole('link', { name: BUYER_TEXTS.orderLookupLink });
    await lookup.waitFor();
    expect(await lookup.getAttribute('href')).toBe('/#lookup');
    await saveScreenshot(page, 'walk-wrong-key-390');
  });
});
