// From a paid purchase to an authorized factura through the fake SRI at its HTTP
// boundary: buyer checks before sending, outages with retries, two workers on one
// document, returned documents re-issued by staff, notas de crédito after a refund.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../db/invoices';
import { startFakeSri, SRI_MESSAGES, type FakeSri } from '../testing/fakes/sri';
import { TEST_INVOICING } from '../testing/invoice-fixtures';
import { insertPurchase, raffleWithNumbers } from '../testing/raffle-fixtures';
import { validateAgainstSriXsd } from '../testing/sri-xsd';
import { makeTestP12 } from '../testing/test-certificate';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import { isAccessKeyValid } from './access-key';
import {
  advanceInvoice,
  draftFactura,
  draftNotaCredito,
  dueInvoices,
  reissueInvoice,
  type IssueDeps,
} from './issue';
import { NUMBERER_TURN_MS } from './numbering';
import { saveCertificate, saveInvoicingSettings } from './settings';
import { sriEndpoints } from './sri-client';

let t: TestDatabase;
let sri: FakeSri;
let deps: IssueDeps;
const secretKey = randomBytes(32);
beforeAll(async () => {
  t = await createTestDatabase();
  sri = await startFakeSri();
  await raffleWithNumbers(t.db, 10_000);
  await saveInvoicingSettings(t.db, TEST_INVOICING);
  await saveCertificate(
    t.db,
    { fileName: 'firma.p12', p12: makeTestP12(), password: 'clave-de-prueba' },
    secretKey,
  );
  deps = {
    db: t.db,
    secretKey: () => secretKey,
    endpoints: (env) => sriEndpoints(env, sri.env),
    owner: 'w1',
  };
});
afterAll(async () => {
  await sri?.stop();
  await t?.drop();
});

async function issue(purchaseId: string) {
  const doc = await draftFactura(t.db, purchaseId);
  if (!doc) throw new Error('no factura');
  return doc;
}

