// PayPhone (method 'mobile'): checkout → /payphone-box.html with the SPEC §7 parameters;
// PayPhone's script cannot load here, so the page explains it and offers a way back;
// PayPhone's redirect to /payment-success?id=&clientTransactionId= confirms the purchase.
import { TOASTS, UI } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayPhone, type FakePayPhone } from '../../core/src/testing/fakes/payphone';
import { hydrated, MOBILE, saveScreenshot, seedRaffle, startSite, type Site } from './support';

let site: Site;
let payphone: FakePayPhone;

beforeAll(async () => {
  payphone = await startFakePayPhone();
  site = await startSite({
    env: {
      PAYPHONE_TOKEN: payphone.token,
      PAYPHONE_STORE_ID: payphone.storeId,
      PAYPHONE_BASE_URL: payphone.url,
    },
  });
  await seedRaffle(site, { pricePerNumber: 2 });
});
afterAll(async () => {
  await site?.stop();
  await payphone?.stop();
});

describe('paying with PayPhone', () => {
  it('opens the PayPhone box with the order parameters, explains when its script cannot load, and confirms on return', async () => {
    const page = await site.page(MOBILE);
    // No internet here: make the failure of PayPhone's CDN immediate and certain.
    await page.route('https://cdn.payphonetodoesposible.com/**', (route) =>
      route.abort('internetdisconnected'),
    );

    await page.goto('/#sectionPackages');
    await hydrated(page, 'Packages');
    await page.getByLabel(/Cantidad personalizada/).fill('4');
    await page.getByRole('button', { name: 'Comprar 4 números' }).click();
    await page.waitForURL('**/checkout');
    await page.getByLabel('PayPhone').check();
    await page.getByLabel('Nombre', { exact: true }).fill('Carla');
    await page.getByLabel('Apellido').fill('Ruiz');
    await page.getByLabel('Email', { exact: true }).fill(' Carla.Ruiz@Correo.ec ');
    await page.getByLabel('Confirmar email').fill('carla.ruiz@correo.ec');
    await page.getByLabel('Teléfono').fill('0998887777');
    await page.getByLabel('Provincia').selectOption('Azuay');
    await page.getByLabel('Ciudad').fill('Cuenca');
    await page.getByLabel('Dirección').fill('Calle Larga 5-10');
    await page.getByLabel(/Acepto los términos/).check();
    await page.getByRole('button', { name: 'PAGAR AHORA' }).click();

    await page.waitForURL('**/payphone-box.html?*');
    const params = new URL(page.url()).searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      token: payphone.token,
      storeId: payphone.storeId,
      amount: '800',
      amountWithTax: '640',
      amountWithoutTax: '0',
      tax: '160',
      phone: '+593998887777',
      email: 'carla.ruiz@correo.ec',
      documentId: '9999999999',
    });
    const clientTransactionId = params.get('transaction')!;
    expect(clientTransactionId).toMatch(/^trx-/);
    expect(params.get('payUrl')).toBeTruthy();
    expect(params.get('id')).toBeTruthy();

    await page.getByText('Total a pagar: $8,00').waitFor();
    await page.getByText(/No se pudo cargar la cajita de pagos de PayPhone/).waitFor();
    await page.getByRole('link', { name: 'Volver al checkout' }).waitFor();
    await saveScreenshot(page, 'payphone-box-unavailable-mobile');

    // The buyer pays in PayPhone, which sends them back to the confirmation page.
    const paid = payphone.pay(clientTransactionId);
    await page.goto(
      `/payment-success?id=${paid.id}&clientTransactionId=${encodeURIComponent(clientTransactionId)}`,
    );
    const card = page.getByTestId('confirmation-success');
    await card.getByText(UI.paymentReceived).waitFor();
    await page.getByText(TOASTS.paymentCompleted('PayPhone')).waitFor();
    await card.getByText('PayPhone', { exact: true }).waitFor();
    await card.getByText('4 números').waitFor();
    await card.getByText('$8,00').waitFor();
    await card.getByText('Calle Larga 5-10, Cuenca, Azuay, ECUADOR', { exact: true }).waitFor();

    // Coming back to the same PayPhone link: already processed, the purchase is fetched.
    const again = await site.page(MOBILE);
    await again.goto(page.url());
    await again.getByText(TOASTS.paymentConfirmedTitle).waitFor();
    await again.getByText(TOASTS.paymentAlreadyProcessed).waitFor();
    await again.getByTestId('confirmation-success').getByText('4 números').waitFor();
  });

  it("runs PayPhone's CDN script and stylesheet under the page's Content-Security-Policy, which the rest of the site does not allow", async () => {
    const page = await site.page(MOBILE);
    // PayPhone's CDN stood in for by a script that renders a button and calls PayPhone's api.
    await page.route('https://cdn.payphonetodoesposible.com/**', (route) =>
      route.request().url().endsWith('.css')
        ? route.fulfill({ contentType: 'text/css', body: '#pp-button button { color: #123; }' })
        : route.fulfill({
            contentType: 'application/javascript',
            body: `window.PPaymentButtonBox = class {
              constructor(config) { this.config = config; }
              render(id) {
                const button = document.createElement('button');
                button.textContent = 'Pagar con PayPhone';
                document.getElementById(id).append(button);
                fetch('https://pay.payphonetodoesposible.com/api/ping').then(() => {
                  button.dataset.api = 'ok';
                });
              }
            };`,
          }),
    );
    await page.route('https://pay.payphonetodoesposible.com/**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: '{}',
      }),
    );
    const params = new URLSearchParams({
      transaction: 'trx-csp',
      token: payphone.token,
      storeId: payphone.storeId,
      amount: '200',
      amountWithTax: '160',
      amountWithoutTax: '0',
      tax: '40',
    });
    const response = await page.goto(`/payphone-box.html?${params}`);
    expect(response?.headers()['content-security-policy']).toContain(
      'https://*.payphonetodoesposible.com',
    );
    await page.locator('#pp-button button[data-api="ok"]').waitFor();

    const home = await fetch(`${site.url}/`);
    const homePolicy = home.headers.get('content-security-policy') ?? '';
    expect(homePolicy).toContain("frame-ancestors 'none'");
    expect(homePolicy).not.toContain('payphonetodoesposible');
  });

  it('says what is missing instead of showing a blank box without parameters', async () => {
    const page = await site.page(MOBILE);
    await page.goto('/payphone-box.html');
    await page
      .getByText('Faltan los datos del pago. Vuelve al checkout e inténtalo de nuevo.')
      .waitFor();
    await page.getByRole('link', { name: 'Volver al inicio' }).first().waitFor();
  });
});
