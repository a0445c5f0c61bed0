// The buyer's electronic invoice by e-mail through the real SMTP fake: on invoice.authorized
// the authorized XML and the RIDE go to the address the factura is made out to, once
// however often the event comes, and nothing goes for a document the SRI did not authorize.
import { findInvoiceMail } from '@vag/core/db/invoice-mails';
import { advanceInvoice, draftFactura } from '@vag/core/invoices/issue';
import { resolveInvoiceKey } from '@vag/core/invoices/secret-box';
import { saveCertificate, saveInvoicingSettings } from '@vag/core/invoices/settings';
import { sriEndpoints } from '@vag/core/invoices/sri-client';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { startFakeSri, type FakeSri } from '@vag/core/testing/fakes/sri';
import { TEST_INVOICING } from '@vag/core/testing/invoice-fixtures';
import { raffleWithNumbers } from '@vag/core/testing/raffle-fixtures';
import { makeTestP12 } from '@vag/core/testing/test-certificate';
import type { CoreDeps } from '@vag/core';
import { makeEvent, TOPICS, type InvoiceKind } from '@vag/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paidPurchase, workerDeps } from '../testing/pipeline-fixtures';
import { handleNotificationsMessage } from './index';

let fakes: FakeProviders;
let sri: FakeSri;
let deps: CoreDeps;
const cleanups: Array<() => Promise<void>> = [];

beforeEach(async () => {
  fakes = await startFakeProviders();
  sri = await startFakeSri();
  cleanups.push(
    () => fakes.stop(),
    () => sri.stop(),
  );
  const w = await workerDeps(fakes.env);
  cleanups.push(w.stop);
  deps = w.deps;
  await raffleWithNumbers(deps.db, 1000);
  await saveInvoicingSettings(deps.db, TEST_INVOICING);
  await saveCertificate(
    deps.db,
    { fileName: 'firma.p12', p12: makeTestP12(), password: 'clave-de-prueba' },
    resolveInvoiceKey(deps.env),
  );
});
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A paid purchase's factura, moved once through the fake SRI. */
async function factura() {
  const purchase = await paidPurchase(deps, {
    buyer: {
      firstName: 'Lucía',
      lastName: 'Andrade',
      email: 'lucia@example.com',
      phone: '0987654321',
      country: 'ECUADOR',
      address: 'Calle 10',
      city: 'Cuenca',
      province: 'Azuay',
      document: '1710034065',
    },
  });
  const drafted = await draftFactura(deps.db, purchase._id);
  const doc = await advanceInvoice(
    {
      db: deps.db,
      secretKey: () => resolveInvoiceKey(deps.env),
      endpoints: (environment) => sriEndpoints(environment, sri.env),
      owner: 'test',
    },
    drafted!._id,
  );
  return doc!;
}

function authorized(doc: { _id: string; purchaseId: string }, kind: InvoiceKind = 'factura') {
  return {
    topic: TOPICS['invoice.authorized'],
    key: doc.purchaseId,
    value: makeEvent('invoice.authorized', {
      invoiceId: doc._id,
      purchaseId: doc.purchaseId,
      kind,
    }),
  };
}

/** The base64 body of the raw mail's attachment named `filename`. */
function attachment(raw: string, filename: string): Buffer | null {
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = part.search(/\r?\n\r?\n/);
    const headers = part.slice(0, Math.max(split, 0)).replace(/\r?\n[ \t]+/g, ' ');
    if (split < 0 || !/attachment/i.test(headers) || !headers.includes(filename)) continue;
    const body = part.slice(split).replace(/\r?\n--[^\r\n]*--\s*$/, '');
    return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  }
  return null;
}

describe('the invoice e-mail', () => {
  it('sends the authorized XML and the RIDE to the buyer, and is idempotent when delivered twice', async () => {
    const doc = await factura();
    expect(doc.status).toBe('autorizada');
    const message = authorized(doc);
    await Promise.allSettled([
      handleNotificationsMessage(deps, message),
      handleNotificationsMessage(deps, message),
    ]);
    await handleNotificationsMessage(deps, message);

    expect(fakes.smtp.mails).toHaveLength(1);
    const mail = fakes.smtp.mails[0]!;
    expect(mail.to).toEqual(['lucia@example.com']);
    const number = `001-001-${doc.secuencial}`;
    expect(mail.text).toContain(`tu factura electrónica ${number}`);
    expect(mail.text).toContain('Hola Lucía:');
    expect(mail.text).toContain(`Clave de acceso: ${doc.accessKey}`);
    const xml = attachment(mail.raw, `factura-${number}.xml`)?.toString('utf8');
    expect(xml).toContain('<estado>AUTORIZADO</estado>');
    expect(xml).toContain(doc.accessKey);
    const pdf = attachment(mail.raw, `factura-${number}.pdf`);
    expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await findInvoiceMail(deps.db, doc._id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('sends nothing for a document the SRI did not authorize', async () => {
    sri.setDown(true);
    const doc = await factura();
    expect(doc.status).toBe('pendiente');
    await handleNotificationsMessage(deps, authorized(doc));
    expect(fakes.smtp.mails).toHaveLength(0);
    expect(await findInvoiceMail(deps.db, doc._id)).toBeNull();
  });
});
