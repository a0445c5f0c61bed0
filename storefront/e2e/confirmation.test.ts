// The confirmation page (/payment-success): a PayPal payment confirmed against the api
// and its fake PayPal, the no-data state and the error state.
import { ERRORS, TOASTS, UI } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayPal, type FakePayPal } from '../../api/src/testing/fakes/paypal';
import {
  DESKTOP,
  hydrated,
  MOBILE,
  saveScreenshot,
  seedRaffle,
  startSite,
  waitFor,
  type SeededPackage,
  type Site,
} from './support';

let site: Site;
let paypal: FakePayPal;
let packages: SeededPackage[];

beforeAll(async () => {
  paypal = await startFakePayPal();
  site = await startSite({
    env: {
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_BASE_URL: paypal.url,
    },
  });
  ({ packages } = await seedRaffle(site));
});
afterAll(async () => {
  await site?.stop();
  await paypal?.stop();
});

describe('/payment-success', () => {
  it('pays with PayPal: checkout → PayPal approval → the success card with the order and its numbers', async () => {
    const page = await site.page(MOBILE);
    const basic = packages.find((p) => p.name === 'Básico')!;
    await page.goto('/#sectionPackages');
    await hydrated(page, 'Packages');
    await page.getByRole('button', { name: new RegExp(`^${basic.name}:`) }).click();
    await page.waitForURL('**/checkout');

    await page.getByLabel('PayPal').check();
    // With PayPal the address is optional.
    await page.getByLabel('Nombre', { exact: true }).fill('Luis');
    await page.getByLabel('Apellido').fill('Mora');
    await page.getByLabel('Email', { exact: true }).fill('luis.mora@correo.ec');
    await page.getByLabel('Confirmar email').fill('luis.mora@correo.ec');
    await page.getByLabel('Teléfono').fill('0987654321');
    await page.getByLabel(/Acepto los términos/).check();

    // Play PayPal's page: the buyer approves and PayPal sends them back with ?token=.
    let orderId = '';
    await page.route(`${paypal.url}/**`, async (route) => {
      orderId = new URL(route.request().url()).searchParams.get('token') ?? '';
      paypal.approve(orderId);
      await route.fulfill({
        status: 302,
        headers: { location: `${site.url}/payment-success?token=${orderId}&PayerID=TESTPAYER` },
      });
    });
    await page.getByRole('button', { name: 'PAGAR AHORA' }).click();
    await page.waitForURL('**/payment-success?token=*');

    const card = page.getByTestId('confirmation-success');
    await card.getByText(UI.paymentReceived).waitFor();
    await page.getByText(TOASTS.paymentCompletedTitle).waitFor();
    await card.getByText(UI.completedLabel, { exact: true }).waitFor();
    await card.getByText(orderId, { exact: true }).waitFor();
    await card.getByText('PayPal', { exact: true }).waitFor();
    await card.getByText('5 números').waitFor();
    await card.getByText('$1.50').waitFor();
    await card.getByText('$7.50').waitFor();
    await card.getByText('Luis Mora').waitFor();
    await card.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/).waitFor();
    // The numbers worker assigns the five numbers shortly after the capture.
    await waitFor(
      async () =>
        (await card
          .getByRole('list', { name: 'Números asignados' })
          .getByRole('listitem')
          .count()) === 5,
      {
        message: 'five numbers on the success card',
      },
    );
    await saveScreenshot(page, 'confirmation-success-mobile');
    await page.setViewportSize(DESKTOP);
    await saveScreenshot(page, 'confirmation-success-desktop');

    // Coming back later with only the purchase id rescues the confirmation.
    const purchaseId = await card.locator('dt:text-is("Número de orden") + dd').textContent();
    const later = await site.page(MOBILE);
    await later.goto(`/payment-success?id=${purchaseId}`);
    await later.getByText(TOASTS.confirmationRescued).waitFor();
    await later.getByTestId('confirmation-success').getByText(orderId, { exact: true }).waitFor();
  });

  it("shows 'No se encontraron datos de la compra' without any transaction parameter", async () => {
    const page = await site.page();
    await page.goto('/payment-success');
    await page.getByRole('heading', { name: UI.noPurchaseData }).waitFor();
    await page.getByText(ERRORS.noTransactionId).waitFor();
    expect(await page.getByRole('link', { name: 'Volver al inicio' }).count()).toBeGreaterThan(0);
  });

  it('shows the error card and toast when the payment cannot be confirmed', async () => {
    const page = await site.page(MOBILE);
    await page.goto('/payment-success?token=ORDEN-QUE-NO-EXISTE');
    await page.getByRole('heading', { name: ERRORS.confirmationTitle }).waitFor();
    await page.getByText(ERRORS.paymentProcessing).waitFor();
    await page.getByText(ERRORS.paymentConfirmToast).waitFor();
    await saveScreenshot(page, 'confirmation-error-mobile');
  });

  it('shows the processing state while the api confirms', async () => {
    const page = await site.page();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/payments/capture-order', async (route) => {
      await held;
      await route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ msg: 'Compra no encontrada.' }),
      });
    });
    await page.goto('/payment-success?token=EN-PROCESO');
    await page.getByRole('heading', { name: UI.confirmingTitle }).waitFor();
    await page.getByText(UI.confirmingDescription).waitFor();
    release();
    await page.getByRole('heading', { name: ERRORS.confirmationTitle }).waitFor();
  });
});
