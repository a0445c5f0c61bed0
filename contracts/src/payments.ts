// Order creation and payment confirmation calls (SPEC §7 "Order payload").
import { z } from 'zod';
import { ALWAYS_REFINE, idSchema } from './common';
import {
  CLIENT_TRANSACTION_ID_MAX,
  CLIENT_TRANSACTION_ID_PREFIX,
  PAYMENT_METHODS,
} from './constants';
import { buyerFieldsSchema, checkAddress } from './entities/buyer';
import { emailsMatch } from './entities/buyer-rules';
import { orderConsentInputSchema } from './entities/consent';
import { orderMessagingInputSchema } from './entities/message-channel';
import { pickedNumbersSchema } from './entities/number-picks';
import { PICK_TEXTS } from './entities/number-picks-texts';
import { purchaseSummarySchema } from './entities/order';
import {
  cardBlockSchema,
  mobileBlockSchema,
  paypalBlockSchema,
  purchaseSchema,
} from './entities/purchase';
import { BUYER_MESSAGES, SERVER, VALIDATION } from './messages';

export const PAYMENT_PROVIDERS = ['stripe', 'paypal', 'bank_transfer', 'payphone'] as const;
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS);

/** The buyer of an order: the form fields plus the provider the client meant. */
export const orderBuyerSchema = buyerFieldsSchema.extend({
  confirmEmail: z.string().trim().optional(),
  acceptedTerms: z.literal(true, { error: VALIDATION.termsRequired }),
  paymentProvider: paymentProviderSchema.optional(),
});
export type OrderBuyer = z.input<typeof orderBuyerSchema>;

export const clientTransactionIdSchema = z
  .string()
  .startsWith(CLIENT_TRANSACTION_ID_PREFIX, { error: VALIDATION.clientTransactionIdInvalid })
  .max(CLIENT_TRANSACTION_ID_MAX, { error: VALIDATION.clientTransactionIdInvalid })
  .regex(/^[A-Za-z0-9_-]+$/, { error: VALIDATION.clientTransactionIdInvalid });

/**
 * POST /payments/create-order. Amounts are what the client computed; the server
 * recomputes them (I6) and refuses a mismatch.
 */
export const createOrderSchema = z
  .object({
    amount: z.number().nonnegative(),
    quantity: z
      .number({ error: BUYER_MESSAGES.quantityWhole })
      .int({ error: BUYER_MESSAGES.quantityWhole })
      .positive({ error: BUYER_MESSAGES.quantityWhole }),
    unitPrice: z.number().nonnegative(),
    totalPrice: z.number().nonnegative(),
    /** null for a custom quantity. */
    packageId: idSchema.nullable(),
    resellerCode: z.string().trim().max(64).nullish(),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: VALIDATION.paymentMethodInvalid }),
    buyer: orderBuyerSchema,
    /** Only for custom packages. */
    packageData: z
      .object({
        name: z.string(),
        quantity: z.number().int().positive(),
        price: z.number().nonnegative(),
      })
      .optional(),
    /** Mobile (PayPhone) only: 'trx-' plus a unique id, at most 50 characters. */
    clientTransactionId: clientTransactionIdSchema.optional(),
    /** The buyer's marketing choice (separate from the terms, off unless ticked). */
    consent: orderConsentInputSchema.default({ marketing: false }),
    /** Where the numbers go besides e-mail: WhatsApp (with its opt-in) or SMS. */
    messaging: orderMessagingInputSchema.optional(),
    /** Pick-mode raffles only: the chosen numbers, as many as the quantity. */
    numbers: pickedNumbersSchema.optional(),
  })
  .superRefine((order, ctx) => {
    if (order.numbers && order.numbers.length !== order.quantity) {
      ctx.addIssue({ code: 'custom', path: ['numbers'], message: PICK_TEXTS.countMismatch });
    }
    if (order.buyer) checkAddress(order.buyer, order.paymentMethod, ctx, ['buyer']);
    if (
      order.buyer?.confirmEmail !== undefined &&
      !emailsMatch(order.buyer.email, order.buyer.confirmEmail)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['buyer', 'confirmEmail'],
        message: VALIDATION.emailsDontMatch,
      });
    }
    if (order.paymentMethod === 'mobile' && !order.clientTransactionId) {
      ctx.addIssue({
        code: 'custom',
        path: ['clientTransactionId'],
        message: VALIDATION.clientTransactionIdInvalid,
      });
    }
  }, ALWAYS_REFINE);
export type CreateOrderInput = z.input<typeof createOrderSchema>;
export type CreateOrder = z.infer<typeof createOrderSchema>;

