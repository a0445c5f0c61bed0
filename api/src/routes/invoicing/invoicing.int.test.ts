// Electronic invoices through the api as staff and buyers use them, against the fake SRI
// at its HTTP boundary: Ajustes keeps the operator's data and the certificate (refusing a
// wrong password, an expired or a non-.p12 file in Spanish, never answering the secret),
// Facturas lists the documents, a returned one is corrected and re-issued, the month is
// exported for the accountant, and the buyer downloads the authorized XML and its RIDE.
import {
  AUDIT_TEXTS,
  INVOICE_ORDER_TEXTS,
  INVOICE_STAFF_TEXTS,
  INVOICE_TEXTS,
  ORDER_MESSAGES,
} from '@vag/contracts';
import { invoices } from '@vag/core/db/invoices';
import { advanceInvoice, draftFactura, type IssueDeps } from '@vag/core/invoices/issue';
import { resolveInvoiceKey } from '@vag/core/invoices/secret-box';
import { sriEndpoints } from '@vag/core/invoices/sri-client';
import { startFakeSri, SRI_MESSAGES, type FakeSri } from '@vag/core/testing/fakes/sri';
import { TEST_INVOICING } from '@vag/core/testing/invoice-fixtures';
import { insertPurchase, raffleWithNumbers } from '@vag/core/testing/raffle-fixtures';
import { makeTestP12, withIterations } from '@vag/core/testing/test-certificate';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, bearer, createStaff, type ApiCaller } from '../../testing/seed';
import { startTestServer, type TestServer } from '../../testing/server';

/** TEST_INVOICING with a RUC whose check digit is right, as the settings form demands. */
const SETTINGS = { ...TEST_INVOICING, ruc: '1790011674001' };

let server: TestServer;
let sri: FakeSri;
let call: ApiCaller;
let admin: string;
let reseller: string;
let issue: IssueDeps;

beforeAll(async () => {
  sri = await startFakeSri();
  server = await startTestServer({ env: sri.env });
  call = apiCaller(server.url);
  admin = (await createStaff(server.db, { role: 'admin' })).token;
  reseller = (await createStaff(server.db, { role: 'reseller' })).token;
  await raffleWithNumbers(server.db, 10_000);
  issue = {
    db: server.db,
    secretKey: () => resolveInvoiceKey(server.deps.env),
    endpoints: (environment) => sriEndpoints(environment, sri.env),
    owner: 'test',
  };
});
afterAll(async () => {
  await server?.stop();
  await sri?.stop();
});

function uploadCertificate(p12: Buffer, password: string, fileName = 'firma.p12') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(p12)]), fileName);
  form.append('password', password);
  return fetch(`${server.url}/api/admin/invoicing/certificate`, {
    method: 'POST',
    headers: bearer(admin),
    body: form,
  });
}

async function auditEntries(action: string) {
  return server.db.collection('audit_log').find({ action }).toArray();
}

const CODE_LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A paid purchase with its order key, its factura drafted and moved once by the "worker". */
async function invoicedPurchase(quantity = 5) {
  const purchaseId = await insertPurchase(server.db, { quantity, paymentMethod: 'card' });
  const key = randomUUID();
  const orderCode = `VAG-${Array.from({ length: 6 }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join('')}`;
  await server.db
    .collection<{ _id: string }>('purchases')
    .updateOne({ _id: purchaseId }, { $set: { accessKey: key, orderCode } });
  const doc = await draftFactura(server.db, purchaseId);
  if (!doc) throw new Error('invoicing is off');
  await advanceInvoice(issue, doc._id);
  return { purchaseId, key, orderCode, invoiceId: doc._id };
}

