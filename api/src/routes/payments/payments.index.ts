// POST /api/payments/*: order creation and the provider confirmation paths (SPEC §7).
// The logic lives in api/src/payments; these handlers validate and shape answers.
import {
  captureOrderSchema,
  createOrderSchema,
  SERVER,
  verifyPayphoneSchema,
  verifyStripeSchema,
} from '@vag/contracts';
import { Hono } from 'hono';
import { rateLimit } from '../../auth/rate-limit';
import type { AppEnv } from '../../context';
import type { PurchaseDoc } from '@vag/core/db/purchases';
import { apiError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { createOrder } from '../../payments/create-order';
import { publicPurchase } from '../../payments/present';
import {
  capturePayPal,
  handleStripeWebhook,
  verifyPayPhone,
  verifyStripe,
} from '../../payments/verify';

/** A paid purchase for the confirmation page; a payment that found no numbers left is an error the buyer must see. */
function answerPurchase(purchase: PurchaseDoc) {
  if (purchase.status === 'REFUND_REQUIRED') throw apiError(409, SERVER.refundRequired);
  return publicPurchase(purchase);
}

export const paymentsRouter = new Hono<AppEnv>()
  .post(
    '/create-order',
    rateLimit('createOrder'),
    validate('json', createOrderSchema),
    async (c) => {
      const answer = await createOrder(c.get('deps'), c.req.valid('json'));
      return c.json(answer, 201);
    },
  )
  .post('/capture-order', validate('json', captureOrderSchema), async (c) => {
    const purchase = await capturePayPal(c.get('deps'), c.req.valid('json').orderId);
    return c.json(answerPurchase(purchase));
  })
  .post('/verify-stripe', validate('json', verifyStripeSchema), async (c) => {
    const purchase = await verifyStripe(c.get('deps'), c.req.valid('json').sessionId);
    return c.json(answerPurchase(purchase));
  })
  .post('/stripe-webhook', async (c) => {
    // The signature covers the exact bytes Stripe sent: read the raw body, never re-serialise.
    const raw = await c.req.text();
    return c.json(await handleStripeWebhook(c.get('deps'), raw, c.req.header('stripe-signature')));
  })
  .post('/verify-payphone', validate('json', verifyPayphoneSchema), async (c) => {
    const { id, clientTxId } = c.req.valid('json');
    const answer = await verifyPayPhone(c.get('deps'), id, clientTxId);
    return c.json('purchase' in answer ? answerPurchase(answer.purchase) : answer);
  });
