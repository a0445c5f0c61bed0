// Staff read invoices through invoiceView: the contract's shape, filtered by status,
// month (Ecuador's calendar) and purchase.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceSchema } from '@vag/contracts';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import { testInvoiceDraft } from '../testing/invoice-fixtures';
import { findInvoice, invoices, listInvoices, type InvoiceDoc } from './invoices';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

function doc(id: string, over: Partial<InvoiceDoc>): InvoiceDoc {
  const now = new Date('2026-11-15T15:00:00Z');
  return {
    ...testInvoiceDraft(`p-${id}`),
    _id: id,
    number: Number(id),
    secuencial: '000000001',
    accessKey: id.padStart(49, '0'),
    status: 'pendiente',
    messages: [],
    issuedAt: now,
    createdAt: now,
    attempts: 0,
    signedXml: '<factura/>',
    updatedAt: now,
    ...over,
  };
}

describe('invoices for staff', () => {
  it('lists by status, month and purchase, in the contract shape without the XML', async () => {
    await invoices(t.db).insertMany([
      doc('1', { status: 'autorizada', authorizedAt: new Date('2026-11-15T15:01:00Z') }),
      doc('2', { status: 'devuelta' }),
      // 30 Nov 22:00 in Guayaquil is already December in UTC: still November's.
      doc('3', { issuedAt: new Date('2026-12-01T03:00:00Z') }),
      doc('4', { issuedAt: new Date('2026-12-01T06:00:00Z') }),
    ]);
    const all = await listInvoices(t.db);
    expect(all.total).toBe(4);
    for (const item of all.items) expect(invoiceSchema.parse(item)).toEqual(item);
    expect(JSON.stringify(all.items)).not.toContain('<factura/>');
    expect((await listInvoices(t.db, { status: 'devuelta' })).items.map((i) => i.id)).toEqual([
      '2',
    ]);
    const november = await listInvoices(t.db, { month: '2026-11' });
    expect(november.items.map((i) => i.id).sort()).toEqual(['1', '2', '3']);
    expect((await listInvoices(t.db, { purchaseId: 'p-4' })).total).toBe(1);
    expect(await findInvoice(t.db, '1')).toMatchObject({
      status: 'autorizada',
      authorizedAt: '2026-11-15T15:01:00.000Z',
    });
    expect(await findInvoice(t.db, 'nada')).toBeNull();
  });
});
