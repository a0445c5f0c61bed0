// An admin turns PayPal on and off in Ajustes and the storefront's checkout follows
// without a restart: not offered without credentials, offered and selectable once they
// are saved, gone again once they are removed. The secret never
// leaves the server in clear, neither in the staff answer nor in the public one.
import { SECRET_MASK, TOASTS, UI } from '@vag/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { shoot, staffPage, useAdminSite, waitFor } from './support';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const site = useAdminSite();

const CLIENT_ID = 'AcPayPalClientId0001';
const SECRET = 'EPayPalSecretNoDebeSalir9876';

/** The checkout as a visitor reaches it: home → a package → checkout (a fresh load each time). */
async function checkout(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: UI.participate }).click();
  await page
    .locator('astro-island[component-url*="/Packages."]:not([ssr])')
    .first()
    .waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Diez: 10 números por $12,00' }).click();
  await page.waitForURL('**/checkout');
}

/** PayPal's row in the method list (absent without credentials), once the transfer shows. */
async function paypalRow(page: Page, available: boolean) {
  await page.getByLabel('Transferencia Bancaria').waitFor();
  const radio = page.getByLabel('PayPal');
  await waitFor(async () => (await radio.count()) === (available ? 1 : 0), {
    message: `PayPal ${available ? 'offered' : 'not offered'} in checkout`,
  });
  return radio;
}

async function saveSettings(admin: Page, fill: Record<string, string>) {
  await admin.goto('/admin/settings?seccion=pagos');
  await admin.getByRole('button', { name: 'Mostrar claves' }).click();
  for (const [label, value] of Object.entries(fill)) await admin.getByLabel(label).fill(value);
  await admin.getByRole('button', { name: 'Guardar Pagos' }).click();
  await admin.getByText(TOASTS.settingsSaved).waitFor();
}

describe('payment methods from Ajustes', () => {
  it('PayPal entered in Ajustes becomes selectable in checkout and removed is no longer offered, with the secret always masked', async () => {
    await site.api('POST', '/packages', { name: 'Diez', quantity: 10, price: 12, isPopular: true });
    const shop = await site.page();

    // Nothing configured: PayPal is not offered.
    await checkout(shop);
    await paypalRow(shop, false);
    expect(await shop.getByText('No disponible').count()).toBe(0);

    // The admin enters the credentials in Ajustes.
    const admin = await staffPage(site);
    await saveSettings(admin, { 'PayPal: Client ID': CLIENT_ID, 'PayPal: secreto': SECRET });

    // The secret never comes back in clear: not on the screen, not in either answer.
    await admin.reload();
    await admin.getByRole('button', { name: 'Mostrar claves' }).click();
    const secretField = admin.getByLabel('PayPal: secreto');
    await waitFor(async () => (await secretField.inputValue()).startsWith(SECRET_MASK), {
      message: 'the masked secret in Ajustes',
    });
    expect(await secretField.inputValue()).not.toContain(SECRET.slice(0, -4));
    await shoot(admin, 'settings-paypal-masked');
    const staffAnswer = await site.api<{ payment: { paypalSecret: string } }>('GET', '/settings');
    expect(staffAnswer.payment.paypalSecret.startsWith(SECRET_MASK)).toBe(true);
    expect(JSON.stringify(staffAnswer)).not.toContain(SECRET);
    const publicAnswer = await (await fetch(`${site.url}/api/settings`)).text();
    expect(publicAnswer).not.toContain(SECRET);
    expect(JSON.parse(publicAnswer)).not.toHaveProperty('payment');
    expect(JSON.parse(publicAnswer).paymentMethods.paypal).toBe(true);

    // Checkout, loaded again, lets the visitor choose PayPal — no restart in between.
    await checkout(shop);
    const radio = await paypalRow(shop, true);
    await radio.check();
    expect(await radio.isChecked()).toBe(true);
    await shoot(shop, 'checkout-paypal-available');

    // The admin removes them: PayPal is no longer offered.
    await saveSettings(admin, { 'PayPal: Client ID': '', 'PayPal: secreto': '' });
    const cleared = await site.api<{ payment: { paypalSecret: string } }>('GET', '/settings');
    expect(cleared.payment.paypalSecret).toBe('');
    await checkout(shop);
    await paypalRow(shop, false);
    await shoot(shop, 'checkout-paypal-unavailable');
  });
});
