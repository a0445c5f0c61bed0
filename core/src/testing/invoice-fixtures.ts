// An operator with invoicing set up and a document drafted for a purchase, for tests.
import { randomUUID } from 'node:crypto';
import type { InvoicingSettingsInput } from '@vag/contracts';
import type { InvoiceDraft, InvoiceIssuer } from '../db/invoices';
import { seriesOf } from '../invoices/numbering';

export const TEST_INVOICING: InvoicingSettingsInput = {
  enabled: true,
  environment: 'pruebas',
  ruc: '0992345678001',
  razonSocial: 'RIFAS DE PRUEBA S.A.',
  nombreComercial: 'Voy a Ganar',
  dirMatriz: 'Av. 9 de Octubre 100 y Malecón, Guayaquil',
  dirEstablecimiento: 'Av. 9 de Octubre 100 y Malecón, Guayaquil',
  estab: '001',
  ptoEmi: '001',
  obligadoContabilidad: true,
  contribuyenteEspecial: '',
  regime: '',
  ivaRate: 15,
  consumidorFinalLimit: 50,
};

export const TEST_ISSUER: InvoiceIssuer = {
  ruc: TEST_INVOICING.ruc,
  razonSocial: TEST_INVOICING.razonSocial,
  nombreComercial: TEST_INVOICING.nombreComercial,
  dirMatriz: TEST_INVOICING.dirMatriz,
  dirEstablecimiento: TEST_INVOICING.dirEstablecimiento,
  obligadoContabilidad: TEST_INVOICING.obligadoContabilidad,
  contribuyenteEspecial: TEST_INVOICING.contribuyenteEspecial,
  regime: TEST_INVOICING.regime,
};

export function testInvoiceDraft(
  purchaseId: string,
  over: Partial<Omit<InvoiceDraft, 'series'>> = {},
): InvoiceDraft {
  const base = {
    _id: randomUUID(),
    kind: 'factura' as const,
    purchaseId,
    raffleId: 'r1',
    environment: 'pruebas' as const,
    estab: '001',
    ptoEmi: '001',
    numericCode: '12345678',
    issuer: TEST_ISSUER,
    buyer: {
      idType: '07' as const,
      id: '9999999999999',
      name: 'CONSUMIDOR FINAL',
      email: 'ana@example.ec',
    },
    line: { description: 'Boletos rifa Moto 0 km (5)', quantity: 5, unitPriceWithTax: 2 },
    ivaRate: 15,
    paymentMethod: 'card' as const,
    subtotal: 8.7,
    iva: 1.3,
    total: 10,
    ...over,
  };
  return { ...base, series: seriesOf(base) };
}