describe('issuing a factura', () => {
  it("authorizes the factura of a paid purchase, made out to the buyer's cédula", async () => {
    const purchaseId = await insertPurchase(t.db, { quantity: 5, paymentMethod: 'card' });
    const doc = await issue(purchaseId);
    expect(isAccessKeyValid(doc.accessKey)).toBe(true);
    const after = await advanceInvoice(deps, doc._id);
    expect(after).toMatchObject({
      status: 'autorizada',
      authorizationNumber: doc.accessKey,
      buyer: { idType: '05', id: '1710034065', name: 'ANA PÉREZ' },
      total: 5,
      subtotal: 4.35,
      iva: 0.65,
    });
    expect(after?.authorizedXml).toContain('<estado>AUTORIZADO</estado>');
    const sent = sri.documents.get(doc.accessKey)!;
    expect((await validateAgainstSriXsd(sent.xml, 'factura')).errors).toEqual([]);
    expect(sent.xml).toContain('<ds:SignatureValue>');
    // Delivered again: nothing new.
    expect((await issue(purchaseId))._id).toBe(doc._id);
    expect(await invoices(t.db).countDocuments({ purchaseId })).toBe(1);
  });

  it("leaves a numbered factura to the process that numbered it, and to any other's sweep once that one's turn is over", async () => {
    const doc = await issue(await insertPurchase(t.db, { quantity: 1 }));
    // Another invoices process sweeping now does not race the numbering one for it…
    expect(await dueInvoices(t.db, new Date())).not.toContain(doc._id);
    // …but takes it should the numbering process have died before moving it.
    const later = new Date(Date.now() + NUMBERER_TURN_MS + 1_000);
    expect(await dueInvoices(t.db, later)).toContain(doc._id);
    expect((await advanceInvoice({ ...deps, owner: 'w2' }, doc._id))?.status).toBe('autorizada');
  });

  it('keeps trying while the SRI is down and is authorized once it is back', async () => {
    const doc = await issue(await insertPurchase(t.db));
    sri.setDown(true);
    const waiting = await advanceInvoice(deps, doc._id);
    expect(waiting).toMatchObject({ status: 'pendiente', attempts: 1 });
    expect(waiting!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    expect(waiting!.messages[0]!.mensaje).toBe(
      'El SRI no responde; se volverá a intentar automáticamente.',
    );
    sri.setDown(false);
    expect((await advanceInvoice(deps, doc._id))?.status).toBe('autorizada');
  });

  it("waits with the certificate's reason, sending nothing, once the certificate has expired", async () => {
    const doc = await issue(await insertPurchase(t.db));
    // The certificate uploaded above is valid for a year: two years on, it has expired.
    const later = new Date(Date.now() + 2 * 365 * 86_400_000);
    const waiting = await advanceInvoice({ ...deps, now: () => later }, doc._id);
    expect(waiting).toMatchObject({ status: 'pendiente', attempts: 1 });
    expect(waiting!.messages[0]!.mensaje).toMatch(
      /^El certificado venció el \d\d\/\d\d\/\d{4}: renueva tu firma electrónica\.$/,
    );
    expect(sri.documents.has(doc.accessKey)).toBe(false);
    // The operator renews the firma: the document is due at once, not after its backoff, and
    // goes on by itself, nothing to re-issue.
    expect(await dueInvoices(t.db, later)).not.toContain(doc._id);
    const renewed = makeTestP12({ notAfter: new Date(later.getTime() + 365 * 86_400_000) });
    await saveCertificate(
      t.db,
      { fileName: 'firma-renovada.p12', p12: renewed, password: 'clave-de-prueba' },
      secretKey,
      later,
    );
    expect(await dueInvoices(t.db, later)).toContain(doc._id);
    expect((await advanceInvoice({ ...deps, now: () => later }, doc._id))?.status).toBe(
      'autorizada',
    );
  });

  it('sends a document once when two workers advance it at the same time', async () => {
    const doc = await issue(await insertPurchase(t.db));
    sri.setDelay(100);
    await Promise.all([
      advanceInvoice(deps, doc._id),
      advanceInvoice({ ...deps, owner: 'w2' }, doc._id),
    ]);
    sri.setDelay(0);
    expect(sri.documents.get(doc.accessKey)?.sends).toBe(1);
    expect((await advanceInvoice(deps, doc._id))?.status).toBe('autorizada');
  });

  it('holds consumidor final above the limit for staff without sending it; staff correct and re-issue', async () => {
    const purchaseId = await insertPurchase(t.db, { quantity: 60 });
    await t.db
      .collection('purchases')
      .updateOne({ _id: purchaseId as never }, { $set: { 'buyer.document': '1710034066' } });
    const doc = await issue(purchaseId);
    const held = await invoices(t.db).findOne({ _id: doc._id });
    expect(held).toMatchObject({ status: 'devuelta', buyer: { idType: '07' } });
    expect(held!.messages[0]!.mensaje).toBe(
      'Una factura a consumidor final no puede superar 50.00 USD: hace falta la cédula o el RUC del comprador.',
    );
    await advanceInvoice(deps, doc._id);
    expect(sri.documents.has(doc.accessKey)).toBe(false);

    await invoices(t.db).updateOne(
      { _id: doc._id },
      {
        $set: {
          buyer: { idType: '04', id: '1790011674001', name: 'EMPRESA S.A.', email: 'a@b.ec' },
        },
      },
    );
    expect((await reissueInvoice(t.db, doc._id, 'admin@example.ec'))?.status).toBe('pendiente');
    const after = await advanceInvoice(deps, doc._id);
    expect(after).toMatchObject({ status: 'autorizada', secuencial: doc.secuencial });
    expect(sri.documents.get(doc.accessKey)?.xml).toContain(
      '<identificacionComprador>1790011674001<',
    );
  });

  it("keeps a DEVUELTA document with the SRI's own messages", async () => {
    const doc = await issue(await insertPurchase(t.db));
    sri.returnNext([SRI_MESSAGES.identificacion]);
    expect(await advanceInvoice(deps, doc._id)).toMatchObject({
      status: 'devuelta',
      messages: [SRI_MESSAGES.identificacion],
    });
  });

  it('issues a nota de crédito referencing the authorized factura of a refunded purchase', async () => {
    const purchaseId = await insertPurchase(t.db, { quantity: 3 });
    const factura = await advanceInvoice(deps, (await issue(purchaseId))._id);
    const nota = await draftNotaCredito(t.db, purchaseId, 'Devolución del pago');
    expect(nota).toMatchObject({
      kind: 'nota_credito',
      modifies: `001-001-${factura!.secuencial}`,
      total: 3,
    });
    expect((await advanceInvoice(deps, nota!._id))?.status).toBe('autorizada');
    const xml = sri.documents.get(nota!.accessKey)!.xml;
    expect((await validateAgainstSriXsd(xml, 'notaCredito')).errors).toEqual([]);
    expect((await draftNotaCredito(t.db, purchaseId, 'otra vez'))?._id).toBe(nota!._id);
  });

  it('numbers every factura of the series once, contiguous, from 1', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => insertPurchase(t.db)));
    await Promise.all(ids.map((id) => issue(id)));
    const numbers = (
      await invoices(t.db)
        .find({ kind: 'factura' }, { projection: { number: 1 } })
        .toArray()
    )
      .map((d) => d.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  });
});
