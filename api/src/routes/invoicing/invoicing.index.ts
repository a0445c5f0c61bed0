// Electronic invoices in the back office (admin only: the operator's RUC, certificate and
// every buyer's tax data are not a reseller's business):
// - /api/admin/invoicing: Ajustes → Facturación electrónica (the certificate's public facts,
//   never the .p12 or its password) and the certificate upload;
// - /api/admin/invoices: the documents as react-admin lists them, the buyer's correction and
//   the re-issue of a returned document, and the month's export for the accountant.
// Every change is in the audit log. Issuing itself is the invoices worker's (never here).
import {
  AUDIT_TEXTS,
  INVOICE_STAFF_TEXTS as T,
  INVOICE_TEXTS,
  INVOICING_FIELD_LABELS,
  STAFF_API_MESSAGES,
  certificateInfoSchema,
  certificateUploadFieldsSchema,
  formatDate,
  idParamSchema,
  invoiceBuyerCorrectionSchema,
  invoiceListFilterSchema,
  invoiceMonthQuerySchema,
  invoiceNumber,
  invoiceSchema,
  invoicingSettingsInputSchema,
  invoicingSettingsSchema,
  type Invoice,
  type InvoicingSettings,
  type InvoicingSettingsInput,
} from '@vag/contracts';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { appendAudit } from '@vag/core/db/audit-log';
import { findInvoice, invoiceView, listInvoices } from '@vag/core/db/invoices';
import { exportMonth } from '@vag/core/invoices/month-export';
import { resolveInvoiceKey } from '@vag/core/invoices/secret-box';
import {
  loadInvoicingSettings,
  saveCertificate,
  saveInvoicingSettings,
} from '@vag/core/invoices/settings';
import {
  correctInvoiceBuyer,
  InvoiceActionError,
  reissueCheckedInvoice,
} from '@vag/core/invoices/staff-actions';
import { ivaPercentCode } from '@vag/core/invoices/xml';
import { ADMIN_ONLY, requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import { apiError } from '../../lib/errors';
import { BY_ID, JSON_BODY, LIST, describe } from '../../lib/openapi';
import { contentRange, ListQueryError, parseListQuery } from '../../lib/simple-rest';
import { validate } from '../../lib/validate';
import { reviewPrivacyNotice } from '../../privacy/privacy-notice';
import {
  certificateBodyLimit,
  certificateRefusal,
  readCertificateUpload,
} from './certificate-upload';

const TAG = 'invoices';
const DEFAULT_PAGE = 25;
const MAX_PAGE = 200;
/** IVA rates the SRI has a code for (tabla 17), as the card offers them. */
const SRI_IVA_RATES = [0, 5, 8, 12, 13, 14, 15];

const withMsg = <S extends z.ZodObject>(schema: S) => schema.extend({ msg: z.string() });

function staffActor(c: Context<AppEnv>) {
  const staff = c.get('staff');
  return { id: staff.id, email: staff.email };
}

/** The fields that changed, by their labels: what the audit entry names (never a value). */
function changedFields(before: InvoicingSettings, after: InvoicingSettingsInput): string[] {
  return (Object.keys(INVOICING_FIELD_LABELS) as Array<keyof InvoicingSettingsInput>)
    .filter((field) => before[field] !== after[field])
    .map((field) => INVOICING_FIELD_LABELS[field]);
}

/** What the schema cannot say: a rate the SRI codes, and a certificate before switching on. */
function checkSettings(input: InvoicingSettingsInput, current: InvoicingSettings): void {
  if (ivaPercentCode(input.ivaRate) === undefined) {
    const msg = T.ivaRateWithoutCode(SRI_IVA_RATES.join(', '));
    throw apiError(400, msg, { ivaRate: msg });
  }
  if (input.enabled && !current.certificate) {
    const msg = INVOICE_TEXTS.certificate.missing;
    throw apiError(400, msg, { enabled: msg });
  }
  // The SRI rejects what an unaccredited certificate signs: pruebas only (SPEC Configuración).
  if (input.environment === 'produccion' && current.certificate?.accredited === false) {
    const msg = INVOICE_TEXTS.certificate.notAccreditedForProduction;
    throw apiError(400, msg, { environment: msg });
  }
}

function asApiError(error: unknown): unknown {
  if (!(error instanceof InvoiceActionError)) return error;
  return apiError(
    error.status,
    error.message,
    error.field ? { [error.field]: error.message } : undefined,
  );
}

export const invoicingSettingsRouter = new Hono<AppEnv>()
  .use('*', requireStaff(ADMIN_ONLY))
  .get(
    '/',
    describe({
      operationId: 'getInvoicingSettings',
      tag: TAG,
      summary:
        'Ajustes de facturación electrónica, con los datos públicos del certificado (nunca el .p12 ni su contraseña).',
      response: invoicingSettingsSchema,
    }),
    async (c) => c.json(await loadInvoicingSettings(c.get('deps').db)),
  )
  .put(
    '/',
    describe({
      operationId: 'saveInvoicingSettings',
      tag: TAG,
      summary:
        'Guarda los datos de facturación electrónica (RUC, razón social, establecimiento, IVA, ambiente). Activarla requiere un certificado.',
      response: withMsg(invoicingSettingsSchema),
      errors: [...JSON_BODY],
    }),
    validate('json', invoicingSettingsInputSchema),
    async (c) => {
      const { db } = c.get('deps');
      const input = c.req.valid('json');
      const before = await loadInvoicingSettings(db);
      checkSettings(input, before);
      const saved = await saveInvoicingSettings(db, input);
      await reviewPrivacyNotice(c.get('deps'));
      await appendAudit(db, {
        actor: staffActor(c),
        action: 'invoicing.updated',
        description: AUDIT_TEXTS.invoicingUpdated(changedFields(before, input)),
      });
      return c.json({ ...saved, msg: T.settingsSaved });
    },
  )
  .post(
    '/certificate',
    describe({
      operationId: 'uploadInvoiceCertificate',
      tag: TAG,
      status: 201,
      summary:
        'Sube el certificado de firma electrónica (.p12) con su contraseña: se guarda cifrado y reemplaza al anterior. Contraseña incorrecta, certificado vencido o archivo que no es .p12: 400 con el motivo. Un certificado de una entidad no acreditada en Ecuador se guarda con un aviso (accredited: false) en pruebas y se rechaza en producción.',
      form: certificateUploadFieldsSchema,
      response: withMsg(certificateInfoSchema),
      errors: [400, 413],
    }),
    certificateBodyLimit,
    async (c) => {
      const { db, env } = c.get('deps');
      const upload = await readCertificateUpload(c);
      let info;
      try {
        info = await saveCertificate(db, upload, resolveInvoiceKey(env));
      } catch (error) {
        throw certificateRefusal(error);
      }
      const until = formatDate(info.notAfter);
      await appendAudit(db, {
        actor: staffActor(c),
        action: 'invoicing.certificate_uploaded',
        description: AUDIT_TEXTS.invoiceCertificateUploaded(info.subject, until),
      });
      const msg = info.accredited
        ? T.certificateSaved(until)
        : `${T.certificateSaved(until)} ${INVOICE_TEXTS.certificate.notAccredited}`;
      return c.json({ ...info, msg }, 201);
    },
  );

async function audited(
  c: Context<AppEnv>,
  invoice: Invoice,
  action: 'invoice.buyer_corrected' | 'invoice.reissued',
): Promise<void> {
  const number = invoiceNumber(invoice);
  const order = invoice.orderCode ?? invoice.purchaseId;
  await appendAudit(c.get('deps').db, {
    actor: staffActor(c),
    action,
    description:
      action === 'invoice.reissued'
        ? AUDIT_TEXTS.invoiceReissued(number, order)
        : AUDIT_TEXTS.invoiceBuyerCorrected(number, order),
    purchaseId: invoice.purchaseId,
    raffleId: invoice.raffleId,
  });
}

function listQuery(raw: Record<string, string>) {
  try {
    const query = parseListQuery(raw);
    const filter = invoiceListFilterSchema.safeParse(
      Object.fromEntries(Object.entries(query.filter).filter(([, v]) => v !== '' && v !== null)),
    );
    if (!filter.success) throw new ListQueryError('filter');
    const start = query.range?.start ?? 0;
    const end = query.range?.end ?? start + DEFAULT_PAGE - 1;
    return { ...filter.data, skip: start, limit: Math.min(end - start + 1, MAX_PAGE) };
  } catch (error) {
    if (error instanceof ListQueryError)
      throw apiError(400, STAFF_API_MESSAGES.invalidListQuery, {
        [error.message]:
          error.message === 'filter' ? T.invalidFilter : STAFF_API_MESSAGES.invalidListQuery,
      });
    throw error;
  }
}

export const invoicesRouter = new Hono<AppEnv>()
  .use('*', requireStaff(ADMIN_ONLY))
  // Before '/:id', which would take "export" for an id.
  .get(
    '/export',
    describe({
      operationId: 'exportInvoicesMonth',
      tag: TAG,
      summary:
        'Los comprobantes del mes para el contador: un zip con el XML autorizado de cada uno y un resumen en Excel (?month=AAAA-MM, hora de Ecuador).',
      response: null,
      produces: ['application/zip'],
      errors: [400],
    }),
    validate('query', invoiceMonthQuerySchema),
    async (c) => {
      const exported = await exportMonth(c.get('deps').db, c.req.valid('query').month);
      return c.body(exported.zip as Uint8Array<ArrayBuffer>, 200, {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${exported.fileName}"`,
        'cache-control': 'private, no-store',
      });
    },
  )
  .get(
    '/',
    describe({
      operationId: 'listInvoices',
      tag: TAG,
      summary:
        'Facturas y notas de crédito, la más reciente primero (filtros: status, kind, month AAAA-MM, purchaseId), con Content-Range.',
      response: z.array(invoiceSchema),
      errors: [...LIST],
    }),
    async (c) => {
      const query = listQuery(c.req.query());
      const { items, total } = await listInvoices(c.get('deps').db, query);
      c.header('Content-Range', contentRange('invoices', { items, total, start: query.skip }));
      c.header('Access-Control-Expose-Headers', 'Content-Range');
      return c.json(items);
    },
  )
  .get(
    '/:id',
    describe({
      operationId: 'getInvoice',
      tag: TAG,
      summary: 'Un comprobante con su estado y los mensajes del SRI.',
      response: invoiceSchema,
      errors: BY_ID,
    }),
    validate('param', idParamSchema),
    async (c) => {
      const invoice = await findInvoice(c.get('deps').db, c.req.valid('param').id);
      if (!invoice) throw apiError(404, T.notFound);
      return c.json(invoice);
    },
  )
  .put(
    '/:id/buyer',
    describe({
      operationId: 'correctInvoiceBuyer',
      tag: TAG,
      summary:
        'Corrige los datos tributarios del comprador de un comprobante devuelto o no autorizado (cédula y RUC con dígito verificador, límite de consumidor final). Luego se vuelve a emitir.',
      response: withMsg(invoiceSchema),
      errors: [...JSON_BODY, ...BY_ID, 409],
    }),
    validate('param', idParamSchema),
    validate('json', invoiceBuyerCorrectionSchema),
    async (c) => {
      try {
        const { after } = await correctInvoiceBuyer(
          c.get('deps').db,
          c.req.valid('param').id,
          c.req.valid('json'),
        );
        const invoice = invoiceView(after);
        await audited(c, invoice, 'invoice.buyer_corrected');
        return c.json({ ...invoice, msg: T.buyerCorrected });
      } catch (error) {
        throw asApiError(error);
      }
    },
  )
  .post(
    '/:id/reissue',
    describe({
      operationId: 'reissueInvoice',
      tag: TAG,
      summary:
        'Vuelve a emitir un comprobante devuelto o no autorizado: se firma y se envía otra vez al SRI con su mismo número.',
      response: withMsg(invoiceSchema),
      errors: [...BY_ID, 409],
    }),
    validate('param', idParamSchema),
    async (c) => {
      try {
        const doc = await reissueCheckedInvoice(
          c.get('deps').db,
          c.req.valid('param').id,
          c.get('staff').email,
        );
        const invoice = invoiceView(doc);
        await audited(c, invoice, 'invoice.reissued');
        return c.json({ ...invoice, msg: T.reissued });
      } catch (error) {
        throw asApiError(error);
      }
    },
  );
