// What staff and buyers read about electronic invoices: the api's answers to the back
// office (Ajustes → Facturación electrónica, Facturas), the RIDE's labels, the buyer's
// e-mail and the order page's download links. The documents themselves are in invoice.ts.
import { z } from 'zod';
import '../zod-locale';
import {
  INVOICE_KINDS,
  INVOICE_STATUSES,
  type InvoiceKind,
  type InvoicingSettingsInput,
} from './invoice';
// The order page's download path and texts live apart, so that page ships no zod.
export { INVOICE_ORDER_TEXTS, invoicePath } from './invoice-order-texts';

/** 001-001-000000123: how the SRI and the RIDE write a document's number. */
export function invoiceNumber(doc: { estab: string; ptoEmi: string; secuencial: string }): string {
  return `${doc.estab}-${doc.ptoEmi}-${doc.secuencial}`;
}

export const INVOICE_KIND_WORDS: Record<InvoiceKind, string> = {
  factura: 'Factura',
  nota_credito: 'Nota de crédito',
};

/** factura-001-001-000000123.xml / nota-credito-001-001-000000124.pdf */
export function invoiceFileName(
  doc: { kind: InvoiceKind; estab: string; ptoEmi: string; secuencial: string },
  extension: 'xml' | 'pdf',
): string {
  const kind = doc.kind === 'factura' ? 'factura' : 'nota-credito';
  return `${kind}-${invoiceNumber(doc)}.${extension}`;
}

/** The order page's factura: its state, and its number once it has one. */
export const orderInvoiceSchema = z.object({
  status: z.enum(INVOICE_STATUSES),
  number: z.string(),
});
export type OrderInvoice = z.infer<typeof orderInvoiceSchema>;

/** POST /api/admin/invoicing/certificate: the multipart form's field besides `file`. */
export const certificateUploadFieldsSchema = z.object({ password: z.string() });

