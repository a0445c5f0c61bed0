// Historial de Compras and Reportes with more than one page of purchases: search by number,
// e-mail and reseller, the method filter and its empty text, SPEC §9's pages, the
// notification status with 'Reenviar', and report filters typed in Spanish (dd/mm/aaaa).
import { SERVER, UI, formatDate, type Purchase } from '@vag/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  completedPurchase,
  createBankTransferOrder,
  englishOnScreen,
  staffPage,
  shoot,
  typeDate,
  useAdminSite,
  waitUntilReportedPaid,
} from './support';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const site = useAdminSite();
let sold: Purchase;
// No digits in the e-mails: the search also matches part of an e-mail, and a raffle number
// must find only the purchase that holds it.
const soldEmail = 'marta.sanchez@correo.ec';
const LETTERS = 'abcdefghijk';

beforeAll(async () => {
  const id = await completedPurchase(site, {
    email: soldEmail,
    quantity: 2,
    resellerCode: site.reseller.code,
    firstName: 'Marta',
  });
  for (const letter of LETTERS)
    await createBankTransferOrder(site, { email: `lote.${letter}@correo.ec`, quantity: 1 });
  sold = await site.api<Purchase>('GET', `/purchases/${id}`);
  await waitUntilReportedPaid(site, id);
});

