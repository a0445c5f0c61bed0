// The buyer's order page: GET /api/orders/{id}?key=… and the receipt upload
// POST /api/orders/{id}/receipt?key=… (the file as the raw body: JPEG, PNG or PDF up to
// 5 MB, typed by its first bytes). Without the right key both answer 404, so an id
// alone reveals nothing. Uploads are rate-limited per address and per order, checked
// before anything is stored, and an order keeps the files of its latest few receipts.
import { unsubscribeToken } from '@vag/core/privacy/unsubscribe-token';
import { randomUUID } from 'node:crypto';
import {
  idParamSchema,
  ORDER_MESSAGES,
  RECEIPT_MAX_BYTES,
  TICKET_TEXTS,
  type ReceiptType,
  orderKeyQuerySchema,
  orderViewSchema,
  receiptUploadResponseSchema,
} from '@vag/contracts';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { declaresBodyLimit } from '../../lib/route-facts';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../../context';
import { enforceRateLimit, rateLimit } from '../../auth/rate-limit';
import { addReceipt, takesReceipts } from '@vag/core/db/order-review';
import { keepLatestReceipts } from '@vag/core/pipeline/receipt-files';
import { getPurchase, type PurchaseDoc } from '@vag/core/db/purchases';
import { deleteReceiptFile, saveReceiptFile } from '@vag/core/db/receipts';
import { apiError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { accessKeyMatches } from '@vag/core/purchase-lifecycle/order-code';
import { currentSettings } from '@vag/core/settings/live-settings';
import { lengthenHoldForReceipt } from '@vag/core/limits/transfer-hold';
import { getRaffle } from '@vag/core/db/raffle';
import { raffleSummary } from '@vag/core/raffles/raffle-records';
import { orderView, type OrderRaffle } from './order-view';
import { hasTicket, loadTicketRaffle, renderTicket } from '@vag/core/ticket/ticket';
import type { Db } from 'mongodb';
import { BY_ID, RAW_BODY, describe } from '../../lib/openapi';
import { orderInvoice } from '../invoicing/invoice-downloads';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The receipt's type by its first bytes (never by name or header), or null. */
export function sniffReceiptType(bytes: Uint8Array): ReceiptType | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && PNG.every((b, i) => bytes[i] === b)) return 'image/png';
  if (String.fromCharCode(...bytes.subarray(0, 5)) === '%PDF-') return 'application/pdf';
  return null;
}

async function keyedPurchase(db: Db, id: string, key: string | undefined): Promise<PurchaseDoc> {
  const purchase = await getPurchase(db, id);
  if (!purchase || !accessKeyMatches(purchase.accessKey, key))
    throw apiError(404, ORDER_MESSAGES.orderNotFound);
  return purchase;
}

/**
 * A refusal (404, 409, 429…) answered before the file was read still reads it, and drops
 * it: a server that answers mid-upload and closes the connection leaves the buyer's
 * browser with a network error instead of our message. Nothing read here is stored.
 */
const drainRefusedUpload = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const body = c.req.raw.body;
  if (c.res.status < 400 || !body || c.req.raw.bodyUsed) return;
  const reader = body.getReader();
  try {
    while (!(await reader.read()).done) {
      // dropped
    }
  } catch {
    // Past the size limit or cut off by the client: the refusal stands as answered.
  }
});

