// Electronic invoices in the back office, at 1366 and on a 390 px phone: Ajustes refuses to
// switch on without a certificate and a wrong .p12 password in Spanish, shows the uploaded
// certificate's expiry with its 30-day warning and what the operator must do themselves;
// Facturas shows the SRI's messages of a returned factura, takes a corrected cédula, re-issues
// it and exports the month; a purchase's Detalles shows its invoice. The SRI is the fake one.
import { INVOICE_TEXTS, UI, type InvoicingSettingsInput } from '@vag/contracts';
import { advanceInvoice, draftFactura, type IssueDeps } from '@vag/core/invoices/issue';
import { resolveInvoiceKey } from '@vag/core/invoices/secret-box';
import { sriEndpoints } from '@vag/core/invoices/sri-client';
import { startFakeSri, SRI_MESSAGES, type FakeSri } from '@vag/core/testing/fakes/sri';
import { TEST_INVOICING } from '@vag/core/testing/invoice-fixtures';
import { insertPurchase } from '@vag/core/testing/raffle-fixtures';
import { makeTestP12 } from '@vag/core/testing/test-certificate';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screenshotDir } from '../../infra/testing/browser';
import { invoicingMessages as M } from '../src/i18n/es-invoicing';
import {
  DESKTOP,
  MOBILE,
  englishOnScreen,
  shoot,
  staffPage,
  useAdminSite,
  waitFor,
} from './support';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const site = useAdminSite();
let sri: FakeSri;
let issue: IssueDeps;
const DAY = 86_400_000;

/** The shared test settings with a RUC whose check digit is right, as the form demands. */
const SETTINGS: InvoicingSettingsInput = { ...TEST_INVOICING, ruc: '1790011674001' };

beforeAll(async () => {
  sri = await startFakeSri();
  issue = {
    db: site.srv.db,
    secretKey: () => resolveInvoiceKey(site.srv.deps.env),
    endpoints: (environment) => sriEndpoints(environment, sri.env),
    owner: 'e2e',
  };
});
afterAll(async () => {
  await sri?.stop();
});

/** A .p12 on disk for the file chooser, valid for `days` more days. */
function p12File(days: number): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'vag-p12-')), 'firma.p12');
  writeFileSync(file, makeTestP12({ notAfter: new Date(Date.now() + days * DAY) }));
  return file;
}

/** A paid purchase's factura moved once through the fake SRI (as the worker would). */
async function factura(email: string) {
  const purchaseId = await insertPurchase(site.srv.db, { quantity: 4, email });
  const doc = await draftFactura(site.srv.db, purchaseId);
  await advanceInvoice(issue, doc!._id);
  return { purchaseId, invoiceId: doc!._id };
}

describe('Ajustes: Facturación electrónica', () => {
  it('switches on only with a certificate, refuses a wrong password and warns 30 days before it expires', async () => {
    const page = await staffPage(site, site.admin, DESKTOP);
    await page.goto('/admin/settings?seccion=facturacion');
    const card = page.getByTestId('invoicing');
    await card.getByRole('heading', { name: M.card.title }).waitFor();
    await card
      .getByTestId('invoicing-operator-duties')
      .getByText(/entidad de certificación/)
      .waitFor();

    for (const [key, value] of Object.entries({
      ruc: SETTINGS.ruc,
      razonSocial: SETTINGS.razonSocial,
      dirMatriz: SETTINGS.dirMatriz,
      dirEstablecimiento: SETTINGS.dirEstablecimiento,
    }))
      await card.getByLabel(M.card.labels[key as 'ruc'], { exact: true }).fill(value);
    await card.getByLabel(M.card.labels.enabled).check();
    await card.getByRole('button', { name: M.card.save }).click();
    await card.getByText(INVOICE_TEXTS.certificate.missing).first().waitFor();

    await card.getByTestId('invoicing-certificate-file').setInputFiles(p12File(20));
    await card.getByLabel(M.card.certificatePassword).fill('no-es-la-clave');
    await card.getByRole('button', { name: M.card.upload }).click();
    await card.getByText(INVOICE_TEXTS.certificate.wrongPassword).waitFor();

    await card.getByTestId('invoicing-certificate-file').setInputFiles(p12File(20));
    await card.getByLabel(M.card.certificatePassword).fill('clave-de-prueba');
    await card.getByRole('button', { name: M.card.upload }).click();
    const facts = card.getByTestId('invoicing-certificate');
    await facts.getByText(/^Vigente hasta el /).waitFor();
    await facts
      .getByRole('alert')
      .getByText(/^El certificado vence en 20 días/)
      .waitFor();

    await card.getByRole('button', { name: M.card.save }).click();
    await page.getByText('Datos de facturación electrónica guardados.').first().waitFor();
    await waitFor(async () =>
      (await site.api<{ enabled: boolean }>('GET', '/admin/invoicing')).enabled ? true : null,
    );
    await card.scrollIntoViewIfNeeded();
    await shoot(page, 'invoicing-card-1366');
    await card.screenshot({ path: path.join(screenshotDir, 'admin-invoicing-card-only-1366.png') });
    expect(await englishOnScreen(page)).toEqual([]);
  });

  it('reads on a phone', async () => {
    const page = await staffPage(site, site.admin, MOBILE);
    await page.goto('/admin/settings?seccion=facturacion');
    const card = page.getByTestId('invoicing');
    await card.getByTestId('invoicing-certificate').waitFor();
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      MOBILE.width,
    );
    await shoot(page, 'invoicing-card-390');
    await card.screenshot({ path: path.join(screenshotDir, 'admin-invoicing-card-only-390.png') });
  });
});

