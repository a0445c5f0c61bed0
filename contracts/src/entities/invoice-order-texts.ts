// The buyer's factura on the order page: its download path and texts, with no schema, so
// the page imports them without zod (invoice-texts.ts holds the rest and the schemas).
/** GET /api/orders/{id}/invoice.xml|pdf?key=…, relative to the api base (the buyer's factura). */
export function invoicePath(orderId: string, key: string, format: 'xml' | 'pdf'): string {
  return `/orders/${encodeURIComponent(orderId)}/invoice.${format}?key=${encodeURIComponent(key)}`;
}

/** The order page's factura section. */
export const INVOICE_ORDER_TEXTS = {
  title: 'Factura electrónica',
  number: (number: string) => `Factura ${number}, autorizada por el SRI.`,
  pending: 'Tu factura electrónica se está emitiendo; aparecerá aquí cuando el SRI la autorice.',
  downloadXml: 'Descargar factura (XML)',
  downloadPdf: 'Descargar factura (PDF)',
  notAuthorized: 'La factura de este pedido todavía no está autorizada por el SRI.',
} as const;