export const ordersRouter = new Hono<AppEnv>()
  .get(
    '/:id',
    describe({
      operationId: 'getOrder',
      query: orderKeyQuerySchema,
      tag: 'orders',
      summary:
        'La página del pedido: código, estado, plazo, cuentas, comprobantes y números (con ?key=).',
      response: orderViewSchema,
      errors: BY_ID,
    }),
    validate('param', idParamSchema),
    async (c) => {
      const deps = c.get('deps');
      const purchase = await keyedPurchase(deps.db, c.req.valid('param').id, c.req.query('key'));
      const [settings, raffle, invoice, unsubscribe] = await Promise.all([
        currentSettings(deps),
        orderRaffle(deps.db, purchase.raffleId),
        orderInvoice(deps.db, purchase),
        purchase.consent?.marketing ? unsubscribeToken(deps.db, purchase.buyer.email) : null,
      ]);
      return c.json({
        ...orderView(purchase, settings, raffle),
        ...(invoice ? { invoice } : {}),
        ...(unsubscribe ? { unsubscribeToken: unsubscribe } : {}),
      });
    },
  )
  // The ticket of a paid purchase, with the same key as the order page.
  .get(
    '/:id/ticket',
    describe({
      operationId: 'getTicket',
      query: orderKeyQuerySchema,
      tag: 'orders',
      summary:
        'El boleto en PDF de una compra pagada: números, regla del sorteo y QR a /verificar (con ?key=).',
      response: null,
      produces: ['application/pdf'],
      errors: [...BY_ID, 409],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const deps = c.get('deps');
      const purchase = await keyedPurchase(deps.db, c.req.valid('param').id, c.req.query('key'));
      if (!hasTicket(purchase)) throw apiError(409, TICKET_TEXTS.notPaid);
      const { fileName, pdf } = await renderTicket(
        purchase,
        purchase.assignedNumbers,
        await loadTicketRaffle(deps.db, purchase.raffleId),
        deps.env.PUBLIC_URL,
      );
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${fileName}"`,
        'cache-control': 'private, no-store',
      });
    },
  )
  .post(
    '/:id/receipt',
    describe({
      operationId: 'uploadReceipt',
      query: orderKeyQuerySchema,
      tag: 'orders',
      summary:
        'Sube el comprobante (JPEG, PNG o PDF hasta 5 MB, como cuerpo del pedido; con ?key=).',
      status: 201,
      response: receiptUploadResponseSchema,
      rawBody: true,
      errors: [...RAW_BODY, 404, 409, 415, 429],
    }),
    declaresBodyLimit(
      bodyLimit({
        maxSize: RECEIPT_MAX_BYTES,
        onError: (c) => c.json({ msg: ORDER_MESSAGES.receiptTooLarge }, 413),
      }),
    ),
    drainRefusedUpload,
    validate('param', idParamSchema),
    rateLimit('receiptUpload'),
    async (c) => {
      const deps = c.get('deps');
      const { id } = c.req.valid('param');
      // Every check before any byte is stored (a refused upload never reaches the disk).
      const purchase = await keyedPurchase(deps.db, id, c.req.query('key'));
      if (!takesReceipts(purchase, new Date()))
        throw apiError(409, ORDER_MESSAGES.receiptNotAccepted);
      await enforceRateLimit(deps, 'receiptUploadPerOrder', id);
      const { data, contentType } = await receiptBody(c.req.raw);

      // A receipt lengthens a transfer's short first hold once, when it can be one
      // (core/src/limits/transfer-hold.ts); a file too small is kept for staff all the same.
      const received = await storeReceipt(deps, id, data, contentType);
      const held = await lengthenHoldForReceipt(deps, received, { data, contentType });
      const current = await keepLatestReceipts(deps, held.purchase);
      const [settings, raffle] = await Promise.all([
        currentSettings(deps),
        orderRaffle(deps.db, current.raffleId),
      ]);
      const msg = held.unreadable
        ? ORDER_MESSAGES.receiptUnreadable
        : ORDER_MESSAGES.receiptReceived(current.messaging?.channel);
      const order = orderView(current, settings, raffle);
      return c.json({ msg, ...(held.unreadable && { holdKept: true }), order }, 201);
    },
  );

/**
 * The raffle a purchase belongs to, named on its order page whichever raffle is featured
 * now, and linked to its page while it has one: every published raffle keeps it, also
 * drawn or archived, where its result stays (SPEC, "Many raffles"); a draft has none.
 */
async function orderRaffle(db: Db, raffleId: string): Promise<OrderRaffle> {
  const raffle = await getRaffle(db, raffleId);
  if (!raffle) return { name: '', slug: null };
  const summary = raffleSummary(raffle);
  return { name: summary.name, slug: summary.status === 'draft' ? null : summary.slug };
}

/** The uploaded file, checked: not empty, not too large, a JPEG, PNG or PDF by its bytes. */
async function receiptBody(req: Request): Promise<{ data: Buffer; contentType: ReceiptType }> {
  const data = Buffer.from(await req.arrayBuffer());
  if (data.length === 0) throw apiError(400, ORDER_MESSAGES.receiptEmpty);
  if (data.length > RECEIPT_MAX_BYTES) throw apiError(413, ORDER_MESSAGES.receiptTooLarge);
  const contentType = sniffReceiptType(data);
  if (!contentType) throw apiError(415, ORDER_MESSAGES.receiptType);
  return { data, contentType };
}

/**
 * Stores the file, then lists it on the order. The file first, so a listed receipt always
 * has its bytes; if the order stopped taking receipts in between (paid, expired), the
 * file goes again and the buyer gets the 409.
 */
async function storeReceipt(
  deps: AppDeps,
  id: string,
  data: Buffer,
  contentType: ReceiptType,
): Promise<PurchaseDoc> {
  const receipt = { id: randomUUID(), contentType, size: data.length, uploadedAt: new Date() };
  await saveReceiptFile(deps.db, { receiptId: receipt.id, purchaseId: id, data, contentType });
  const updated = await addReceipt(deps.db, id, receipt);
  if (updated) return updated;
  await deleteReceiptFile(deps.db, receipt.id);
  throw apiError(409, ORDER_MESSAGES.receiptNotAccepted);
}
