// A bank-transfer order whose hold runs out, seen from the buyer's order page: the live
// countdown, the reminder (e-mail and SMS) the configured lead time before the end, then
// 'Vencido' with the message that the numbers were released, and the numbers free again
// for the next buyer. The hold is made short through the operator settings, as the api
// flow test does (0.005 h = 18 s, reminder 0.004 h = 14.4 s before the end).
import { SERVER, UI } from '@vag/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../../core/src/testing/fakes/index';
import { hydrated, saveScreenshot, startSite, waitFor, type Site } from './support';

const HOLD_HOURS = 0.005;
const LEAD_HOURS = 0.004;
const TOTAL_NUMBERS = 12;

let fakes: FakeProviders;
let site: Site;

beforeAll(async () => {
  fakes = await startFakeProviders();
  // The sweeper and the reminder pass look every second, so an 18 s hold ends on time.
  site = await startSite({ env: { ...fakes.env, SWEEP_INTERVAL_SECONDS: '1' } });
  // A small raffle: one order of ten holds nearly all of it.
  await site.api('PUT', '/lottery', {
    name: 'Sorteo Relámpago',
    prize: 'Moto 0 km',
    pricePerNumber: 1.5,
    imageUrl: '',
    endDate: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
    totalNumbers: TOTAL_NUMBERS,
  });
  await site.api('POST', '/raffle/generate-raffle-numbers');
  await site.api('PATCH', '/lottery/is-active', { isActive: true });
  await site.api('POST', '/packages', { name: 'Diez', quantity: 10, price: 12, isPopular: true });
  await site.api('PUT', '/settings/current', {
    transferHoldHours: HOLD_HOURS,
    reminderLeadHours: LEAD_HOURS,
  });
});
afterAll(async () => {
  await site?.stop();
  await fakes?.stop();
});

/** Home → the package of ten → checkout filled in with bank transfer, ready to submit. */
async function checkoutTen(page: Page, email: string, phone: string) {
  await page.goto('/');
  await page.getByRole('link', { name: UI.participate }).click();
  await hydrated(page, 'Packages');
  await page.getByRole('button', { name: 'Diez: 10 números por $12,00' }).click();
  await page.waitForURL('**/checkout');
  await page.getByLabel('Transferencia Bancaria').check();
  await page.getByLabel('Nombre', { exact: true }).fill('Luis');
  await page.getByLabel('Apellido').fill('Mora');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Confirmar email').fill(email);
  await page.getByLabel('Teléfono').fill(phone);
  await page.getByLabel('Provincia').selectOption('Pichincha');
  await page.getByLabel('Ciudad').fill('Quito');
  await page.getByLabel('Dirección').fill('Av. 10 de Agosto N30-12');
  await page.getByLabel(/Acepto los términos/).check();
}

const mailTo = (email: string, word: string) =>
  fakes.smtp.mails.find((m) => m.to.includes(email) && m.text.includes(word));
const smsWith = (code: string, word: string) =>
  fakes.twilio.messages.find((m) => m.body.includes(code) && m.body.includes(word));

describe('a transfer hold that runs out', () => {
  it('counts down on the order page, reminds the buyer before the end, then shows Vencido and the numbers can be bought again', async () => {
    // A second buyer has the same order filled in, ready to send while the first one holds.
    const other = await site.page();
    await checkoutTen(other, `otro.${Date.now()}@correo.ec`, '0998765432');

    const page = await site.page();
    const email = `luis.${Date.now()}@correo.ec`;
    await checkoutTen(page, email, '0987654321');
    await page.getByRole('button', { name: 'PAGAR AHORA' }).click();
    await page.waitForURL('**/pedido?id=*');
    // When the reminder is first seen, watched from the order's start on.
    const reminded = waitFor(() => mailTo(email, 'vence'), {
      timeoutMs: 30_000,
      intervalMs: 100,
      message: 'the reminder e-mail',
    }).then((mail) => ({ mail, at: Date.now() }));
    const { searchParams } = new URL(page.url());
    const view = (await (
      await fetch(`${site.url}/api/orders/${searchParams.get('id')}?key=${searchParams.get('key')}`)
    ).json()) as { orderCode: string; deadline: string };
    const orderCode = view.orderCode;
    const deadline = new Date(view.deadline).getTime();
    await page.getByRole('heading', { name: `Tu pedido ${orderCode}` }).waitFor();
    await page.getByTestId('order-status').getByText('Pendiente de pago').waitFor();

    // Meanwhile the ten numbers are held: the second buyer's order of ten is refused.
    await other.getByRole('button', { name: 'PAGAR AHORA' }).click();
    await other
      .getByTestId('order-failure')
      .getByText(SERVER.notEnoughNumbers(TOTAL_NUMBERS - 10))
      .waitFor();
    expect(new URL(other.url()).pathname).toBe('/checkout');

    // The countdown shows the short hold and ticks down.
    const countdown = page.getByTestId('countdown');
    const first = (await countdown.textContent())!;
    expect(first).toMatch(/^00:00:(0\d|1[0-8])$/);
    await waitFor(async () => ((await countdown.textContent()) ?? first) < first, {
      message: 'the countdown ticking down',
    });
    await saveScreenshot(page, 'transfer-expiry-countdown');

    // The reminder arrives about the lead time before the end (the passes run every second).
    const reminder = await reminded;
    expect(reminder.mail.text).toContain(orderCode);
    const leadMs = LEAD_HOURS * 3_600_000;
    expect(reminder.at).toBeLessThan(deadline);
    expect(reminder.at).toBeGreaterThan(deadline - leadMs - 1_000);
    expect(reminder.at).toBeLessThan(deadline - leadMs + 5_000);
    const reminderSms = await waitFor(() => smsWith(orderCode, 'vence'), {
      message: 'the reminder SMS',
    });
    expect(reminderSms.to).toBe('+593987654321');
    expect(mailTo(email, 'liberados')).toBeUndefined();

    // After the end the page (re-reading by itself) says Vencido and why, without a reload.
    await page.getByTestId('order-status').getByText('Vencido').waitFor({ timeout: 45_000 });
    await page.getByText(/los números fueron liberados/).waitFor();
    expect(await page.getByLabel(/Sube el comprobante/).count()).toBe(0);
    expect(Date.now()).toBeGreaterThanOrEqual(deadline);
    await saveScreenshot(page, 'transfer-expiry-vencido');

    // The expiry message says the numbers were released, by e-mail and SMS.
    const expiry = await waitFor(() => mailTo(email, 'liberados'), {
      message: 'the expiry e-mail',
    });
    expect(expiry.text).toContain(orderCode);
    await waitFor(() => smsWith(orderCode, 'liberados'), { message: 'the expiry SMS' });

    // The numbers are free again: the second buyer's same order now goes through.
    await other.getByRole('button', { name: 'PAGAR AHORA' }).click();
    await other.waitForURL('**/pedido?id=*');
    await other.getByTestId('order-status').getByText('Pendiente de pago').waitFor();
  });
});
