// The pick page as a buyer on a phone uses it (SPEC §2 "Elige tus números"): a raffle of
// 1 000 numbers at $1,00 with a package of 5 at $4,50. Nothing scrolls sideways at 360 and
// 390 px; a bar stuck to the bottom of the screen keeps "Comprar N números · $X" at the
// server's price and the chosen numbers as chips that take a number out; a number another
// order takes leaves the selection with a notice beside the bar or the form and the total
// follows at once; "Ir al número" jumps (and says clearly what is out of range), "Solo
// libres" hides the taken ones; the maquinita adds "Cuántos al azar" numbers on both pages.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PICK_TEXTS } from '@vag/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../../core/src/testing/fakes/index';
import {
  anotherOrderTakes,
  hydrated,
  openMeasuringShifts,
  openSecondRaffle,
  seedRaffle,
  startSite,
  waitFor,
  type Site,
} from './support';
import { screenshotDir } from '../../infra/testing/browser';

const SLUG = 'rifa-del-barrio';
// Viewport shots (the bar stuck to the screen's bottom), beside the suite's full-page ones.
const SHOTS = path.join(screenshotDir, 'pick-page');

let fakes: FakeProviders;
let site: Site;

beforeAll(async () => {
  fakes = await startFakeProviders();
  site = await startSite({ env: fakes.env });
  await seedRaffle(site);
  await openSecondRaffle(site, {
    name: 'Rifa del Barrio',
    slug: SLUG,
    prize: 'Bicicleta',
    pricePerNumber: 1,
    totalNumbers: 1000,
    numberMode: 'pick',
    packages: [{ name: 'Cinco', quantity: 5, price: 4.5, isPopular: true }],
  } as Parameters<typeof openSecondRaffle>[1]);
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await site?.stop();
  await fakes?.stop();
});

async function openPickPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await site.page(viewport);
  await page.goto(`/rifas/${SLUG}#numeros`);
  await hydrated(page, 'RafflePicks');
  await page.getByTestId('number-grid').locator('.ng-cells .ng-cell').first().waitFor();
  return page;
}

const grid = (page: Page) => page.getByTestId('number-grid');
const bar = (page: Page) => page.getByTestId('pick-bar');

/** Goes to number `n` with "Ir al número" and taps it. */
async function pick(page: Page, n: string) {
  await page.getByLabel(PICK_TEXTS.searchLabel).fill(n);
  await grid(page)
    .getByRole('button', { name: `${n}, libre` })
    .click();
  await grid(page)
    .getByRole('button', { name: `${n}, tu selección` })
    .waitFor();
}

const chips = (page: Page) =>
  page
    .getByTestId('number-selection')
    .locator('[data-chip]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-chip')));