describe('Facturas', () => {
  it("shows a returned factura's SRI messages, takes a corrected cédula, re-issues it and exports the month", async () => {
    await site.api('PUT', '/admin/invoicing', SETTINGS);
    await factura(`autorizada.${Date.now()}@correo.ec`);
    sri.returnNext([SRI_MESSAGES.identificacion]);
    const returned = await factura(`devuelta.${Date.now()}@correo.ec`);

    const page = await staffPage(site, site.admin, DESKTOP);
    await page.goto('/admin/invoices');
    await page.getByText(M.list.intro).waitFor();
    const row = page.getByRole('row', { name: /IDENTIFICACION DEL COMPRADOR INVALIDA/ });
    await row.getByText(M.list.statuses.devuelta).waitFor();
    await page.getByRole('row').getByText(M.list.statuses.autorizada).first().waitFor();
    await shoot(page, 'invoices-list-1366');

    await row.getByRole('button', { name: M.list.correct }).click();
    const dialog = page.getByRole('dialog');
    const email = dialog.getByRole('textbox', { name: M.list.email });
    const written = await email.inputValue();
    await email.fill('');
    await dialog.getByRole('button', { name: M.list.save }).click();
    await dialog.getByText(INVOICE_TEXTS.buyer.missingEmail).first().waitFor();
    await shoot(page, 'invoice-buyer-correction-1366');
    await email.fill(written);
    await dialog.getByRole('textbox', { name: M.list.id }).fill('1710034066');
    await dialog.getByRole('button', { name: M.list.save }).click();
    await dialog.getByText(INVOICE_TEXTS.buyer.badCedula).first().waitFor();
    await dialog.getByRole('textbox', { name: M.list.id }).fill('0926687856');
    await dialog.getByRole('button', { name: M.list.save }).click();
    await page
      .getByText(/^Datos del comprador corregidos/)
      .first()
      .waitFor();
    await row.getByRole('button', { name: M.list.reissue }).click();
    await page
      .getByText(/^Comprobante enviado otra vez al SRI/)
      .first()
      .waitFor();
    await advanceInvoice(issue, returned.invoiceId);
    await page.reload();
    await page.getByText(M.list.intro).waitFor();
    expect(await page.getByRole('row', { name: /IDENTIFICACION DEL COMPRADOR/ }).count()).toBe(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: M.list.exportMonth }).click();
    expect((await download).suggestedFilename()).toMatch(/^comprobantes-\d{4}-\d{2}\.zip$/);
    expect(await englishOnScreen(page)).toEqual([]);
  });

  it('reads on a phone, and a purchase shows its invoice in its Detalles', async () => {
    const email = `detalles.${Date.now()}@correo.ec`;
    await factura(email);
    const page = await staffPage(site, site.admin, MOBILE);
    await page.goto('/admin/invoices');
    await page.getByText(M.list.intro).waitFor();
    // A card per document on a phone: state and actions without scrolling sideways.
    await page.getByTestId('invoice-card').first().getByTestId('invoice-status').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      MOBILE.width,
    );
    await shoot(page, 'invoices-list-390');

    await page.goto('/admin/purchases');
    const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await row.getByRole('button', { name: UI.details }).click();
    const invoice = page.getByRole('dialog').getByTestId('purchase-invoice');
    await invoice.getByText(M.list.statuses.autorizada).waitFor();
    await invoice.getByText(/^Factura 001-001-\d{9}$/).waitFor();
    await invoice.scrollIntoViewIfNeeded();
    await shoot(page, 'purchase-invoice-390');
    await invoice.screenshot({
      path: path.join(screenshotDir, 'admin-purchase-invoice-only-390.png'),
    });
  });
});
