// The checkout and the order page render in the browser: while they load, nothing on
// screen may move (CLS ≤ 0.02, the figure Lighthouse scores), at a phone's width and a
// laptop's. The checkout is opened as a package card's form opens it before the home
// hydrated (`?paquete=`, nothing stored) and as a tap on a hydrated card opens it (the
// package stored, plain `/checkout`, as Lighthouse measures it); the order page as the
// buyer's link opens it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openMeasuringShifts,
  saveScreenshot,
  seedRaffle,
  startSite,
  transferOrder,
  type SeededPackage,
  type Site,
} from './support';

const PHONE = { width: 390, height: 844 } as const;
const WIDE = { width: 1366, height: 900 } as const;

let site: Site;
let packages: SeededPackage[];

beforeAll(async () => {
  site = await startSite();
  ({ packages } = await seedRaffle(site));
});
afterAll(async () => site?.stop());

describe.each([
  ['390', PHONE],
  ['1366', WIDE],
] as const)('loading at %s px', (label, viewport) => {
  it('the checkout opened from a package card moves nothing (CLS ≤ 0.02)', async () => {
    const pkg = packages.find((p) => p.isPopular)!;
    const page = await site.page(viewport);
    const shifts = await openMeasuringShifts(page, `/checkout?paquete=${pkg._id}`);
    await page.getByTestId('checkout-raffle').getByText('Gran Sorteo Navideño').waitFor();
    await page.getByTestId('summary-total').getByText('$12,00').waitFor();
    await page.getByLabel('Transferencia Bancaria').waitFor();
    await page.getByRole('heading', { name: 'Datos del comprador' }).waitFor();
    await page.getByTestId('bank-details').waitFor();
    expect(await shifts()).toBeLessThanOrEqual(0.02);
    await saveScreenshot(page, `checkout-loaded-${label}`);
  });

  it('the checkout with the package already chosen moves nothing (CLS ≤ 0.02)', async () => {
    const pkg = packages.find((p) => p.isPopular)!;
    const page = await site.page(viewport);
    const chosen = {
      id: pkg._id,
      name: pkg.name,
      quantity: pkg.quantity,
      price: pkg.price,
      isPopular: pkg.isPopular,
    };
    await page.addInitScript((stored) => {
      sessionStorage.setItem('vag:selectedPackage', stored);
    }, JSON.stringify(chosen));
    const shifts = await openMeasuringShifts(page, '/checkout');
    await page.getByTestId('summary-total').getByText('$12,00').waitFor();
    await page.getByRole('heading', { name: 'Datos del comprador' }).waitFor();
    expect(await shifts()).toBeLessThanOrEqual(0.02);
  });

  it('the order page moves nothing while the order arrives (CLS ≤ 0.02)', async () => {
    const orderUrl = await transferOrder(site, packages[0]!);
    const page = await site.page(viewport);
    const shifts = await openMeasuringShifts(page, orderUrl);
    await page.getByTestId('order-status').waitFor();
    await page.getByTestId('transfer-concept').waitFor();
    await page.getByTestId('countdown').waitFor();
    expect(await shifts()).toBeLessThanOrEqual(0.02);
    await saveScreenshot(page, `order-page-loaded-${label}`);
  });
});