/** The value of create-order's `Idempotency-Key` header (IDEMPOTENCY_KEY_HEADER). */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, { error: SERVER.idempotencyKeyInvalid });
/** The headers create-order reads (Hono names them in lower case). */
export const createOrderHeadersSchema = z.object({
  'idempotency-key': idempotencyKeySchema.optional(),
});

/** Every create-order answer names the order: its human code and the order page's link. */
const orderRef = {
  purchaseId: idSchema,
  /** e.g. VAG-7F3K2Q, also the bank-transfer concept. */
  orderCode: z.string().optional(),
  /** /pedido?id=…&key=… (the key is what lets the buyer read the order). */
  orderUrl: z.string().optional(),
};

export const paypalOrderResponseSchema = z.object({ approveUrl: z.string(), ...orderRef });
export type PaypalOrderResponse = z.infer<typeof paypalOrderResponseSchema>;

export const cardOrderResponseSchema = z.object({ checkoutUrl: z.string(), ...orderRef });
export type CardOrderResponse = z.infer<typeof cardOrderResponseSchema>;

/** The buyer goes to the order page (never straight to WhatsApp). */
export const bankTransferOrderResponseSchema = z.object({
  msg: z.string(),
  ...orderRef,
  orderCode: z.string(),
  orderUrl: z.string(),
});
export type BankTransferOrderResponse = z.infer<typeof bankTransferOrderResponseSchema>;

/**
 * Mobile (PayPhone): `payUrl` and `id` as SPEC says, plus what /payphone-box.html
 * needs so no token or store id is hard-coded in the client.
 */
export const mobileOrderResponseSchema = z.object({
  payUrl: z.string(),
  id: z.union([z.string(), z.number()]),
  purchaseId: idSchema.optional(),
  orderCode: z.string().optional(),
  orderUrl: z.string().optional(),
  token: z.string().optional(),
  storeId: z.string().optional(),
  reference: z.string().optional(),
});
export type MobileOrderResponse = z.infer<typeof mobileOrderResponseSchema>;

export const createOrderResponseSchema = z.union([
  paypalOrderResponseSchema,
  cardOrderResponseSchema,
  bankTransferOrderResponseSchema,
  mobileOrderResponseSchema,
]);
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

/**
 * The order link's key, which the browser kept when it created the order: with it a
 * confirmation call answers the whole purchase; without it, only what the payment
 * reference itself may learn (paymentSummarySchema).
 */
const orderKey = z.string().trim().max(200).optional();

/** POST /payments/capture-order (PayPal returns the buyer with ?token=<orderId>). */
export const captureOrderSchema = z.object({ orderId: z.string().trim().min(1), key: orderKey });
export type CaptureOrder = z.infer<typeof captureOrderSchema>;

/** POST /payments/verify-stripe. */
export const verifyStripeSchema = z.object({
  sessionId: z.string().trim().min(1),
  key: orderKey,
});
export type VerifyStripe = z.infer<typeof verifyStripeSchema>;

/** POST /payments/verify-payphone with PayPhone's ?id=<int>&clientTransactionId=<str>. */
export const verifyPayphoneSchema = z.object({
  id: z.number().int().nonnegative(),
  clientTxId: z.string().trim().min(1).max(CLIENT_TRANSACTION_ID_MAX),
  key: orderKey,
});
export type VerifyPayphone = z.infer<typeof verifyPayphoneSchema>;

/**
 * A confirmation call's answer to a caller without the order's key: the status and
 * amounts, the order code and the reference the caller sent — nothing personal, no
 * numbers, no key.
 */
export const paymentSummarySchema = purchaseSummarySchema.extend({
  orderCode: z.string().optional(),
  paypal: paypalBlockSchema.pick({ orderId: true, status: true }).optional(),
  card: cardBlockSchema.pick({ sessionId: true, status: true }).optional(),
  mobile: mobileBlockSchema.pick({ transactionId: true, status: true }).optional(),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

/** capture-order and verify-stripe: the purchase with the key, its summary without. */
export const paymentAnswerSchema = z.union([purchaseSchema, paymentSummarySchema]);

/** Already processed: only the id comes back and the client fetches the purchase. */
export const purchaseIdOnlySchema = z.object({ purchase_id: idSchema });
export const verifyPayphoneResponseSchema = z.union([
  purchaseSchema,
  paymentSummarySchema,
  purchaseIdOnlySchema,
]);

/** POST /payments/stripe-webhook: the event was taken (or was not one we act on). */
export const stripeWebhookResponseSchema = z.object({ received: z.boolean() });
export type VerifyPayphoneResponse = z.infer<typeof verifyPayphoneResponseSchema>;

/** GET /purchases/by-email/{email}. */
export const purchasesByEmailParamsSchema = z.object({
  email: z.string().trim().min(1, { error: VALIDATION.emailRequired }),
});
