// Secuenciales never repeat and never skip: workers on separate connections numbering at
// once, and a document whose worker died between drafting and numbering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../db/client';
import { draftInvoice, ensureInvoiceIndexes, invoices, numberInvoice } from '../db/invoices';
import { testInvoiceDraft } from '../testing/invoice-fixtures';
import { testMongoBaseUrl, uniqueDbName } from '../testing/test-db';
import { isAccessKeyValid } from './access-key';
import { numberedFields } from './numbering';

let a: Database;
let b: Database;
beforeAll(async () => {
  const url = testMongoBaseUrl() + uniqueDbName('numbering');
  a = await connectDatabase(url);
  b = await connectDatabase(url);
  await ensureInvoiceIndexes(a.db);
});
afterAll(async () => {
  await a?.db.dropDatabase();
  await Promise.all([a?.client.close(), b?.client.close()]);
});

const draft = testInvoiceDraft;

async function issue(
  db: Database['db'],
  purchaseId: string,
  over: Parameters<typeof testInvoiceDraft>[1] = {},
) {
  const doc = await draftInvoice(db, draft(purchaseId, over));
  return numberInvoice(db, doc._id, numberedFields(doc));
}

describe('secuenciales', () => {
  it('gives 40 documents numbered at once by two workers the numbers 1 to 40, once each', async () => {
    const docs = await Promise.all(
      Array.from({ length: 40 }, (_, i) => issue(i % 2 ? a.db : b.db, `race-${i}`)),
    );
    expect(docs.map((d) => d.number).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(new Set(docs.map((d) => d.accessKey)).size).toBe(40);
    for (const d of docs) {
      expect(d.secuencial).toBe(String(d.number).padStart(9, '0'));
      expect(isAccessKeyValid(d.accessKey)).toBe(true);
      expect(d.accessKey.slice(30, 39)).toBe(d.secuencial);
    }
  });

  it('drafts and numbers a purchase once however often the event comes, even from two workers', async () => {
    const [x, y] = await Promise.all([issue(a.db, 'twice'), issue(b.db, 'twice')]);
    expect(x._id).toBe(y._id);
    expect(x.number).toBe(y.number);
    expect(await invoices(a.db).countDocuments({ purchaseId: 'twice' })).toBe(1);
  });

  it('leaves no hole when a worker dies between drafting and numbering', async () => {
    const before = await invoices(a.db).countDocuments({ number: { $gt: 0 } });
    // The worker drafted the document and died before numbering it.
    const orphan = await draftInvoice(a.db, draft('crashed'));
    const other = await issue(b.db, 'after-crash');
    expect(other.number).toBe(before + 1);
    // The redelivered event finds the same draft and numbers it next: still contiguous.
    const retried = await issue(a.db, 'crashed');
    expect(retried._id).toBe(orphan._id);
    expect(retried.number).toBe(before + 2);
  });

  it('gives a document the number its dead worker had claimed, and that number to no other', async () => {
    const numbered = await invoices(a.db).countDocuments({ number: { $gt: 0 } });
    const orphan = await draftInvoice(a.db, draft('died-after-claim'));
    // The worker claimed the next number, then died before writing it on the document.
    await a.db.collection('invoice_sequences').insertOne({
      _id: `${orphan.series}:${numbered + 1}` as never,
      series: orphan.series,
      number: numbered + 1,
      invoiceId: orphan._id,
      claimedAt: new Date(),
    });
    const next = await issue(b.db, 'after-claim');
    expect(next.number).toBe(numbered + 2);
    expect((await issue(a.db, 'died-after-claim')).number).toBe(numbered + 1);
  });

  it('keeps each point of emission, kind and environment on its own run of numbers', async () => {
    const p2 = await issue(a.db, 'p2', { ptoEmi: '002' });
    const nc = await issue(a.db, 'nc', { kind: 'nota_credito' });
    const prod = await issue(a.db, 'prod', { environment: 'produccion' });
    expect([p2.number, nc.number, prod.number]).toEqual([1, 1, 1]);
  });
});