/** How far the page reaches past the right edge of the screen (0: no sideways scroll). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.each([
  [360, 740],
  [390, 844],
] as const)('the pick page at %s px', (width, height) => {
  it('never scrolls sideways, with chips in the bar, nor does its checkout', async () => {
    const page = await openPickPage({ width, height });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    for (const n of ['101', '102', '103', '104', '105', '106']) await pick(page, n);
    await bar(page)
      .getByRole('button', { name: /^Comprar 6 números · / })
      .waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/pick-page-${width}.png` });
    await bar(page)
      .getByRole('button', { name: /^Comprar 6 números · / })
      .click();
    await page.waitForURL(`**/checkout?rifa=${SLUG}`);
    await page.getByRole('heading', { name: 'Elige tus 6 números' }).waitFor();
    await page.getByTestId('number-selection').getByText('6 de 6', { exact: true }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });
});

describe('the pick bar', () => {
  it.each([
    ['390', { width: 390, height: 844 }],
    ['1366', { width: 1366, height: 900 }],
  ] as const)(
    'at %s px keeps the running total at the server’s price and takes numbers out from their chips',
    async (label, viewport) => {
      const page = await openPickPage(viewport);
      await bar(page).getByText(PICK_TEXTS.emptySelection).waitFor();
      for (const n of ['010', '011', '012']) await pick(page, n);
      await bar(page).getByRole('button', { name: 'Comprar 3 números · $3,00' }).waitFor();
      expect(await chips(page)).toEqual(['010', '011', '012']);
      // Beside the package of 5 at $4,50, the page says why 3 cost $1,00 each.
      await page
        .getByTestId('pick-price-rule')
        .getByText(PICK_TEXTS.packagesDiscount([5], '$1,00'))
        .waitFor();

      // With the grid's first row at the top of the screen the bar is on screen: on a
      // phone, stuck to its bottom edge over the rows below.
      await grid(page)
        .locator('.ng-cells')
        .evaluate((cells) => window.scrollBy(0, cells.getBoundingClientRect().top - 8));
      const box = (await bar(page).boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 1);
      if (viewport.width < 560)
        expect(Math.abs(box.y + box.height - viewport.height)).toBeLessThanOrEqual(1);

      await page.getByRole('button', { name: 'Quitar el número 011' }).click();
      await bar(page).getByRole('button', { name: 'Comprar 2 números · $2,00' }).waitFor();
      expect(await chips(page)).toEqual(['010', '012']);
      await grid(page).getByRole('button', { name: '011, libre' }).waitFor();

      // Five chosen numbers are the package of five: its price.
      for (const n of ['020', '021', '022']) await pick(page, n);
      await bar(page).getByRole('button', { name: 'Comprar 5 números · $4,50' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/pick-bar-${label}.png` });
      await page.locator('#numeros').evaluate((section) => section.scrollIntoView());
      await page.screenshot({ path: `${SHOTS}/pick-page-top-${label}.png` });
    },
  );

  it('loses a number another order took: the notice sits on the bar, the chip and its price go', async () => {
    const page = await openPickPage({ width: 390, height: 844 });
    for (const n of ['088', '089']) await pick(page, n);
    await bar(page).getByRole('button', { name: 'Comprar 2 números · $2,00' }).waitFor();
    await anotherOrderTakes(site, SLUG, ['088']);
    await bar(page)
      .getByTestId('number-notice')
      .getByText(PICK_TEXTS.takenFromSelection(['088']))
      .waitFor();
    expect(PICK_TEXTS.takenFromSelection(['088'])).toBe(
      'El 088 ya lo eligió otra persona; lo quitamos de tu selección.',
    );
    await bar(page).getByRole('button', { name: 'Comprar 1 número · $1,00' }).waitFor();
    expect(await chips(page)).toEqual(['089']);
    await page.screenshot({ path: `${SHOTS}/pick-taken-390.png` });
  });
});

