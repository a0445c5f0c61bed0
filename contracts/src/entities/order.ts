// The buyer's order page (/pedido): what a purchase id plus its access key may read, what
// an id alone may read, the receipt rules and the staff's rejection.
import { z } from 'zod';
import { messageChannelSchema } from './message-channel';
import { idSchema, isoDateTimeSchema, paymentMethodSchema } from '../common';
import { ORDER_MESSAGES as M } from '../order-messages';
import { bankAccountSchema } from './settings';
import { orderInvoiceSchema } from './invoice-texts';
import { instantPrizeWonSchema, purchaseStatusSchema } from './purchase';
import { RECEIPT_TYPES } from './receipt-rules';

export const ORDER_STATES = [
  'awaiting_payment',
  'in_review',
  'rejected',
  'paid',
  'expired',
  'refund',
  'refunded',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** What a buyer's order state reads as, on the order page and in the lookup list alike. */
export const ORDER_STATE_WORDS: Record<OrderState, string> = {
  awaiting_payment: M.status.awaitingPayment,
  in_review: M.status.inReview,
  rejected: M.status.rejected,
  paid: M.status.paid,
  expired: M.status.expired,
  refund: M.status.refund,
  refunded: M.status.refunded,
};

/**
 * The buyer's state of a purchase: its status, staff's review of an unpaid transfer, and a
 * hold past its end, which is over for the buyer even before the sweeper's next pass gives
 * its numbers back.
 */
export function orderStateOf(
  p: {
    status: 'PENDING' | 'COMPLETED' | 'EXPIRED' | 'REFUND_REQUIRED';
    review?: { state: 'in_review' | 'rejected' } | null | undefined;
    reservation?: { active: boolean; expiresAt: Date } | null | undefined;
    /** The money given back (SPEC §4, "Refunds"): whatever the status, it reads refunded. */
    refund?: { at: Date } | null | undefined;
  },
  now: Date,
): OrderState {
  if (p.refund) return 'refunded';
  switch (p.status) {
    case 'COMPLETED':
      return 'paid';
    case 'EXPIRED':
      return 'expired';
    case 'REFUND_REQUIRED':
      return 'refund';
    case 'PENDING':
      if (p.reservation?.active && p.reservation.expiresAt.getTime() <= now.getTime())
        return 'expired';
      if (p.review?.state === 'in_review') return 'in_review';
      if (p.review?.state === 'rejected') return 'rejected';
      return 'awaiting_payment';
    default: {
      const never: never = p.status;
      return never;
    }
  }
}

// The receipt rules live apart from the schemas, so the order page ships no zod.
export {
  RECEIPT_HOLD_MIN_BYTES,
  RECEIPT_HOLD_MIN_SIDE,
  RECEIPT_MAX_BYTES,
  RECEIPT_TYPES,
  type ReceiptType,
} from './receipt-rules';

export const receiptInfoSchema = z.object({
  id: idSchema,
  contentType: z.enum(RECEIPT_TYPES),
  size: z.number().int().nonnegative(),
  uploadedAt: isoDateTimeSchema,
});
export type ReceiptInfo = z.infer<typeof receiptInfoSchema>;

export const reviewActionSchema = z.object({
  action: z.enum(['confirmed', 'rejected']),
  by: z.string(),
  at: isoDateTimeSchema,
  reason: z.string().optional(),
});
export type ReviewAction = z.infer<typeof reviewActionSchema>;

/** GET /orders/{id}?key=…: the order page. */
export const orderViewSchema = z.object({
  id: idSchema,
  orderCode: z.string(),
  state: z.enum(ORDER_STATES),
  /** The state in words: 'Pendiente de pago', 'Comprobante en revisión', … */
  statusText: z.string(),
  rejectionReason: z.string().nullable(),
  status: purchaseStatusSchema,
  paymentMethod: paymentMethodSchema,
  createdAt: isoDateTimeSchema,
  /** When the hold ends (null once paid or expired). */
  deadline: isoDateTimeSchema.nullable(),
  quantity: z.number().int(),
  totalPrice: z.number(),
  packageName: z.string(),
  firstName: z.string(),
  bankAccounts: z.array(bankAccountSchema),
  whatsappNumber: z.string(),
  whatsappText: z.string(),
  receipts: z.array(receiptInfoSchema),
  canUploadReceipt: z.boolean(),
  /** The numbers, once paid and assigned. */
  assignedNumbers: z.array(z.string()),
  /** A pick-mode order's chosen numbers (held until paid, then its assigned numbers). */
  pickedNumbers: z.array(z.string()).optional(),
  /** The instant prizes its numbers won, once paid and assigned. */
  instantPrizesWon: z.array(instantPrizeWonSchema).optional(),
  /**
   * The raffle the purchase belongs to, whichever is featured now: its name, and its slug
   * (its page stays public once drawn or archived; null for a raffle never published).
   */
  raffle: z.object({ name: z.string(), slug: z.string().nullable() }),
  /**
   * A transfer the bank lines paid only in part (SPEC §4, "Short payments"): what came and
   * what is missing, in dollars; null otherwise.
   */
  shortPayment: z.object({ received: z.number(), missing: z.number() }).nullable().optional(),
  /**
   * The money given back (SPEC §4, "Refunds"): how much, when and by which way (the
   * purchase's payment method); null otherwise. One refund per purchase, for its total.
   */
  refund: z
    .object({ amount: z.number(), at: isoDateTimeSchema, method: paymentMethodSchema })
    .nullable()
    .optional(),
  /** The paid purchase's factura when invoicing issued one (its downloads once authorized). */
  invoice: orderInvoiceSchema.nullable().optional(),
  /**
   * When the buyer asked for news: the token of /baja?t=…, so that every phone message
   * (each links this page) is one click from withdrawing, as every e-mail is.
   */
  unsubscribeToken: z.string().optional(),
  /** Where the buyer's phone messages go (WhatsApp or SMS), so the page names the right one. */
  messageChannel: messageChannelSchema.optional(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** GET /purchases/{id} without the key: nothing personal, nothing to act on. */
export const purchaseSummarySchema = z.object({
  _id: idSchema,
  id: idSchema,
  status: purchaseStatusSchema,
  createdAt: isoDateTimeSchema,
  paymentMethod: paymentMethodSchema,
  quantity: z.number().int(),
  unitPrice: z.number(),
  totalPrice: z.number(),
  packageData: z.object({ name: z.string() }).nullable(),
  /** Tells the page that the full view needs the order link. */
  keyRequired: z.literal(true),
});
export type PurchaseSummary = z.infer<typeof purchaseSummarySchema>;

/** POST /purchases/{id}/reject-transfer. */
export const rejectTransferSchema = z.object({
  reason: z
    .string({ error: M.rejectReasonMin })
    .trim()
    .min(5, { error: M.rejectReasonMin })
    .max(500, { error: M.rejectReasonMax }),
});
export type RejectTransfer = z.infer<typeof rejectTransferSchema>;

/** ?key=… of the order page's calls: the purchase's unguessable access key. */
export const orderKeyQuerySchema = z.object({ key: z.string() });

/** POST /orders/{id}/receipt answers the order as it now stands. */
export const receiptUploadResponseSchema = z.object({
  msg: z.string(),
  /** The file was kept for staff but cannot be a receipt: the hold was not lengthened. */
  holdKept: z.boolean().optional(),
  order: orderViewSchema,
});

/** POST /purchases/{id}/reject-transfer answers the review record. */
export const rejectTransferResponseSchema = z.object({
  msg: z.string(),
  reviewLog: z.array(reviewActionSchema),
});

/** GET /purchases/{id}/receipts/{receiptId}. */
export const receiptParamsSchema = z.object({ id: idSchema, receiptId: z.string().min(1) });

/** GET /purchases/in-review/count: the 'En revisión' badge. */
export const inReviewCountSchema = z.object({ count: z.number().int().nonnegative() });

/** GET /referral/{code}: the active reseller's code as stored, or null (the sale goes 'Directo'). */
export const referralCodeParamsSchema = z.object({ code: z.string() });
export const referralAnswerSchema = z.object({ code: z.string().nullable() });

/** How much of the access key a short link carries: 12 base64url characters, 72 bits. */
const SHORT_KEY_CHARS = 12;
const SHORT_CODE = /^([23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6})([A-Za-z0-9_-]{12})$/;

/**
 * The order page's short address for an SMS: `/p/` + the order code's six characters +
 * the start of the access key. The code finds the order, the key part keeps it as hard
 * to guess as the full link (the code alone is on every transfer).
 */
export function shortOrderPath(orderCode: string, accessKey: string): string | null {
  const code = `${orderCode.replace(/^VAG-/, '')}${accessKey.slice(0, SHORT_KEY_CHARS)}`;
  return parseShortOrderCode(code) ? `/p/${code}` : null;
}

/** What a short link names: the order code and the start of the key; null when malformed. */
export function parseShortOrderCode(code: string): { orderCode: string; keyStart: string } | null {
  const match = SHORT_CODE.exec(code);
  return match ? { orderCode: `VAG-${match[1]}`, keyStart: match[2]! } : null;
}

/** The order page's address for a purchase. */
export function orderPath(purchaseId: string, accessKey: string): string {
  return `/pedido?id=${encodeURIComponent(purchaseId)}&key=${encodeURIComponent(accessKey)}`;
}
