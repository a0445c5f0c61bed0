// The confirmation page (/payment-success): a PayPal payment confirmed against the api
// and its fake PayPal, the no-data state and the error state.
import { ERRORS, TOASTS, UI } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayPal, type FakePayPal } from '../../core/src/testing/fakes/paypal';
import { startFakeStripe, type FakeStripe } from '../../core/src/testing/fakes/stripe';
import { buildOrderPayload, EMPTY_BUYER } from '../src/features/checkout/checkout';
import {
  DESKTOP,
  hydrated,
  MOBILE,
  openMeasuringShifts,
  saveScreenshot,
  seedRaffle,
  startSite,
  waitFor,
  type SeededPackage,
  type Site,
} from './support';

let site: Site;
let paypal: FakePayPal;
let stripe: FakeStripe;
let packages: SeededPackage[];

beforeAll(async () => {
  paypal = await startFakePayPal();
  stripe = await startFakeStripe();
  site = await startSite({
    env: {
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_BASE_URL: paypal.url,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_API_URL: stripe.url,
    },
  });
  ({ packages } = await seedRaffle(site));
});
afterAll(async () => {
  await site?.stop();
  await paypal?.stop();
  await stripe?.stop();
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
    await card.getByText('$1,50').waitFor();
    await card.getByText('$7,50').waitFor();
    await card.getByText('Luis Mora').waitFor();
    await card.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/).waitFor();
    await card.getByText('luis.mora@correo.ec', { exact: true }).first().waitFor();
    await card.getByText(/revisa tu carpeta de spam o promociones/).waitFor();
    // No address was given: the card says so rather than showing the fixed country alone.
    expect(await card.locator('dt:text-is("Dirección") + dd').textContent()).toBe('—');
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

    // Coming back later with only the purchase id rescues the confirmation, without the
    // buyer's personal data (the id alone is no proof of being the buyer).
    const orderCode = await card.locator('dt:text-is("Número de orden") + dd').textContent();
    // The order is named by its code, as in the e-mail and on the ticket, not by its id.
    expect(orderCode).toMatch(/^VAG-[2-9A-HJ-NP-Z]{6}$/);
    const paid = await site.srv.db.collection('purchases').findOne({ orderCode });
    const purchaseId = String(paid!._id);
    const later = await site.page(MOBILE);
    await later.goto(`/payment-success?id=${purchaseId}`);
    await later.getByText(TOASTS.confirmationRescued).waitFor();
    const rescued = later.getByTestId('confirmation-success');
    await rescued.getByText('Completado').waitFor();
    expect(await rescued.textContent()).not.toContain('Av.');
    expect(await rescued.getByText('Datos del comprador').count()).toBe(0);
  });

  it('confirms a card payment when Stripe sends the buyer back with ?session_id=', async () => {
    // Checkout refuses card (SPEC §9), but a card session made through the api's
    // create-order must still confirm on return from Stripe's page.
    const basic = packages.find((p) => p.name === 'Básico')!;
    const order = buildOrderPayload(
      { ...basic, id: basic._id, resellerCode: null },
      {
        ...EMPTY_BUYER,
        firstName: 'Sofía',
        lastName: 'Cruz',
        email: 'sofia.cruz@correo.ec',
        confirmEmail: 'sofia.cruz@correo.ec',
        phone: '0991231234',
        province: 'Loja',
        city: 'Loja',
        address: 'Av. Universitaria 10',
        acceptedTerms: true,
      },
      'card',
    );
    const res = await fetch(`${site.url}/api/payments/create-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(order),
    });
    expect(res.ok).toBe(true);
    const { purchaseId, orderUrl } = (await res.json()) as {
      purchaseId: string;
      orderUrl: string;
    };
    const session = [...stripe.sessions.values()].find(
      (s) => s.client_reference_id === purchaseId || s.metadata.purchaseId === purchaseId,
    )!;
    stripe.pay(session.id);

    // The checkout keeps the order link's key in the tab before leaving for Stripe.
    const page = await site.page(MOBILE);
    const key = new URL(orderUrl, site.url).searchParams.get('key')!;
    await page.addInitScript(
      (kept) => sessionStorage.setItem('vag:order-key', JSON.stringify(kept)),
      { purchaseId, key },
    );
    await page.goto(`/payment-success?session_id=${session.id}`);
    const card = page.getByTestId('confirmation-success');
    await card.getByText(UI.paymentReceived).waitFor();
    await page.getByText(TOASTS.paymentCompleted('tarjeta')).waitFor();
    await card.getByText('Tarjeta', { exact: true }).waitFor();
    await card.getByText(session.id, { exact: true }).waitFor();
    await card.getByText('Av. Universitaria 10, Loja, Loja, ECUADOR', { exact: true }).waitFor();

    // The same link opened by anyone else (another browser, a shared screenshot): the
    // payment's status and amounts, no buyer data.
    const stranger = await site.page(MOBILE);
    await stranger.goto(`/payment-success?session_id=${session.id}`);
    const theirs = stranger.getByTestId('confirmation-success');
    await theirs.getByText(UI.completedLabel, { exact: true }).waitFor();
    await theirs.getByText(session.id, { exact: true }).waitFor();
    expect(await theirs.textContent()).not.toContain('sofia.cruz@correo.ec');
    expect(await theirs.textContent()).not.toContain('Av. Universitaria');
    await saveScreenshot(stranger, 'confirmation-card-without-key-mobile');
  });

  it("shows 'No se encontraron datos de la compra' without any transaction parameter", async () => {
    const page = await site.page();
    await page.goto('/payment-success');
    await page.getByRole('heading', { name: UI.noPurchaseData }).waitFor();
    await page.getByText(ERRORS.noTransactionId).waitFor();
    expect(await page.getByRole('link', { name: 'Volver al inicio' }).count()).toBeGreaterThan(0);
  });

  it('shows the error card and toast when the payment cannot be confirmed, without moving what was on screen', async () => {
    const page = await site.page(MOBILE);
    const shifts = await openMeasuringShifts(page, '/payment-success?token=ORDEN-QUE-NO-EXISTE');
    await page.getByRole('heading', { name: ERRORS.confirmationTitle }).waitFor();
    await page.getByText(ERRORS.paymentProcessing).waitFor();
    await page.getByText(ERRORS.paymentConfirmToast).waitFor();
    // The answer replaces the loading card after load: the page must not jump (CLS ≤ 0.02).
    expect(await shifts()).toBeLessThanOrEqual(0.02);
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