describe('Historial de Compras', () => {
  it('pages ten at a time and finds a purchase by number, e-mail or reseller code', async () => {
    const page = await staffPage(site);
    await page.goto('/admin/purchases');
    await page.getByText('Mostrando 1-10 de 12 compras').waitFor();
    expect(await page.getByRole('row').count()).toBe(11); // header + 10
    await page.getByRole('button', { name: '2', exact: true }).click();
    await page.getByText('Mostrando 11-12 de 12 compras').waitFor();
    await page.getByRole('button', { name: 'Anterior' }).click();
    await page.getByText('Mostrando 1-10 de 12 compras').waitFor();

    const search = page.getByPlaceholder('Buscar por número, email o revendedor');
    const number = sold.assignedNumbers?.[0] ?? '';
    expect(number).not.toBe('');
    for (const text of [number, soldEmail, site.reseller.code ?? '']) {
      await search.fill(text);
      await page.getByText('Mostrando 1-1 de 1 compras').waitFor();
      await page.getByRole('row', { name: /Marta Pérez/ }).waitFor();
    }
    expect(await englishOnScreen(page)).toEqual([]);
  });

  it("filters by payment method and says 'No hay compras que coincidan con los filtros'", async () => {
    const page = await staffPage(site);
    await page.goto('/admin/purchases');
    await page.getByText('Mostrando 1-10 de 12 compras').waitFor();
    await page.getByRole('button', { name: /Método de pago: Todos/ }).click();
    await page.getByRole('menuitem', { name: 'PayPal' }).click();
    await page.getByText(UI.noFilteredPurchases).waitFor();
    await page.getByRole('button', { name: /Método de pago: PayPal/ }).click();
    await page.getByRole('menuitem', { name: 'Transferencia' }).click();
    await page.getByText('Mostrando 1-10 de 12 compras').waitFor();
    await page.getByRole('button', { name: /Método de pago: Transferencia/ }).click();
    await page.getByRole('menuitem', { name: 'Todos' }).click();
    await page.getByText('Mostrando 1-10 de 12 compras').waitFor();
  });

  it("shows whether the buyer's e-mail and SMS went out, and re-sends on 'Reenviar'", async () => {
    const page = await staffPage(site);
    await page.goto('/admin/purchases');
    await page.getByPlaceholder('Buscar por número, email o revendedor').fill(soldEmail);
    await page.getByText('Mostrando 1-1 de 1 compras').waitFor();
    await page.getByRole('button', { name: UI.details }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Notificaciones' }).waitFor();
    const email = dialog.getByTestId('notification-email');
    await email.getByText(/^(Enviado|Registrado \(sin proveedor\))$/).waitFor();
    await dialog
      .getByTestId('notification-sms')
      .getByText(/^(Enviado|Registrado \(sin proveedor\))$/)
      .waitFor();
    await email.getByText(/Intentos: \d+/).waitFor();
    await email.getByRole('button', { name: 'Reenviar' }).click();
    await page.getByText(SERVER.notificationResent).waitFor();
    expect(await englishOnScreen(page)).toEqual([]);
  });
});

describe('Reportes', () => {
  it('filters by method and by days typed as dd/mm/aaaa', async () => {
    const page = await staffPage(site);
    await page.goto('/admin/reports');
    const today = formatDate(new Date());
    await typeDate(page, 'Fecha de inicio', today);
    await typeDate(page, 'Fecha de fin', today);
    await page.getByRole('button', { name: 'Generar' }).click();
    await page.getByTestId('report-total-tickets').waitFor();
    await expect
      .poll(async () => Number(await page.getByTestId('report-total-tickets').textContent()))
      .toBeGreaterThanOrEqual(2);
    await page.getByRole('row', { name: /Marta Pérez/ }).waitFor();

    await page.getByLabel('Método de pago').click();
    await page.getByRole('option', { name: 'PayPal' }).click();
    await page.getByRole('button', { name: 'Generar' }).click();
    await page.getByText('No hay resultados para los filtros elegidos.').waitFor();
    expect(await page.getByTestId('report-total-tickets').textContent()).toBe('0');
    expect(await englishOnScreen(page)).toEqual([]);
  });
});

describe('transfer review', () => {
  it("lists a receipt under 'En revisión', shows it inline, rejects it with a reason and confirms it, the open dialog showing each step with who and when", async () => {
    const email = `revision.${Date.now()}@correo.ec`;
    const id = await createBankTransferOrder(site, { email, quantity: 1 });
    const doc = await site.srv.db.collection('purchases').findOne({ _id: id as never });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const up = await fetch(`${site.url}/api/orders/${id}/receipt?key=${String(doc!.accessKey)}`, {
      method: 'POST',
      body: new Uint8Array(png),
    });
    expect(up.status).toBe(201);

    const page = await staffPage(site);
    await page.goto('/admin/purchases');
    await page.getByRole('button', { name: /^En revisión \(1\)$/ }).click();
    const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await row.getByRole('button', { name: UI.details }).click();
    const review = page.getByRole('dialog').getByTestId('transfer-review');
    await review.getByText(String(doc!.orderCode)).waitFor();
    await review.getByRole('img', { name: /^Comprobante 1/ }).waitFor();
    await review.getByRole('button', { name: 'Rechazar comprobante' }).click();
    await review.getByText('Escribe el motivo del rechazo (al menos 5 caracteres).').waitFor();
    await review.getByLabel('Motivo del rechazo').fill('La imagen no se lee');
    await review.getByRole('button', { name: 'Rechazar comprobante' }).click();
    await page.getByText('Comprobante rechazado', { exact: true }).first().waitFor();
    // The open dialog shows the rejection with who and when right away, no reopening.
    const who = site.admin.email.replace(/\./g, '\\.');
    await review.getByText(new RegExp(`^Rechazada · ${who} · .+ · La imagen no se lee$`)).waitFor();
    const stored = await site.srv.db.collection('purchases').findOne({ _id: id as never });
    expect(stored!.reviewLog).toEqual([
      expect.objectContaining({ action: 'rejected', reason: 'La imagen no se lee' }),
    ]);

    // Staff then confirm it from the same dialog: the new state, the numbers and the
    // confirmation's who and when show up without closing it.
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: UI.confirmTransfer }).click();
    await dialog.getByLabel('Código de referencia').fill('REF-7788');
    await dialog.getByLabel('Banco').fill('Pichincha');
    await dialog.getByRole('button', { name: UI.confirmTransfer }).click();
    await review.getByText(new RegExp(`^Confirmada · ${who} · `)).waitFor();
    await review.getByText(/^Rechazada · /).waitFor();
    await dialog.getByText('COMPLETADO', { exact: true }).first().waitFor();
    await dialog.getByText('REF-7788').waitFor();
    await dialog.getByTestId('numbers-grid').getByText(/^\d+$/).waitFor();
    await dialog.getByText('Números asignados (1)').waitFor();
    expect(await dialog.getByRole('button', { name: UI.confirmTransfer }).count()).toBe(0);
    expect(await review.getByRole('button', { name: 'Rechazar comprobante' }).count()).toBe(0);
    await shoot(page, 'purchase-dialog-after-confirm');
    expect(await englishOnScreen(page)).toEqual([]);
  });
});
