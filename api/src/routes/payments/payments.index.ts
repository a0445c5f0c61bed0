// POST /api/payments/*: order creation and the provider confirmation paths (SPEC §7).
// The purchase lifecycle lives in core/src/purchase-lifecycle and the providers' side in
// api/src/payments; these handlers validate, call them and shape answers.
import {
  captureOrderSchema,
  createOrderHeadersSchema,
  createOrderSchema,
  SERVER,
  verifyPayphoneSchema,
  verifyStripeSchema,
  createOrderResponseSchema,
  paymentAnswerSchema,
  verifyPayphoneResponseSchema,
  stripeWebhookResponseSchema,
} from '@vag/contracts';
import { Hono } from 'hono';
import { clientAddress } from '../../auth/client-address';
import { enforceBuyerOrderLimit, rateLimit } from '../../auth/rate-limit';
import { bodyLimitOf, KB, onRequestPath } from '../../lib/route-facts';
import { optionalStaff } from '../../auth';
import type { AppEnv, StaffUser } from '../../context';
import type { PurchaseDoc } from '@vag/core/db/purchases';
import { apiError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { createOrderOnce } from '../../payments/create-order';
import { paymentAnswer } from '../../payments/present';
import {
  capturePayPal,
  handleStripeWebhook,
  verifyPayPhone,
  verifyStripe,
} from '../../payments/verify';
import { JSON_BODY, RAW_BODY, describe } from '../../lib/openapi';
import { raffleIdOf } from '../../raffles/raffle-scope';

/**
 * A paid purchase for the confirmation page, whole only for the holder of the order's key
 * (present.ts); a payment that found no numbers left is an error the buyer must see.
 */
function answerPurchase(purchase: PurchaseDoc, key: string | undefined) {
  if (purchase.status === 'REFUND_REQUIRED') throw apiError(409, SERVER.refundRequired);
  return paymentAnswer(purchase, key);
}

/** The one payments call that belongs to a raffle: also mounted at /api/raffles/{raffle}/payments. */
export const createOrderRouter = new Hono<AppEnv>().post(
  '/create-order',
  describe({
    operationId: 'createOrder',
    tag: 'payments',
    summary:
      'Reserva los números y crea el pago con el proveedor del método elegido. Con Idempotency-Key, repetir el mismo pedido responde el primero; la misma clave con otro pedido, 422.',
    status: 201,
    response: createOrderResponseSchema,
    errors: [...JSON_BODY, 404, 409, 422, 429, 502, 503],
  }),
  // Up to MAX_PICKED_PER_ORDER chosen numbers ("99999", each) fit beside the buyer's fields.
  bodyLimitOf(96 * KB),
  onRequestPath(),
  // Every request counts against its address's generous ceiling, junk included; a valid
  // order then against its buyer's own limit.
  rateLimit('createOrderAddress'),
  validate('header', createOrderHeadersSchema),
  validate('json', createOrderSchema),
  // Staff placing an order for a buyer are named in its consent's channel.
  optionalStaff(),
  async (c) => {
    const deps = c.get('deps');
    const order = c.req.valid('json');
    const address = clientAddress(c, deps.env.TRUST_PROXY);
    await enforceBuyerOrderLimit(deps, order.buyer);
    const caller = {
      address,
      raffleId: await raffleIdOf(c),
      staff: c.var.staff as StaffUser | undefined,
    };
    const key = c.req.valid('header')['idempotency-key'];
    return c.json(await createOrderOnce(deps, order, caller, key), 201);
  },
);

/** The confirmations find their order by its own id, whatever its raffle. */
export const paymentsRouter = new Hono<AppEnv>()
  .route('/', createOrderRouter)
  .post(
    '/capture-order',
    describe({
      operationId: 'captureOrder',
      tag: 'payments',
      summary:
        'Captura una orden de PayPal aprobada; la compra completa solo con la clave del pedido.',
      response: paymentAnswerSchema,
      errors: [...JSON_BODY, 402, 404, 409, 429, 502],
    }),
    bodyLimitOf(2 * KB),
    onRequestPath(),
    rateLimit('paymentCheck'),
    validate('json', captureOrderSchema),
    async (c) => {
      const { orderId, key } = c.req.valid('json');
      const purchase = await capturePayPal(c.get('deps'), orderId);
      return c.json(answerPurchase(purchase, key));
    },
  )
  .post(
    '/verify-stripe',
    describe({
      operationId: 'verifyStripe',
      tag: 'payments',
      summary:
        'Verifica una sesión de pago con tarjeta; la compra completa solo con la clave del pedido.',
      response: paymentAnswerSchema,
      errors: [...JSON_BODY, 402, 404, 409, 429, 502],
    }),
    bodyLimitOf(2 * KB),
    onRequestPath(),
    rateLimit('paymentCheck'),
    validate('json', verifyStripeSchema),
    async (c) => {
      const { sessionId, key } = c.req.valid('json');
      const purchase = await verifyStripe(c.get('deps'), sessionId);
      return c.json(answerPurchase(purchase, key));
    },
  )
  .post(
    '/stripe-webhook',
    describe({
      operationId: 'stripeWebhook',
      tag: 'payments',
      summary: 'Webhook firmado de Stripe (checkout.session.completed).',
      response: stripeWebhookResponseSchema,
      rawBody: true,
      // 503: Stripe is not configured.
      errors: [...RAW_BODY, 503],
    }),
    bodyLimitOf(256 * KB),
    onRequestPath(),
    async (c) => {
      // The signature covers the exact bytes Stripe sent: read the raw body, never re-serialise.
      const raw = await c.req.text();
      return c.json(
        await handleStripeWebhook(c.get('deps'), raw, c.req.header('stripe-signature')),
      );
    },
  )
  .post(
    '/verify-payphone',
    describe({
      operationId: 'verifyPayphone',
      tag: 'payments',
      summary: 'Confirma un pago de PayPhone; si ya fue procesado responde solo purchase_id.',
      response: verifyPayphoneResponseSchema,
      errors: [...JSON_BODY, 402, 404, 409, 429, 502],
    }),
    bodyLimitOf(2 * KB),
    onRequestPath(),
    rateLimit('paymentCheck'),
    validate('json', verifyPayphoneSchema),
    async (c) => {
      const { id, clientTxId, key } = c.req.valid('json');
      const answer = await verifyPayPhone(c.get('deps'), id, clientTxId);
      return c.json('purchase' in answer ? answerPurchase(answer.purchase, key) : answer);
    },
  );