describe('Ajustes → Facturación electrónica', () => {
  it('starts off, and refuses to switch on before a certificate is uploaded', async () => {
    const fresh = await call('GET', '/admin/invoicing', { token: admin });
    expect(fresh.status).toBe(200);
    expect(fresh.json).toMatchObject({ enabled: false, certificate: null });
    const on = await call('PUT', '/admin/invoicing', { token: admin, body: SETTINGS });
    expect(on.status).toBe(400);
    expect(on.json).toEqual({
      msg: INVOICE_TEXTS.certificate.missing,
      errors: { enabled: INVOICE_TEXTS.certificate.missing },
    });
  });

  it('refuses an invalid RUC and an IVA rate the SRI has no code for, in Spanish', async () => {
    const ruc = await call('PUT', '/admin/invoicing', {
      token: admin,
      body: { ...SETTINGS, enabled: false, ruc: '0992345678002' },
    });
    expect(ruc.status).toBe(400);
    expect(ruc.json.errors.ruc).toBe('El RUC no es válido.');
    const iva = await call('PUT', '/admin/invoicing', {
      token: admin,
      body: { ...SETTINGS, enabled: false, ivaRate: 7 },
    });
    expect(iva.status).toBe(400);
    expect(iva.json.errors.ivaRate).toBe(
      INVOICE_STAFF_TEXTS.ivaRateWithoutCode('0, 5, 8, 12, 13, 14, 15'),
    );
  });

  it('refuses a wrong password, an expired certificate and a file that is not a .p12', async () => {
    const wrong = await uploadCertificate(makeTestP12(), 'no-es-la-clave');
    expect(wrong.status).toBe(400);
    expect((await wrong.json()) as unknown).toEqual({
      msg: INVOICE_TEXTS.certificate.wrongPassword,
      errors: { password: INVOICE_TEXTS.certificate.wrongPassword },
    });
    const expired = await uploadCertificate(
      makeTestP12({
        notBefore: new Date('2023-01-10T12:00:00Z'),
        notAfter: new Date('2025-01-10T12:00:00Z'),
      }),
      'clave-de-prueba',
    );
    expect(expired.status).toBe(400);
    expect(((await expired.json()) as { errors: Record<string, string> }).errors.file).toBe(
      'El certificado venció el 10/01/2025: renueva tu firma electrónica.',
    );
    const notP12 = await uploadCertificate(Buffer.from('no soy un certificado'), 'x', 'foto.jpg');
    expect(notP12.status).toBe(400);
    expect(((await notP12.json()) as { msg: string }).msg).toBe(INVOICE_TEXTS.certificate.notP12);
    expect(await server.db.collection('invoice_certificates').countDocuments()).toBe(0);
  });

  it('refuses at once a .p12 that asks for 3 000 000 key derivations (in its MAC or its key), while /api/health answers', async () => {
    const p12 = makeTestP12();
    const refusal = INVOICE_TEXTS.certificate.tooManyIterations(3_000_000);
    for (const where of ['mac', 'key'] as const) {
      const started = Date.now();
      const [res, health] = await Promise.all([
        uploadCertificate(withIterations(p12, 3_000_000, where), 'clave-de-prueba'),
        fetch(`${server.url}/api/health`).then((r) => ({ status: r.status, at: Date.now() })),
      ]);
      expect(health.status).toBe(200);
      expect(health.at - started).toBeLessThan(1000);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ msg: refusal, errors: { file: refusal } });
    }
    expect(await server.db.collection('invoice_certificates').countDocuments()).toBe(0);
  });

  it('takes a .p12 above the api’s default 64 KB body (up to its own 100 KB)', async () => {
    const large = makeTestP12({ friendlyNameLength: 20_000 });
    expect(large.length).toBeGreaterThan(64 * 1024);
    const res = await uploadCertificate(large, 'clave-de-prueba');
    expect(res.status, await res.clone().text()).toBe(201);
    // The other tests start from no certificate.
    await server.db.collection('invoice_certificates').deleteMany({});
  });

  it('keeps a good certificate and answers only its public facts, never the file or its password', async () => {
    const res = await uploadCertificate(makeTestP12(), 'clave-de-prueba');
    expect(res.status).toBe(201);
    const info = (await res.json()) as { notAfter: string; msg: string };
    expect(info).toMatchObject({
      fileName: 'firma.p12',
      subject: expect.stringContaining('RIFAS DE PRUEBA'),
    });
    expect(info.msg).toMatch(/^Certificado guardado\. Vence el /);
    const settings = await call('GET', '/admin/invoicing', { token: admin });
    expect(settings.json.certificate).toMatchObject({ notAfter: info.notAfter });
    const answered = JSON.stringify(settings.json);
    expect(answered).not.toContain('clave-de-prueba');
    expect(answered).not.toMatch(/"(p12|password|data|tag|iv)"/);
    const [entry] = await auditEntries('invoicing.certificate_uploaded');
    expect(entry?.description).toContain('RIFAS DE PRUEBA S.A.');
    expect(entry?.description).not.toContain('clave-de-prueba');
  });

  it('switches on with the certificate, naming what changed in the audit log and the SRI in the privacy notice', async () => {
    const notice = async () => JSON.stringify((await call('GET', '/privacy-notice')).json);
    expect(await notice()).not.toContain('Servicio de Rentas Internas');
    const res = await call('PUT', '/admin/invoicing', { token: admin, body: SETTINGS });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      enabled: true,
      ruc: SETTINGS.ruc,
      msg: INVOICE_STAFF_TEXTS.settingsSaved,
    });
    const [entry] = await auditEntries('invoicing.updated');
    expect(entry?.description).toContain('Facturación electrónica activa');
    expect(entry?.description).toContain('RUC');
    expect(await notice()).toContain(
      'El Servicio de Rentas Internas (SRI): los datos de la factura electrónica de tu compra.',
    );
  });

  it('is for admins only', async () => {
    expect((await call('GET', '/admin/invoicing', { token: reseller })).status).toBe(403);
    expect((await call('GET', '/admin/invoices', { token: reseller })).status).toBe(403);
  });
});

