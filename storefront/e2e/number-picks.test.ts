// A pick-mode raffle of 10 000 numbers, bought in the browser at 390 px and at 1366 px:
// "Ir al número" answers "¿está libre el 0427?", the buyer chooses three numbers, another
// order takes one of them meanwhile (the page says so beside the form, keeps the other two
// and prices two), the maquinita fills the gap, a bank transfer holds the numbers ("apartados" on the order page), and
// once staff confirm the transfer the same numbers are the order's.
import { HOW_TO_STEPS, PICK_TEXTS } from '@vag/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../../core/src/testing/fakes/index';
import {
  anotherOrderTakes,
  hydrated,
  openMeasuringShifts,
  openSecondRaffle,
  saveScreenshot,
  seedRaffle,
  startSite,
  waitFor,
  type Site,
} from './support';

const SLUG = 'rifa-elige-tu-numero';
const PHONE = { width: 390, height: 844 } as const;
const WIDE = { width: 1366, height: 900 } as const;

let fakes: FakeProviders;
let site: Site;

beforeAll(async () => {
  fakes = await startFakeProviders();
  site = await startSite({ env: fakes.env });
  await seedRaffle(site);
  await openSecondRaffle(site, {
    name: 'Rifa Elige Tu Número',
    slug: SLUG,
    prize: 'Moto 0 km',
    pricePerNumber: 1,
    totalNumbers: 10_000,
    numberMode: 'pick',
    packages: [{ name: 'Trío', quantity: 3, price: 2.5, isPopular: true }],
  } as Parameters<typeof openSecondRaffle>[1]);
});
afterAll(async () => {
  await site?.stop();
  await fakes?.stop();
});

/**
 * Every cell is a 44 × 44 px target (WCAG 2.5.5), in rows of five on a phone and of ten
 * on a wide screen.
 */
async function cellsFitAThumb(page: Page, width: number) {
  const boxes = await page
    .getByTestId('number-grid')
    .locator('.ng-cells .ng-cell')
    .evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().toJSON() as DOMRect));
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  const firstRow = boxes.filter((b) => Math.abs(b.top - boxes[0]!.top) < 1).length;
  expect(firstRow).toBe(width < 560 ? 5 : 10);
}

/** The chosen numbers, as their chips show them. */
const chosenNumbers = (page: Page) =>
  page
    .getByTestId('number-selection')
    .locator('[data-chip]')
    .evaluateAll((chips) => chips.map((c) => c.getAttribute('data-chip') ?? ''));

async function fillBuyer(page: Page, email: string) {
  await page.getByLabel('Transferencia Bancaria').check();
  await page.getByLabel('Nombre', { exact: true }).fill('Luis');
  await page.getByLabel('Apellido').fill('Mora');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Confirmar email').fill(email);
  await page.getByLabel('Teléfono').fill('0987654321');
  await page.getByLabel('Provincia').selectOption('Pichincha');
  await page.getByLabel('Ciudad').fill('Quito');
  await page.getByLabel('Dirección').fill('Av. 10 de Agosto N30-12');
  await page.getByLabel(/Acepto los términos/).check();
}

describe('the pick page on a 360 px phone', () => {
  it('does not scroll sideways, and one number chosen is "Elige tu número" at checkout', async () => {
    const page = await site.page({ width: 360, height: 740 });
    await page.goto(`/rifas/${SLUG}#numeros`);
    await hydrated(page, 'RafflePicks');
    const grid = page.getByTestId('number-grid');
    await grid.locator('.ng-cells .ng-cell').first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Siguientes' }).waitFor();
    await grid.getByRole('button', { name: '0007, libre' }).click();
    await page.getByRole('button', { name: /^Comprar 1 número · / }).click();
    await page.waitForURL(`**/checkout?rifa=${SLUG}`);
    await page.getByRole('heading', { name: 'Elige tu número', exact: true }).waitFor();
    await saveScreenshot(page, 'checkout-one-pick-360');
  });
});

describe('the grid of 10 000 numbers loading', () => {
  it.each([
    ['390', PHONE],
    ['1366', WIDE],
  ] as const)('moves nothing on the page at %s px (CLS ≤ 0.02)', async (_label, viewport) => {
    const page = await site.page(viewport);
    const shifts = await openMeasuringShifts(page, `/rifas/${SLUG}#numeros`);
    await hydrated(page, 'RafflePicks');
    await page.getByTestId('number-grid').locator('.ng-cells .ng-cell').first().waitFor();
    await cellsFitAThumb(page, viewport.width);
    expect(await shifts()).toBeLessThanOrEqual(0.02);
  });
});

