// Where the numbers go, chosen at checkout on a phone (390 px): WhatsApp is chosen unless
// the buyer picks SMS; the opt-in Meta requires is on screen while WhatsApp is chosen, and
// the order records that text and when it was accepted. SMS records no opt-in.
import { MESSAGE_CHANNEL_TEXTS as CH, UI } from '@vag/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPurchase } from '../../core/src/db/purchases';
import {
  holdRequests,
  hydrated,
  saveScreenshot,
  seedRaffle,
  startSite,
  type SeededPackage,
  type Site,
} from './support';

const PHONE = { width: 390, height: 844 } as const;

let site: Site;
let packages: SeededPackage[];

beforeAll(async () => {
  site = await startSite();
  ({ packages } = await seedRaffle(site));
});
afterAll(async () => {
  await site?.stop();
});

async function openCheckout(page: Page) {
  const popular = packages.find((p) => p.isPopular)!;
  await page.goto('/');
  await page.getByRole('link', { name: UI.participate }).click();
  await hydrated(page, 'Packages');
  await page
    .getByRole('button', { name: new RegExp(`^${popular.name}: ${popular.quantity} números`) })
    .click();
  await page.waitForURL('**/checkout');
  await hydrated(page, 'CheckoutPage');
}

/** Fills the transfer order and places it; answers the stored purchase. */
async function order(page: Page, email: string) {
  await page.getByLabel('Nombre', { exact: true }).fill('Ana');
  await page.getByLabel('Apellido').fill('Pérez');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Confirmar email').fill(email);
  await page.getByLabel('Teléfono').fill('0991234567');
  await page.getByLabel('Provincia').selectOption('Pichincha');
  await page.getByLabel('Ciudad').fill('Quito');
  await page.getByLabel('Dirección').fill('Av. Amazonas N24-03');
  await page.getByLabel('Transferencia Bancaria').check();
  await page.getByLabel(/Acepto los términos/).check();
  const held = await holdRequests(page, '**/api/payments/create-order');
  await page.getByRole('button', { name: 'PAGAR AHORA' }).click();
  held.release();
  await page.waitForURL('**/pedido?id=*');
  const { purchaseId } = held.answers[0] as { purchaseId: string };
  return getPurchase(site.srv.db, purchaseId);
}

describe('where the numbers go, 390 px', () => {
  it('WhatsApp is chosen by default with its opt-in on screen, and the order records the opt-in text and time', async () => {
    const page = await site.page(PHONE);
    await openCheckout(page);
    const group = page.getByRole('group', { name: CH.question });
    const whatsapp = group.getByLabel(CH.whatsapp);
    expect(await whatsapp.isChecked()).toBe(true);
    expect(await group.getByLabel(CH.sms).isChecked()).toBe(false);
    await expect.poll(() => page.getByText(CH.whatsappOptIn).isVisible()).toBe(true);
    await group.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'checkout-channel-390');

    const before = Date.now();
    const purchase = await order(page, `wa.${Date.now()}@correo.ec`);
    expect(purchase?.messaging?.channel).toBe('whatsapp');
    expect(purchase?.messaging?.optIn?.text).toBe(CH.whatsappOptIn);
    expect(purchase?.messaging?.optIn?.at.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // After the receipt (a file large enough to be one), the order page and its notice
    // promise the news where this buyer chose: WhatsApp.
    await page.getByLabel(/Sube el comprobante/).setInputFiles({
      name: 'comprobante.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(`%PDF-1.4\n%comprobante\n${'%'.repeat(8 * 1024)}\n`),
    });
    await page.getByTestId('order-status').getByText('Comprobante en revisión').waitFor();
    await page
      .getByText('Recibimos tu comprobante. Lo revisaremos y te avisaremos por correo y WhatsApp.')
      .waitFor();
    expect(await page.getByTestId('review-notice').textContent()).toBe(
      'Revisaremos tu comprobante y te avisaremos por correo y WhatsApp.',
    );
  });

  it('choosing SMS hides the WhatsApp opt-in and the order records SMS without one', async () => {
    const page = await site.page(PHONE);
    await openCheckout(page);
    const group = page.getByRole('group', { name: CH.question });
    await group.getByLabel(CH.sms).check();
    await expect.poll(() => page.getByText(CH.whatsappOptIn).count()).toBe(0);
    const purchase = await order(page, `sms.${Date.now()}@correo.ec`);
    expect(purchase?.messaging).toEqual({ channel: 'sms', optIn: null });
  });
});