describe('Facturas', () => {
  it('lists the documents as react-admin reads them, filtered by status and purchase', async () => {
    const { purchaseId, invoiceId } = await invoicedPurchase();
    const filter = encodeURIComponent(JSON.stringify({ purchaseId, status: 'autorizada' }));
    const list = await call('GET', `/admin/invoices?filter=${filter}&range=[0,9]`, {
      token: admin,
    });
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toBe('invoices 0-0/1');
    expect(list.json).toEqual([
      expect.objectContaining({ id: invoiceId, status: 'autorizada', kind: 'factura' }),
    ]);
    const bad = await call(
      'GET',
      `/admin/invoices?filter=${encodeURIComponent('{"status":"perdida"}')}`,
      {
        token: admin,
      },
    );
    expect(bad.status).toBe(400);
    const one = await call('GET', `/admin/invoices/${invoiceId}`, { token: admin });
    expect(one.json).toMatchObject({ id: invoiceId, purchaseId });
    expect((await call('GET', '/admin/invoices/no-existe-0001', { token: admin })).status).toBe(
      404,
    );
  });

  it("shows the SRI's messages of a returned document, takes a corrected cédula and re-issues it", async () => {
    sri.returnNext([SRI_MESSAGES.identificacion]);
    const { invoiceId, orderCode } = await invoicedPurchase();
    const returned = await call('GET', `/admin/invoices/${invoiceId}`, { token: admin });
    expect(returned.json).toMatchObject({
      status: 'devuelta',
      messages: [expect.objectContaining({ mensaje: 'IDENTIFICACION DEL COMPRADOR INVALIDA' })],
    });

    const buyer = { idType: '05', id: '1710034066', name: 'Ana Pérez', email: 'ana@example.com' };
    for (const [email, error] of [
      [undefined, INVOICE_TEXTS.buyer.missingEmail],
      ['', INVOICE_TEXTS.buyer.missingEmail],
      ['ana@', INVOICE_TEXTS.buyer.badEmail],
    ] as const) {
      const refused = await call('PUT', `/admin/invoices/${invoiceId}/buyer`, {
        token: admin,
        body: { ...buyer, id: '0926687856', email },
      });
      expect(refused.status).toBe(400);
      expect(refused.json.errors).toEqual({ email: error });
    }
    const bad = await call('PUT', `/admin/invoices/${invoiceId}/buyer`, {
      token: admin,
      body: buyer,
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({
      msg: INVOICE_TEXTS.buyer.badCedula,
      errors: { id: INVOICE_TEXTS.buyer.badCedula },
    });

    const good = await call('PUT', `/admin/invoices/${invoiceId}/buyer`, {
      token: admin,
      body: { ...buyer, id: '0926687856' },
    });
    expect(good.status).toBe(200);
    expect(good.json).toMatchObject({
      status: 'devuelta',
      buyer: { idType: '05', id: '0926687856', name: 'ANA PÉREZ' },
      msg: INVOICE_STAFF_TEXTS.buyerCorrected,
    });

    const reissued = await call('POST', `/admin/invoices/${invoiceId}/reissue`, { token: admin });
    expect(reissued.status).toBe(200);
    expect(reissued.json).toMatchObject({ status: 'pendiente', messages: [] });
    await advanceInvoice(issue, invoiceId);
    const after = await call('GET', `/admin/invoices/${invoiceId}`, { token: admin });
    expect(after.json.status).toBe('autorizada');
    expect(sri.documents.get(after.json.accessKey)?.xml).toContain(
      '<identificacionComprador>0926687856</identificacionComprador>',
    );
    const number = `001-001-${after.json.secuencial}`;
    const [corrected] = (await auditEntries('invoice.buyer_corrected')).filter((e) =>
      String(e.description).includes(number),
    );
    expect(corrected?.description).toBe(AUDIT_TEXTS.invoiceBuyerCorrected(number, orderCode));
    expect((await auditEntries('invoice.reissued')).map((e) => e.description)).toContain(
      AUDIT_TEXTS.invoiceReissued(number, orderCode),
    );

    // Authorized: nothing to correct or re-issue any more.
    const late = await call('POST', `/admin/invoices/${invoiceId}/reissue`, { token: admin });
    expect(late.status).toBe(409);
    expect(late.json.msg).toBe(INVOICE_STAFF_TEXTS.notReissuable);
  });

  it('refuses to re-issue to consumidor final above the limit, before anything reaches the SRI', async () => {
    const purchaseId = await insertPurchase(server.db, { quantity: 60 });
    await server.db
      .collection<{ _id: string }>('purchases')
      .updateOne({ _id: purchaseId }, { $set: { 'buyer.document': '' } });
    const drafted = await draftFactura(server.db, purchaseId);
    const doc = await invoices(server.db).findOne({ _id: drafted!._id });
    expect(doc).toMatchObject({
      status: 'devuelta',
      messages: [{ mensaje: INVOICE_TEXTS.buyer.consumidorFinalOverLimit('50.00') }],
    });
    const sent = sri.documents.size;
    const res = await call('POST', `/admin/invoices/${doc!._id}/reissue`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.json.msg).toBe(INVOICE_TEXTS.buyer.consumidorFinalOverLimit('50.00'));
    expect(sri.documents.size).toBe(sent);
  });

  it('exports the month: each authorized XML and an Excel summary for the accountant', async () => {
    const { invoiceId } = await invoicedPurchase(3);
    const doc = (await invoices(server.db).findOne({ _id: invoiceId }))!;
    const month = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Guayaquil',
      year: 'numeric',
      month: '2-digit',
    }).format(doc.issuedAt);
    const res = await fetch(`${server.url}/api/admin/invoices/export?month=${month}`, {
      headers: bearer(admin),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`comprobantes-${month}.zip`);
    const zip = await JSZip.loadAsync(await res.arrayBuffer());
    const xml = await zip.file(`factura-001-001-${doc.secuencial}.xml`)?.async('string');
    expect(xml).toContain('<estado>AUTORIZADO</estado>');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await zip.file(`resumen-${month}.xlsx`)!.async('arraybuffer')) as never);
    const rows = book
      .getWorksheet('Autorizados')!
      .getSheetValues()
      .map((r) => (r as unknown[])?.slice?.(1));
    expect(rows).toContainEqual(
      expect.arrayContaining([`001-001-${doc.secuencial}`, doc.accessKey, 3]),
    );
    const bad = await call('GET', '/admin/invoices/export?month=2026-13', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toBe('Indica el mes como AAAA-MM, por ejemplo 2026-11.');
  });
});