describe('the checkout of chosen numbers', () => {
  it.each([
    ['390', { width: 390, height: 844 }],
    ['1366', { width: 1366, height: 900 }],
  ] as const)(
    'moves nothing while its grid loads at %s px (CLS ≤ 0.02)',
    async (_label, viewport) => {
      const page = await openPickPage(viewport);
      for (const n of ['500', '501']) await pick(page, n);
      await bar(page).getByRole('button', { name: 'Comprar 2 números · $2,00' }).click();
      await page.waitForURL(`**/checkout?rifa=${SLUG}`);
      // The checkout opened afresh (as after a reload), measuring from its first byte.
      const shifts = await openMeasuringShifts(page, `/checkout?rifa=${SLUG}`);
      await page.getByTestId('number-grid').locator('.ng-cells .ng-cell').first().waitFor();
      await page.getByTestId('summary-total').getByText('$2,00').waitFor();
      expect(await shifts()).toBeLessThanOrEqual(0.02);
    },
  );

  it('after a 409 shows the notice beside the form and the new total at once', async () => {
    const page = await openPickPage({ width: 390, height: 844 });
    for (const n of ['300', '301', '302', '303', '304']) await pick(page, n);
    await bar(page).getByRole('button', { name: 'Comprar 5 números · $4,50' }).click();
    await page.waitForURL(`**/checkout?rifa=${SLUG}`);
    await page.getByTestId('summary-total').getByText('$4,50').waitFor();
    // The grid this page has is the one it keeps: the order is what finds 302 gone.
    await page.route('**/number-grid', (route) => route.abort());
    await anotherOrderTakes(site, SLUG, ['302']);
    await page.getByLabel('Transferencia Bancaria').check();
    await page.getByLabel('Nombre', { exact: true }).fill('Luis');
    await page.getByLabel('Apellido').fill('Mora');
    await page.getByLabel('Email', { exact: true }).fill('luis.pick@correo.ec');
    await page.getByLabel('Confirmar email').fill('luis.pick@correo.ec');
    await page.getByLabel('Teléfono').fill('0987654321');
    await page.getByLabel('Provincia').selectOption('Pichincha');
    await page.getByLabel('Ciudad').fill('Quito');
    await page.getByLabel('Dirección').fill('Av. 10 de Agosto N30-12');
    await page.getByLabel(/Acepto los términos/).check();
    await page.getByRole('button', { name: 'PAGAR AHORA' }).click();

    const form = page.locator('form.checkout-main');
    await form
      .getByTestId('number-notice')
      .getByText(`${PICK_TEXTS.takenFromSelection(['302'])} ${PICK_TEXTS.orderNow(4, '$4,00')}`)
      .waitFor();
    await page.getByTestId('summary-total').getByText('$4,00').waitFor();
    expect(await chips(page)).toEqual(['300', '301', '303', '304']);
    expect(await page.getByTestId('order-failure').count()).toBe(0);
    await page
      .getByTestId('summary-note')
      .getByText(PICK_TEXTS.missingForPackage(1, 'Cinco', '$4,50', '$1,00'))
      .waitFor();
    await form.getByTestId('number-notice').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/checkout-taken-390.png` });
    await page.getByTestId('summary-total').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/checkout-summary-390.png` });

    // The maquinita's rule is the raffle page's: "Cuántos al azar" offers what is missing (1).
    expect(await page.getByTestId('maquinita-count').getAttribute('placeholder')).toBe('1');
    await page.getByRole('button', { name: PICK_TEXTS.machine }).click();
    await page.getByTestId('summary-total').getByText('$4,50').waitFor();
    expect(await chips(page)).toHaveLength(5);
  });
});

describe('finding a number among 1 000', () => {
  it('jumps to a number, refuses one out of range clearly, and shows only the free ones', async () => {
    const page = await openPickPage({ width: 390, height: 844 });
    await anotherOrderTakes(site, SLUG, ['451', '452']);
    const jump = page.getByLabel(PICK_TEXTS.searchLabel);
    await jump.fill('1000');
    await page
      .getByTestId('number-search-answer')
      .getByText('El número 1000 no existe en esta rifa (va de 0 a 999).')
      .waitFor();
    await jump.fill('450');
    await page.getByTestId('number-page').getByText('400–499').waitFor();
    await page.getByTestId('number-search-answer').getByText('El 450 está libre.').waitFor();
    await waitFor(
      async () =>
        (await grid(page).locator('[data-number="451"]').getAttribute('data-state')) === 'held',
      { message: 'the grid showing 451 held' },
    );

    await page.getByLabel(PICK_TEXTS.onlyFree).check();
    await grid(page).locator('[data-number="450"]').waitFor();
    expect(await grid(page).locator('[data-number="451"], [data-number="452"]').count()).toBe(0);
    const states = await grid(page)
      .locator('.ng-cells .ng-cell')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-state')));
    expect(states).toHaveLength(100);
    expect(states.every((s) => s === 'free' || s === 'mine')).toBe(true);

    // The maquinita adds as many as "Cuántos al azar" says (1 unless told), as at checkout.
    await page.getByLabel(PICK_TEXTS.machineCount).fill('3');
    await page.getByRole('button', { name: PICK_TEXTS.machine }).click();
    await bar(page).getByRole('button', { name: 'Comprar 3 números · $3,00' }).waitFor();
    await page.getByRole('button', { name: PICK_TEXTS.machine }).click();
    await bar(page).getByRole('button', { name: 'Comprar 4 números · $4,00' }).waitFor();
  });
});