describe.each([
  ['390', PHONE, ['0427', '0428', '0429']],
  ['1366', WIDE, ['5127', '5128', '5129']],
] as const)('choosing numbers at %s px', (label, viewport, [a, b, c]) => {
  it('chooses, loses one to another order, fills it with the maquinita, pays and sees its numbers', async () => {
    const page = await site.page(viewport);
    await page.goto(`/rifas/${SLUG}#numeros`);
    await hydrated(page, 'RafflePicks');
    const grid = page.getByTestId('number-grid');
    await grid.waitFor();
    // "¿Cómo participar?" says to choose numbers here, not a package.
    await page.getByRole('heading', { name: HOW_TO_STEPS.pickTitle, level: 3 }).waitFor();
    expect(
      await page.getByRole('heading', { name: HOW_TO_STEPS.chooseTitle, level: 3 }).count(),
    ).toBe(0);
    await cellsFitAThumb(page, viewport.width);

    // "¿Está libre el 0427?" jumps to its range and answers.
    await page.getByLabel(PICK_TEXTS.searchLabel).fill(a);
    await page.getByTestId('number-search-answer').getByText(`El ${a} está libre.`).waitFor();
    for (const n of [a, b, c]) await grid.getByRole('button', { name: `${n}, libre` }).click();
    await grid.getByRole('button', { name: `${a}, tu selección` }).waitFor();
    expect(
      await grid.getByRole('button', { name: `${b}, tu selección` }).getAttribute('aria-pressed'),
    ).toBe('true');
    await saveScreenshot(page, `number-grid-chosen-${label}`);

    // Three numbers are the package of three: its price.
    await page.getByRole('button', { name: 'Comprar 3 números · $2,50' }).click();
    await page.waitForURL(`**/checkout?rifa=${SLUG}`);
    await page.getByRole('heading', { name: 'Elige tus 3 números' }).waitFor();
    // The heading holds the grid's place from the first paint; the chips come with the grid.
    await page.getByTestId('number-selection').locator(`[data-chip="${a}"]`).waitFor();
    expect(await chosenNumbers(page)).toEqual([a, b, c]);

    // Another tab's order takes the middle number: the page says so beside the form, keeps
    // the others, and the total is what two numbers cost.
    await anotherOrderTakes(site, SLUG, [b]);
    await page
      .locator('form.checkout-main')
      .getByTestId('number-notice')
      .getByText(PICK_TEXTS.takenFromSelection([b]))
      .waitFor();
    expect(await chosenNumbers(page)).toEqual([a, c]);
    await page.getByTestId('summary-total').getByText('$2,00').waitFor();
    await fillBuyer(page, `luis.${label}.${Date.now()}@correo.ec`);
    await saveScreenshot(page, `number-grid-taken-${label}`);

    // The maquinita fills the third from the free numbers: the package's price again.
    await page.getByRole('button', { name: new RegExp(PICK_TEXTS.machine) }).click();
    await waitFor(async () => (await chosenNumbers(page)).length === 3, {
      message: 'the maquinita filling the selection',
    });
    await page.getByTestId('summary-total').getByText('$2,50').waitFor();
    const chosen = await chosenNumbers(page);
    expect(chosen.slice(0, 2)).toEqual([a, c]);
    expect(chosen[2]).not.toBe(b);

    await page.getByRole('button', { name: 'PAGAR AHORA' }).click();
    await page.waitForURL('**/pedido?id=*');
    const held = page.getByTestId('held-numbers');
    await held.waitFor();
    for (const n of chosen) await held.getByText(n).waitFor();
    await saveScreenshot(page, `number-grid-order-held-${label}`);

    // Staff confirm the transfer: the chosen numbers are the order's.
    const purchaseId = new URL(page.url()).searchParams.get('id')!;
    await site.api('PATCH', `/purchases/${purchaseId}/confirm-transfer`, {
      referenceCode: `REF-${label}`,
      bankName: 'Pichincha',
    });
    await waitFor(
      async () => {
        await page.reload();
        return page.getByTestId('order-numbers').isVisible();
      },
      { message: 'the paid order showing its numbers' },
    );
    const mine = page.getByTestId('order-numbers');
    for (const n of chosen) await mine.getByText(n).waitFor();
    await saveScreenshot(page, `number-grid-order-paid-${label}`);
  });
});
