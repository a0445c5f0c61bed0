// Electronic invoices authorized by Ecuador's SRI (comprobantes electrónicos, offline
// scheme): the operator's invoicing settings, the certificate's public facts, and each
// document issued for a paid purchase (factura) or a refund (nota de crédito). The XML,
// its XAdES-BES signature and the SRI's two SOAP services live in core/src/invoices/.
import { z } from 'zod';
import '../zod-locale';
import { isRucValid } from '../helpers/ecuador-id';
import { formatCount } from '../helpers/money';

/** SRI "ambiente": 1 pruebas (celcer.sri.gob.ec), 2 producción (cel.sri.gob.ec). */
export const INVOICE_ENVIRONMENTS = ['pruebas', 'produccion'] as const;
export type InvoiceEnvironment = (typeof INVOICE_ENVIRONMENTS)[number];

/** Tipo de comprobante (tabla 3 of the SRI's technical sheet): 01 factura, 04 nota de crédito. */
export const INVOICE_KINDS = ['factura', 'nota_credito'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_CODES: Record<InvoiceKind, '01' | '04'> = {
  factura: '01',
  nota_credito: '04',
};

/**
 * pendiente: numbered and signed, not yet accepted by the reception service;
 * enviada: RECIBIDA, waiting for the authorization service; autorizada: AUTORIZADO;
 * devuelta: the reception service returned it (DEVUELTA, with its messages);
 * no_autorizada: the authorization service refused it. The last two wait for staff
 * (correct the buyer's tax data, re-issue).
 */
export const INVOICE_STATUSES = [
  'pendiente',
  'enviada',
  'autorizada',
  'devuelta',
  'no_autorizada',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_WORDS: Record<InvoiceStatus, string> = {
  pendiente: 'Pendiente',
  enviada: 'Enviada al SRI',
  autorizada: 'Autorizada',
  devuelta: 'Devuelta por el SRI',
  no_autorizada: 'No autorizada',
};

/**
 * Tipo de identificación del comprador (tabla 6): 04 RUC, 05 cédula, 06 pasaporte,
 * 07 consumidor final (identificación 9999999999999).
 */
export const BUYER_ID_TYPES = ['04', '05', '06', '07'] as const;
export type BuyerIdType = (typeof BUYER_ID_TYPES)[number];
export const CONSUMIDOR_FINAL_ID = '9999999999999';

/** Régimen the RIDE and the XML state, when the operator is in one. */
export const TAX_REGIMES = ['', 'rimpe_emprendedor', 'rimpe_negocio_popular'] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number];

export const INVOICING_DEFAULTS = {
  enabled: false,
  environment: 'pruebas' as InvoiceEnvironment,
  /** The SRI's limit for a factura to "consumidor final" (USD, total with taxes). */
  consumidorFinalLimit: 50,
  /** Percentage of IVA on a ticket; the operator decides the treatment (0 is allowed). */
  ivaRate: 15,
  /** Days before the certificate's expiry when the back office starts warning. */
  certificateWarningDays: 30,
};

/** What the api returns for Ajustes → Facturación electrónica (never the .p12 or its password). */
export const certificateInfoSchema = z.object({
  fileName: z.string(),
  subject: z.string(),
  issuer: z.string(),
  serialNumber: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
  uploadedAt: z.string(),
  /**
   * Issued by one of Ecuador's accredited certification entities (core's
   * accredited-issuers.ts); false: the SRI rejects what it signs, fine only for pruebas.
   * null: uploaded before this was checked.
   */
  accredited: z.boolean().nullable().default(null),
});
export type CertificateInfo = z.infer<typeof certificateInfoSchema>;

export const invoicingSettingsSchema = z.object({
  enabled: z.boolean().default(INVOICING_DEFAULTS.enabled),
  environment: z.enum(INVOICE_ENVIRONMENTS).default(INVOICING_DEFAULTS.environment),
  ruc: z.string().default(''),
  razonSocial: z.string().default(''),
  nombreComercial: z.string().default(''),
  dirMatriz: z.string().default(''),
  dirEstablecimiento: z.string().default(''),
  /** Código de establecimiento, three digits (001). */
  estab: z.string().default('001'),
  /** Punto de emisión, three digits (001). */
  ptoEmi: z.string().default('001'),
  obligadoContabilidad: z.boolean().default(false),
  /** Número de resolución, empty when the operator is not a contribuyente especial. */
  contribuyenteEspecial: z.string().default(''),
  regime: z.enum(TAX_REGIMES).default(''),
  ivaRate: z.number().default(INVOICING_DEFAULTS.ivaRate),
  consumidorFinalLimit: z.number().default(INVOICING_DEFAULTS.consumidorFinalLimit),
  certificate: certificateInfoSchema.nullable().default(null),
});
export type InvoicingSettings = z.infer<typeof invoicingSettingsSchema>;

const threeDigits = z
  .string()
  .regex(/^\d{3}$/, { error: 'Debe tener tres dígitos, por ejemplo 001.' });
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Máximo ${max} caracteres.` });

/** PUT /api/admin/invoicing (the certificate has its own upload). */
export const invoicingSettingsInputSchema = z.object({
  enabled: z.boolean(),
  environment: z.enum(INVOICE_ENVIRONMENTS),
  ruc: z.string().trim().refine(isRucValid, { error: 'El RUC no es válido.' }),
  razonSocial: text(300).min(1, { error: 'Escribe la razón social.' }),
  nombreComercial: text(300),
  dirMatriz: text(300).min(1, { error: 'Escribe la dirección matriz.' }),
  dirEstablecimiento: text(300).min(1, { error: 'Escribe la dirección del establecimiento.' }),
  estab: threeDigits,
  ptoEmi: threeDigits,
  obligadoContabilidad: z.boolean(),
  contribuyenteEspecial: z
    .string()
    .trim()
    .regex(/^(\d{3,13})?$/, { error: 'El número de resolución tiene solo dígitos (3 a 13).' }),
  regime: z.enum(TAX_REGIMES),
  ivaRate: z
    .number({ error: 'La tarifa de IVA es un porcentaje entre 0 y 100.' })
    .min(0, { error: 'La tarifa de IVA es un porcentaje entre 0 y 100.' })
    .max(100, { error: 'La tarifa de IVA es un porcentaje entre 0 y 100.' }),
  consumidorFinalLimit: z
    .number({ error: 'El límite es un monto en dólares.' })
    .nonnegative({ error: 'El límite es un monto en dólares.' }),
});
export type InvoicingSettingsInput = z.infer<typeof invoicingSettingsInputSchema>;

/** A message of the SRI's answer (mensaje: identificador, mensaje, informacionAdicional, tipo). */
export const sriMessageSchema = z.object({
  identificador: z.string(),
  mensaje: z.string(),
  informacionAdicional: z.string().optional(),
  tipo: z.string(),
});
export type SriMessage = z.infer<typeof sriMessageSchema>;

/** The buyer a document is made out to (razón social / nombres y apellidos of the SRI). */
export const invoiceBuyerSchema = z.object({
  idType: z.enum(BUYER_ID_TYPES),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  address: z.string().optional(),
});
export type InvoiceBuyer = z.infer<typeof invoiceBuyerSchema>;

/** A document as staff see it (GET /api/admin/invoices, react-admin list and show). */
export const invoiceSchema = z.object({
  id: z.string(),
  kind: z.enum(INVOICE_KINDS),
  purchaseId: z.string(),
  orderCode: z.string().optional(),
  raffleId: z.string(),
  environment: z.enum(INVOICE_ENVIRONMENTS),
  estab: z.string(),
  ptoEmi: z.string(),
  /** Nine digits, contiguous per estab + ptoEmi + kind + environment. */
  secuencial: z.string(),
  /** Clave de acceso: 49 digits, the last a módulo 11 check digit. */
  accessKey: z.string(),
  status: z.enum(INVOICE_STATUSES),
  buyer: invoiceBuyerSchema,
  subtotal: z.number(),
  iva: z.number(),
  total: z.number(),
  /** For a nota de crédito: the factura it corrects (its number 001-001-000000123). */
  modifies: z.string().optional(),
  messages: z.array(sriMessageSchema),
  authorizationNumber: z.string().optional(),
  authorizedAt: z.string().optional(),
  issuedAt: z.string(),
  createdAt: z.string(),
  attempts: z.number().int(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** PUT /api/admin/invoices/{id}/buyer: staff correct the tax data of a returned document, then re-issue. */
export const invoiceBuyerCorrectionSchema = z.object({
  idType: z.enum(BUYER_ID_TYPES),
  id: z.string().trim(),
  name: z.string().trim().min(1, { error: 'Escribe el nombre o la razón social.' }).max(300),
  email: z.email({
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? INVOICE_TEXTS.buyer.missingEmail
        : INVOICE_TEXTS.buyer.badEmail,
  }),
  address: z.string().trim().max(300).optional(),
});
export type InvoiceBuyerCorrection = z.infer<typeof invoiceBuyerCorrectionSchema>;

/** Spanish answers of the invoicing core (certificate upload, buyer checks before sending). */
/**
 * The most key-derivation iterations a .p12 may ask for (its MAC and each encrypted part):
 * providers and OpenSSL use 2 048, Java 10 000; each iteration is work the server does
 * before it knows whether the password is right.
 */
export const P12_MAX_ITERATIONS = 100_000;

export const INVOICE_TEXTS = {
  certificate: {
    empty: 'Sube el archivo .p12 de tu firma electrónica.',
    notP12: 'El archivo no es un certificado .p12 (PKCS#12) válido.',
    wrongPassword: 'La contraseña del certificado no es correcta.',
    noPrivateKey:
      'El archivo .p12 no contiene la clave privada de la firma: pide a tu proveedor el archivo completo.',
    noCertificate: 'El archivo .p12 no contiene el certificado de la firma.',
    expired: (date: string) => `El certificado venció el ${date}: renueva tu firma electrónica.`,
    notYetValid: (date: string) => `El certificado es válido recién desde el ${date}.`,
    missing: 'Falta subir el certificado de firma electrónica (.p12).',
    tooManyIterations: (iterations: number) =>
      `El certificado protege su clave con ${formatCount(iterations)} iteraciones y el máximo que aceptamos es ${formatCount(P12_MAX_ITERATIONS)}: abrirlo detendría el sistema. Expórtalo de nuevo con menos iteraciones (por ejemplo, 2.048) o pide a tu proveedor el archivo estándar.`,
    tooSlow:
      'El certificado tardó demasiado en abrirse: expórtalo de nuevo o pide a tu proveedor el archivo estándar.',
    notAccredited:
      'Este certificado no es de una entidad de certificación acreditada en Ecuador; el SRI rechazará las facturas firmadas con él.',
    notAccreditedForProduction:
      'Este certificado no es de una entidad de certificación acreditada en Ecuador; el SRI rechazará las facturas firmadas con él. Úsalo solo en el ambiente de pruebas, o sube la firma de una entidad acreditada (Banco Central del Ecuador, Security Data, ANF AC, Uanataca…).',
  },
  buyer: {
    badCedula: 'La cédula del comprador no es válida (revisa el dígito verificador).',
    badRuc: 'El RUC del comprador no es válido.',
    badPassport: 'El pasaporte del comprador debe tener entre 3 y 20 letras o números.',
    consumidorFinalOverLimit: (limit: string) =>
      `Una factura a consumidor final no puede superar ${limit} USD: hace falta la cédula o el RUC del comprador.`,
    missingName: 'Falta el nombre o la razón social del comprador.',
    missingEmail: 'Escribe el correo del comprador: a él le llega la factura.',
    badEmail: 'El correo del comprador no es válido.',
  },
  sriUnavailable: 'El SRI no responde; se volverá a intentar automáticamente.',
  settingsIncomplete:
    'Completa los datos de Facturación electrónica (RUC, razón social, direcciones) antes de activarla.',
};