describe("the buyer's factura", () => {
  it('is downloaded from the order page with its key, as XML and as the RIDE, once authorized', async () => {
    const { purchaseId, key, invoiceId } = await invoicedPurchase();
    const doc = (await invoices(server.db).findOne({ _id: invoiceId }))!;
    const order = await call('GET', `/orders/${purchaseId}?key=${key}`);
    expect(order.json.invoice).toEqual({
      status: 'autorizada',
      number: `001-001-${doc.secuencial}`,
    });

    const xml = await fetch(`${server.url}/api/orders/${purchaseId}/invoice.xml?key=${key}`);
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-disposition')).toContain(
      `factura-001-001-${doc.secuencial}.xml`,
    );
    const text = await xml.text();
    expect(text.startsWith('<?xml')).toBe(true);
    expect(text).toContain(`<numeroAutorizacion>${doc.accessKey}</numeroAutorizacion>`);

    const pdf = await fetch(`${server.url}/api/orders/${purchaseId}/invoice.pdf?key=${key}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const forged = await call('GET', `/orders/${purchaseId}/invoice.xml?key=${randomUUID()}`);
    expect(forged.status).toBe(404);
    expect(forged.json.msg).toBe(ORDER_MESSAGES.orderNotFound);
  });

  it('answers 409 while the SRI has not authorized it', async () => {
    sri.setDown(true);
    try {
      const { purchaseId, key } = await invoicedPurchase();
      const order = await call('GET', `/orders/${purchaseId}?key=${key}`);
      expect(order.json.invoice.status).toBe('pendiente');
      const res = await call('GET', `/orders/${purchaseId}/invoice.pdf?key=${key}`);
      expect(res.status).toBe(409);
      expect(res.json.msg).toBe(INVOICE_ORDER_TEXTS.notAuthorized);
    } finally {
      sri.setDown(false);
    }
  });
});

describe('a certificate from an entity Ecuador does not accredit', () => {
  const NOT_ACCREDITED = INVOICE_TEXTS.certificate.notAccredited;
  const PRODUCTION_REFUSAL = INVOICE_TEXTS.certificate.notAccreditedForProduction;
  const upload = async (p12: Buffer) => {
    const res = await uploadCertificate(p12, 'clave-de-prueba');
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const accredited = () =>
    makeTestP12({
      issuerOrganization: 'Security Data Seguridad en Datos y Firma Digital S.A.',
      issuerCommonName: 'AUTORIDAD DE CERTIFICACION SUBCA-2',
    });

  it('is kept for pruebas with the warning, self-signed or named like an entity only in its common name', async () => {
    for (const p12 of [
      makeTestP12({ selfSigned: true }),
      makeTestP12({ issuerCommonName: 'BANCO CENTRAL DEL ECUADOR' }),
      makeTestP12({ issuerOrganization: 'BANCO CENTRAL DEL ECUADORX' }),
    ]) {
      const res = await upload(p12);
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ accredited: false });
      expect(res.json.msg).toContain(NOT_ACCREDITED);
      const settings = await call('GET', '/admin/invoicing', { token: admin });
      expect(settings.json.certificate).toMatchObject({ accredited: false });
    }
  });

  it("an accredited entity's certificate carries no warning", async () => {
    const res = await upload(accredited());
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ accredited: true });
    expect(res.json.msg).not.toContain(NOT_ACCREDITED);
  });

  it('producción refuses it: neither switching to producción with it nor uploading it there', async () => {
    try {
      expect((await upload(makeTestP12({ selfSigned: true }))).status).toBe(201);
      const toProduction = await call('PUT', '/admin/invoicing', {
        token: admin,
        body: { ...SETTINGS, environment: 'produccion' },
      });
      expect(toProduction.status).toBe(400);
      expect(toProduction.json).toMatchObject({
        msg: PRODUCTION_REFUSAL,
        errors: { environment: PRODUCTION_REFUSAL },
      });

      expect((await upload(accredited())).status).toBe(201);
      const production = await call('PUT', '/admin/invoicing', {
        token: admin,
        body: { ...SETTINGS, environment: 'produccion' },
      });
      expect(production.status).toBe(200);
      const refused = await upload(makeTestP12({ selfSigned: true }));
      expect(refused).toMatchObject({
        status: 400,
        json: { msg: PRODUCTION_REFUSAL, errors: { file: PRODUCTION_REFUSAL } },
      });
      // The accredited certificate still signs.
      const settings = await call('GET', '/admin/invoicing', { token: admin });
      expect(settings.json.certificate).toMatchObject({ accredited: true });
    } finally {
      await call('PUT', '/admin/invoicing', { token: admin, body: SETTINGS });
    }
  });
});
