// Every document we issue is valid against the SRI's XSD (factura and nota de crédito
// 1.1.0), with the amounts a buyer paid split into base and IVA that add up to it.
import { describe, expect, it } from 'vitest';
import type { InvoiceDoc } from '../db/invoices';
import { testInvoiceDraft } from '../testing/invoice-fixtures';
import { validateAgainstSriXsd } from '../testing/sri-xsd';
import { numberedFields } from './numbering';
import { comprobanteXml, splitTax } from './xml';

function numbered(over: Parameters<typeof testInvoiceDraft>[1] = {}, number = 7): InvoiceDoc {
  const draft = testInvoiceDraft('p1', over);
  const base: InvoiceDoc = {
    ...draft,
    number: 0,
    secuencial: '',
    accessKey: '',
    status: 'pendiente',
    messages: [],
    attempts: 0,
    createdAt: new Date(),
    issuedAt: new Date(),
    updatedAt: new Date(),
  };
  const at = new Date('2026-11-28T15:00:00Z');
  return { ...base, number, ...numberedFields(base, () => at)(number) };
}

describe('the comprobante XML', () => {
  it('splits a price with IVA into base and IVA that add up to what the buyer paid', () => {
    expect(splitTax(10, 15)).toEqual({ base: 8.7, iva: 1.3 });
    expect(splitTax(1, 15)).toEqual({ base: 0.87, iva: 0.13 });
    expect(splitTax(25, 0)).toEqual({ base: 25, iva: 0 });
    const { base, iva } = splitTax(33.33, 12);
    expect(Math.round((base + iva) * 100)).toBe(3333);
  });

  it('makes a factura the SRI schema accepts, to consumidor final and to a RUC', async () => {
    const toConsumer = comprobanteXml(numbered());
    const check = await validateAgainstSriXsd(toConsumer, 'factura');
    expect(check.errors).toEqual([]);
    expect(toConsumer).toContain('<secuencial>000000007</secuencial>');
    expect(toConsumer).toContain('<fechaEmision>28/11/2026</fechaEmision>');
    expect(toConsumer).toContain('<codigoPorcentaje>4</codigoPorcentaje>');

    const toCompany = comprobanteXml(
      numbered({
        buyer: {
          idType: '04',
          id: '1790011674001',
          name: 'Pérez & Hijos <Cía. Ltda.>',
          email: 'compras@perez.ec',
          address: 'Quito',
        },
        orderCode: 'VAG-7K2Q',
        issuer: {
          ...testInvoiceDraft('x').issuer,
          contribuyenteEspecial: '5368',
          regime: 'rimpe_emprendedor',
        },
      }),
    );
    expect((await validateAgainstSriXsd(toCompany, 'factura')).errors).toEqual([]);
    expect(toCompany).toContain('Pérez &amp; Hijos &lt;Cía. Ltda.&gt;');
  });

  it('makes a nota de crédito the SRI schema accepts, naming the factura it corrects', async () => {
    const xml = comprobanteXml(
      numbered({
        kind: 'nota_credito',
        modifies: '001-001-000000007',
        modifiesIssuedOn: '27/11/2026',
        reason: 'Devolución del pago',
      }),
    );
    expect((await validateAgainstSriXsd(xml, 'notaCredito')).errors).toEqual([]);
    expect(xml).toContain('<numDocModificado>001-001-000000007</numDocModificado>');
  });

  it('is refused by the schema when a required part is missing (the check is real)', async () => {
    const xml = comprobanteXml(numbered()).replace(/<razonSocial>.*?<\/razonSocial>/, '');
    expect((await validateAgainstSriXsd(xml, 'factura')).valid).toBe(false);
  });
});