/** GET /api/admin/invoices/export?month=YYYY-MM */
export const invoiceMonthQuerySchema = z.object({
  month: z
    .string({ error: 'Indica el mes como AAAA-MM, por ejemplo 2026-11.' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, {
      error: 'Indica el mes como AAAA-MM, por ejemplo 2026-11.',
    }),
});

/** The react-admin list's filter (GET /api/admin/invoices?filter=…). */
export const invoiceListFilterSchema = z.object({
  status: z.enum(INVOICE_STATUSES).optional(),
  kind: z.enum(INVOICE_KINDS).optional(),
  month: invoiceMonthQuerySchema.shape.month.optional(),
  purchaseId: z.string().min(1).max(100).optional(),
});
export type InvoiceListFilter = z.infer<typeof invoiceListFilterSchema>;

/** The api's answers to the back office. */
export const INVOICE_STAFF_TEXTS = {
  settingsSaved: 'Datos de facturación electrónica guardados.',
  certificateSaved: (until: string) => `Certificado guardado. Vence el ${until}.`,
  certificateTooLarge:
    'El archivo es demasiado grande para ser un certificado .p12 (máximo 100 KB).',
  ivaRateWithoutCode: (rates: string) =>
    `El SRI no tiene código para esa tarifa de IVA: usa una de estas: ${rates} %.`,
  notFound: 'No existe esa factura.',
  notCorrectable:
    'Solo se corrigen los datos del comprador de un comprobante devuelto o no autorizado por el SRI.',
  buyerCorrected: 'Datos del comprador corregidos. Vuelve a emitir el comprobante para enviarlo.',
  notReissuable: 'Solo se vuelve a emitir un comprobante devuelto o no autorizado por el SRI.',
  reissued: 'Comprobante enviado otra vez al SRI. Su estado se actualiza en unos segundos.',
  invalidFilter: 'Filtro de facturas inválido.',
} as const;

/** The RIDE (representación impresa del documento electrónico), as the SRI's ficha técnica lists it. */
export const RIDE_TEXTS = {
  title: { factura: 'FACTURA', nota_credito: 'NOTA DE CRÉDITO' } satisfies Record<
    InvoiceKind,
    string
  >,
  ruc: 'R.U.C.',
  number: 'No.',
  authorizationNumber: 'NÚMERO DE AUTORIZACIÓN',
  authorizationDate: 'FECHA Y HORA DE AUTORIZACIÓN',
  notAuthorized: 'PENDIENTE DE AUTORIZACIÓN DEL SRI',
  environment: 'AMBIENTE',
  environments: { pruebas: 'PRUEBAS', produccion: 'PRODUCCIÓN' },
  emission: 'EMISIÓN',
  emissionNormal: 'NORMAL',
  accessKey: 'CLAVE DE ACCESO',
  dirMatriz: 'Dirección Matriz',
  dirEstablecimiento: 'Dirección Sucursal',
  contribuyenteEspecial: 'Contribuyente Especial Nro.',
  obligadoContabilidad: 'OBLIGADO A LLEVAR CONTABILIDAD',
  rimpe: {
    rimpe_emprendedor: 'CONTRIBUYENTE RÉGIMEN RIMPE',
    rimpe_negocio_popular: 'CONTRIBUYENTE NEGOCIO POPULAR - RÉGIMEN RIMPE',
  },
  buyerName: 'Razón Social / Nombres y Apellidos',
  buyerId: 'Identificación',
  issueDate: 'Fecha de Emisión',
  buyerAddress: 'Dirección',
  modifies: 'Comprobante que se modifica',
  modifiesFactura: (number: string, date: string) => `FACTURA ${number} del ${date}`,
  reason: 'Razón de modificación',
  columns: {
    code: 'Cód.',
    quantity: 'Cant.',
    description: 'Descripción',
    unitPrice: 'Precio Unitario',
    discount: 'Descuento',
    total: 'Precio Total',
  },
  subtotalAt: (rate: number) => `SUBTOTAL ${rate}%`,
  subtotalNoTax: 'SUBTOTAL SIN IMPUESTOS',
  discount: 'TOTAL DESCUENTO',
  ivaAt: (rate: number) => `IVA ${rate}%`,
  total: 'VALOR TOTAL',
  additional: 'Información Adicional',
  email: 'Email',
  order: 'Pedido',
  paymentMethod: 'Forma de pago',
  yes: 'SI',
  no: 'NO',
} as const;

/** The buyer's e-mail with the authorized XML and the RIDE attached. */
export const INVOICE_MAIL_TEXTS = {
  subject: (kind: InvoiceKind, number: string, issuer: string) =>
    `${INVOICE_KIND_WORDS[kind]} electrónica ${number} · ${issuer}`,
  body: (input: {
    name: string;
    kind: InvoiceKind;
    number: string;
    issuer: string;
    orderCode: string;
    accessKey: string;
  }) =>
    [
      `Hola ${input.name}:`,
      `${input.issuer} te envía tu ${input.kind === 'factura' ? 'factura electrónica' : 'nota de crédito electrónica'} ${input.number}${input.orderCode ? ` del pedido ${input.orderCode}` : ''}, autorizada por el SRI.`,
      'Adjuntamos el comprobante en XML (el documento con validez tributaria) y su representación impresa en PDF (RIDE).',
      `Clave de acceso: ${input.accessKey}. Puedes consultarla en el portal del SRI (srienlinea.sri.gob.ec).`,
    ].join('\n\n'),
} as const;

/** The month's export for the accountant: a zip of the authorized XMLs and an Excel summary. */
export const INVOICE_EXPORT_TEXTS = {
  zipName: (month: string) => `comprobantes-${month}.zip`,
  workbookName: (month: string) => `resumen-${month}.xlsx`,
  authorizedSheet: 'Autorizados',
  otherSheet: 'Sin autorizar',
  columns: [
    'Tipo',
    'Número',
    'Fecha de emisión',
    'Número de autorización',
    'Fecha de autorización',
    'Tipo de identificación',
    'Identificación',
    'Razón social / nombre',
    'Subtotal',
    'IVA',
    'Total',
    'Tarifa IVA %',
    'Pedido',
    'Modifica a',
  ],
  otherColumns: ['Tipo', 'Número', 'Fecha de emisión', 'Estado', 'Pedido', 'Mensajes del SRI'],
  idTypes: {
    '04': 'RUC',
    '05': 'Cédula',
    '06': 'Pasaporte',
    '07': 'Consumidor final',
  } as Record<string, string>,
  /** Notas de crédito subtract: the totals line is what the month's sales net to. */
  totals: 'Total (facturas menos notas de crédito)',
} as const;

/** Ajustes → Facturación electrónica: each field's label (the card and the audit name them so). */
export const INVOICING_FIELD_LABELS: Record<keyof InvoicingSettingsInput, string> = {
  enabled: 'Facturación electrónica activa',
  environment: 'Ambiente',
  ruc: 'RUC',
  razonSocial: 'Razón social',
  nombreComercial: 'Nombre comercial',
  dirMatriz: 'Dirección matriz',
  dirEstablecimiento: 'Dirección del establecimiento',
  estab: 'Código de establecimiento',
  ptoEmi: 'Punto de emisión',
  obligadoContabilidad: 'Obligado a llevar contabilidad',
  contribuyenteEspecial: 'Resolución de contribuyente especial',
  regime: 'Régimen RIMPE',
  ivaRate: 'Tarifa de IVA de los boletos (%)',
  consumidorFinalLimit: 'Límite de factura a consumidor final (USD)',
};
