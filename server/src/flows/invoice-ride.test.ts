// The RIDE as a buyer and a scanner read it: the fields the SRI asks of the printed
// factura and nota de crédito, and the access key's barcode, decoded bar by bar.
import { accessKey } from '@vag/core/invoices/access-key';
import { renderRide } from '@vag/core/invoices/ride';
import { testInvoiceDraft } from '@vag/core/testing/invoice-fixtures';
import { describe, expect, it } from 'vitest';
import { decodeCode128 } from '../testing/code128';
import { barcodeWidths, pdfText } from '../testing/pdf-text';

const issuedAt = new Date('2026-11-20T15:30:00Z');
const key = accessKey({
  issuedOn: '20/11/2026',
  kind: 'factura',
  ruc: '0992345678001',
  environment: 'pruebas',
  estab: '001',
  ptoEmi: '001',
  secuencial: '000000123',
  numericCode: '12345678',
});

function authorizedFactura() {
  return {
    ...testInvoiceDraft('p1', {
      orderCode: 'VAG-7K3Q9P',
      buyer: {
        idType: '05' as const,
        id: '1710034065',
        name: 'ANA PÉREZ',
        email: 'ana@example.ec',
        address: 'Calle 10, Cuenca',
      },
    }),
    secuencial: '000000123',
    accessKey: key,
    issuedAt,
    authorizationNumber: key,
    authorizedAt: new Date('2026-11-20T15:31:05Z'),
  };
}

describe('the RIDE', () => {
  it("prints the SRI's fields of an authorized factura: issuer, number, authorization, buyer, detail and totals", async () => {
    const text = await pdfText(Buffer.from(await renderRide(authorizedFactura())));
    for (const expected of [
      'RIFAS DE PRUEBA S.A.',
      'R.U.C.: 0992345678001',
      'FACTURA',
      'No. 001-001-000000123',
      'NÚMERO DE AUTORIZACIÓN',
      'FECHA Y HORA DE AUTORIZACIÓN: 20/11/2026 10:31:05',
      'AMBIENTE: PRUEBAS',
      'EMISIÓN: NORMAL',
      'OBLIGADO A LLEVAR CONTABILIDAD: SI',
      'Razón Social / Nombres y Apellidos: ANA PÉREZ',
      'Identificación: 1710034065',
      'Fecha de Emisión: 20/11/2026',
      'Boletos rifa Moto 0 km (5)',
      'SUBTOTAL 15%',
      'IVA 15%',
      'VALOR TOTAL',
      '8.70',
      '1.30',
      '10.00',
      'Pedido: VAG-7K3Q9P',
    ])
      expect(text).toContain(expected);
    // The key in digits under the barcode, and as the authorization number.
    expect(text.split(key).length - 1).toBe(2);
  });

  it('draws the access key as a Code128 barcode a scanner reads back', async () => {
    const pdf = Buffer.from(await renderRide(authorizedFactura()));
    const widths = await barcodeWidths(pdf);
    expect(widths).not.toBeNull();
    expect(decodeCode128(widths!)).toBe(key);
  });

  it('prints a nota de crédito with the factura it modifies and why', async () => {
    const text = await pdfText(
      Buffer.from(
        await renderRide({
          ...authorizedFactura(),
          kind: 'nota_credito',
          secuencial: '000000007',
          modifies: '001-001-000000123',
          modifiesIssuedOn: '20/11/2026',
          reason: 'Devolución del pago',
        }),
      ),
    );
    expect(text).toContain('NOTA DE CRÉDITO');
    expect(text).toContain('No. 001-001-000000007');
    expect(text).toContain('Comprobante que se modifica: FACTURA 001-001-000000123 del 20/11/2026');
    expect(text).toContain('Razón de modificación: Devolución del pago');
  });

  it('says a document the SRI has not authorized yet is pending, without inventing a number', async () => {
    const { authorizationNumber: _n, authorizedAt: _a, ...pending } = authorizedFactura();
    const text = await pdfText(Buffer.from(await renderRide(pending)));
    expect(text).toContain('PENDIENTE DE AUTORIZACIÓN DEL SRI');
    expect(text.split(key).length - 1).toBe(1);
  });
});
