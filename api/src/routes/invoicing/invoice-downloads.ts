// The buyer's factura from the order page: GET /api/orders/{id}/invoice.xml and
// invoice.pdf (the RIDE), with the order's key as its page uses it. Without the right key
// both answer 404 as the order page does, so an id alone reveals nothing; before the SRI
// authorizes the factura, 409 says so.
import {
  INVOICE_ORDER_TEXTS,
  ORDER_MESSAGES,
  idParamSchema,
  invoiceFileName,
  invoiceNumber,
  orderKeyQuerySchema,
  type OrderInvoice,
} from '@vag/contracts';
import { Hono, type Context } from 'hono';
import { getPurchase, type PurchaseDoc } from '@vag/core/db/purchases';
import type { Db } from 'mongodb';
import type { InvoiceDoc } from '@vag/core/db/invoices';
import { renderRide } from '@vag/core/invoices/ride';
import { authorizedXmlFile, facturaOfPurchase } from '@vag/core/invoices/staff-actions';
import { accessKeyMatches } from '@vag/core/purchase-lifecycle/order-code';
import type { AppEnv } from '../../context';
import { apiError } from '../../lib/errors';
import { BY_ID, describe } from '../../lib/openapi';
import { validate } from '../../lib/validate';

async function authorizedFactura(c: Context<AppEnv>, id: string): Promise<InvoiceDoc> {
  const { db } = c.get('deps');
  const purchase = await getPurchase(db, id);
  if (!purchase || !accessKeyMatches(purchase.accessKey, c.req.query('key')))
    throw apiError(404, ORDER_MESSAGES.orderNotFound);
  const factura = await facturaOfPurchase(db, purchase._id);
  if (factura?.status !== 'autorizada' || !factura.authorizedXml)
    throw apiError(409, INVOICE_ORDER_TEXTS.notAuthorized);
  return factura;
}

/**
 * The order page's factura: its state and number, or null (unpaid, or invoicing off when
 * it was paid). Read only for a paid purchase, so an unpaid order's page costs nothing more.
 */
export async function orderInvoice(db: Db, purchase: PurchaseDoc): Promise<OrderInvoice | null> {
  if (!purchase.paidAt) return null;
  const factura = await facturaOfPurchase(db, purchase._id);
  if (!factura?.secuencial) return null;
  return { status: factura.status, number: invoiceNumber(factura) };
}

function attachment(fileName: string, contentType: string) {
  return {
    'content-type': contentType,
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'private, no-store',
  };
}

export const invoiceDownloadsRouter = new Hono<AppEnv>()
  .get(
    '/:id/invoice.xml',
    describe({
      operationId: 'getOrderInvoiceXml',
      query: orderKeyQuerySchema,
      tag: 'orders',
      summary:
        'La factura electrónica autorizada de una compra pagada, en XML como la devolvió el SRI (con ?key=).',
      response: null,
      produces: ['application/xml'],
      errors: [...BY_ID, 409],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const factura = await authorizedFactura(c, c.req.valid('param').id);
      return c.body(
        authorizedXmlFile(factura.authorizedXml!),
        200,
        attachment(invoiceFileName(factura, 'xml'), 'application/xml; charset=UTF-8'),
      );
    },
  )
  .get(
    '/:id/invoice.pdf',
    describe({
      operationId: 'getOrderInvoicePdf',
      query: orderKeyQuerySchema,
      tag: 'orders',
      summary:
        'El RIDE (representación impresa) de la factura autorizada, en PDF con la clave de acceso en código de barras (con ?key=).',
      response: null,
      produces: ['application/pdf'],
      errors: [...BY_ID, 409],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const factura = await authorizedFactura(c, c.req.valid('param').id);
      const pdf = await renderRide(factura);
      return c.body(
        pdf as Uint8Array<ArrayBuffer>,
        200,
        attachment(invoiceFileName(factura, 'pdf'), 'application/pdf'),
      );
    },
  );
