// The buyer's electronic invoice on the order page, on a phone (390 px) and a laptop
// (1366 px): once the SRI authorized the factura, its PDF (RIDE) and XML download with the
// order's key; before that, a line says it is on its way. The SRI is the fake one.
import { INVOICE_ORDER_TEXTS as T, type InvoicingSettingsInput } from '@vag/contracts';
import { advanceInvoice, draftFactura, type IssueDeps } from '@vag/core/invoices/issue';
import { resolveInvoiceKey } from '@vag/core/invoices/secret-box';
import { saveCertificate, saveInvoicingSettings } from '@vag/core/invoices/settings';
import { sriEndpoints } from '@vag/core/invoices/sri-client';
import { startFakeSri, type FakeSri } from '@vag/core/testing/fakes/sri';
import { insertPurchase } from '@vag/core/testing/raffle-fixtures';
import { makeTestP12 } from '@vag/core/testing/test-certificate';
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRaffle, saveScreenshot, startSite, type Site } from './support';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
const SETTINGS: InvoicingSettingsInput = {
  enabled: true,
  environment: 'pruebas',
  ruc: '1790011674001',
  razonSocial: 'RIFAS DE PRUEBA S.A.',
  nombreComercial: 'Voy a Ganar',
  dirMatriz: 'Av. 9 de Octubre 100, Guayaquil',
  dirEstablecimiento: 'Av. 9 de Octubre 100, Guayaquil',
  estab: '001',
  ptoEmi: '001',
  obligadoContabilidad: false,
  contribuyenteEspecial: '',
  regime: '',
  ivaRate: 15,
  consumidorFinalLimit: 50,
};

const CODE_LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

let site: Site;
let sri: FakeSri;
let issue: IssueDeps;

beforeAll(async () => {
  site = await startSite();
  sri = await startFakeSri();
  await openRaffle(site);
  const key = resolveInvoiceKey(site.srv.deps.env);
  await saveInvoicingSettings(site.srv.db, SETTINGS);
  await saveCertificate(
    site.srv.db,
    { fileName: 'firma.p12', p12: makeTestP12(), password: 'clave-de-prueba' },
    key,
  );
  issue = {
    db: site.srv.db,
    secretKey: () => key,
    endpoints: (environment) => sriEndpoints(environment, sri.env),
    owner: 'e2e',
  };
}, 120_000);
afterAll(async () => {
  await sri?.stop();
  await site?.stop();
});

/** A paid order with its key, and its factura moved once through the fake SRI. */
async function invoicedOrder(): Promise<string> {
  const id = await insertPurchase(site.srv.db, { quantity: 4 });
  const key = randomUUID();
  // A real order's code (VAG- and six letters), as the page shows it.
  const orderCode = `VAG-${Array.from({ length: 6 }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join('')}`;
  await site.srv.db
    .collection<{ _id: string }>('purchases')
    .updateOne({ _id: id }, { $set: { accessKey: key, orderCode } });
  const doc = await draftFactura(site.srv.db, id);
  await advanceInvoice(issue, doc!._id);
  return `/pedido?id=${id}&key=${key}`;
}

describe('the order page', () => {
  it.each([
    ['390', PHONE],
    ['1366', LAPTOP],
  ])('offers the authorized factura as PDF and XML at %s px', async (name, viewport) => {
    const page = await site.page(viewport);
    await page.goto(await invoicedOrder());
    const section = page.getByTestId('order-invoice');
    await section.getByRole('heading', { name: T.title }).waitFor();
    await section.getByText(/^Factura 001-001-\d{9}, autorizada por el SRI\.$/).waitFor();
    const pdf = section.getByRole('link', { name: T.downloadPdf });
    const xml = section.getByRole('link', { name: T.downloadXml });
    for (const [link, type] of [
      [pdf, 'application/pdf'],
      [xml, 'application/xml; charset=UTF-8'],
    ] as const) {
      const res = await fetch(`${site.url}${await link.getAttribute('href')}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
    }
    const box = await pdf.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(40);
    await section.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `order-invoice-${name}`);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
        .map((e) => `${e.tagName}.${e.className}`)
        .slice(0, 5),
    );
    expect(wide).toEqual([]);
  });

  it('says the factura is on its way while the SRI has not authorized it', async () => {
    sri.setDown(true);
    try {
      const page = await site.page(PHONE);
      await page.goto(await invoicedOrder());
      const section = page.getByTestId('order-invoice');
      await section.getByText(T.pending).waitFor();
      expect(await section.getByRole('link').count()).toBe(0);
    } finally {
      sri.setDown(false);
    }
  });
});
