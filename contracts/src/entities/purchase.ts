// A purchase: the order, its payment blocks per provider, its numbers and notifications.
import { z } from 'zod';
import { idSchema, raIdSchema, isoDateTimeSchema, paymentMethodSchema } from '../common';
import { MIN_LENGTH, NOTIFICATION_CHANNELS, PACKAGE_TYPES, PURCHASE_STATUSES } from '../constants';
import { VALIDATION } from '../messages';
import { purchaseBuyerSchema } from './buyer';
import { acceptShortReasonSchema, purchaseBankLineSchema } from './bank-statement';
import { purchaseMessagingSchema } from './message-channel';

export const purchaseStatusSchema = z.enum(PURCHASE_STATUSES);
export const packageTypeSchema = z.enum(PACKAGE_TYPES);
export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);

export const paypalBlockSchema = z.object({
  orderId: z.string(),
  status: z.string(),
  amount: z.number().optional(),
  currency: z.string().optional(),
  completedAt: isoDateTimeSchema.nullish(),
});

export const cardBlockSchema = z.object({
  sessionId: z.string(),
  status: z.string(),
  completedAt: isoDateTimeSchema.nullish(),
  paymentIntentId: z.string().nullish(),
});

export const mobileBlockSchema = z.object({
  transactionId: z.union([z.string(), z.number()]).nullish(),
  clientTransactionId: z.string().optional(),
  status: z.string(),
  cardBrand: z.string().nullish(),
  last4: z.string().nullish(),
  completedAt: isoDateTimeSchema.nullish(),
});

export const bankTransferBlockSchema = z.object({
  received: z.boolean(),
  bankName: z.string().nullish(),
  referenceCode: z.string().nullish(),
  confirmedAt: isoDateTimeSchema.nullish(),
  /** The staff member who confirmed it. */
  confirmedBy: z.string().nullish(),
  /** The bank statement line that paid it (its id), when a statement import confirmed it. */
  statementLineId: z.string().nullish(),
});

export const NOTIFICATION_STATES = ['pending', 'sent', 'failed', 'logged'] as const;
export const notificationStatusSchema = z.object({
  /** 'logged' = no SMTP/Twilio configured, written to the local outbox instead. */
  status: z.enum(NOTIFICATION_STATES),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().optional(),
  sentAt: isoDateTimeSchema.optional(),
});
export type NotificationStatus = z.infer<typeof notificationStatusSchema>;

/** The order's own messages before payment (order link, reminder, rejected receipt, expiry). */
export const ORDER_NOTICE_LABELS: Record<string, string> = {
  order_created: 'Pedido registrado (enlace y datos para pagar)',
  reminder: 'Recordatorio antes del vencimiento',
  receipt_rejected: 'Comprobante rechazado',
  expired: 'Pedido vencido',
};

/** One order message on one channel, as its delivery record says. */
export const orderNoticeStateSchema = z.object({
  kind: z.string(),
  label: z.string(),
  channel: notificationChannelSchema,
  /** 'sending', 'sent', 'logged', 'failed' (or a newer state, shown as it is). */
  status: z.string(),
  at: isoDateTimeSchema,
  lastError: z.string().optional(),
});
export type OrderNoticeState = z.infer<typeof orderNoticeStateSchema>;

export const purchaseNotificationsSchema = z.object({
  email: notificationStatusSchema.optional(),
  sms: notificationStatusSchema.optional(),
  /** The order messages sent before payment, oldest first. */
  notices: z.array(orderNoticeStateSchema).optional(),
});

/** GET /purchases/{id}/review-permission: may this staff member confirm or reject it. */
export const reviewPermissionSchema = z.object({
  canReview: z.boolean(),
  reason: z.string().nullable(),
});
export type ReviewPermission = z.infer<typeof reviewPermissionSchema>;
export type PurchaseNotifications = z.infer<typeof purchaseNotificationsSchema>;

/** POST /purchases/{id}/notifications/{channel}/resend. */
export const notificationParamsSchema = z.object({
  id: idSchema,
  channel: notificationChannelSchema,
});
export const resendNotificationResponseSchema = z.object({
  msg: z.string(),
  notifications: purchaseNotificationsSchema,
});
export type ResendNotificationResponse = z.infer<typeof resendNotificationResponseSchema>;

/** What bank lines paid of a transfer order, in cents, and staff's reason if they confirmed it short. */
export const shortPaymentSchema = z.object({
  receivedCents: z.number().int(),
  accepted: z.object({ by: z.string(), reason: z.string(), at: isoDateTimeSchema }).optional(),
});
export type ShortPayment = z.infer<typeof shortPaymentSchema>;

export const instantPrizeWonSchema = z.object({ number: z.string(), amount: z.number() });
export type InstantPrizeWon = z.infer<typeof instantPrizeWonSchema>;

export const purchaseSchema = z.object({
  _id: idSchema,
  id: raIdSchema,
  /** The raffle it was bought in (purchases from before many raffles belong to 'current'). */
  raffleId: z.string().optional(),
  /** That raffle's name, in the staff history's 'Rifa' column. */
  raffleName: z.string().optional(),
  createdAt: isoDateTimeSchema,
  buyer: purchaseBuyerSchema,
  resellerCode: z.string().nullish(),
  quantity: z.number().int().positive(),
  unitPrice: z.number().nonnegative(),
  totalPrice: z.number().nonnegative(),
  paymentMethod: paymentMethodSchema,
  status: purchaseStatusSchema,
  packageId: z.string().nullish(),
  packageType: packageTypeSchema.optional(),
  packageData: z
    .object({
      name: z.string(),
      quantity: z.number().int().optional(),
      price: z.number().optional(),
    })
    .nullish(),
  assignedNumbers: z.array(z.string()),
  paypal: paypalBlockSchema.nullish(),
  card: cardBlockSchema.nullish(),
  mobile: mobileBlockSchema.nullish(),
  bankTransfer: bankTransferBlockSchema.nullish(),
  /** When an unpaid reservation is released (DESIGN step 7). */
  reservationExpiresAt: isoDateTimeSchema.nullish(),
  paidAt: isoDateTimeSchema.nullish(),
  notifications: purchaseNotificationsSchema.optional(),
  instantPrizesWon: z.array(instantPrizeWonSchema).optional(),
  /** Short human code (also the transfer concept). */
  orderCode: z.string().optional(),
  /** The order link's key: only in answers to whoever already proved they hold it (or paid). */
  accessKey: z.string().optional(),
  /** True in the answer to an id without its key: status and amounts only. */
  keyRequired: z.boolean().optional(),
  /** Staff lists: the bank statement line that names this order, when one came in. */
  bankLine: purchaseBankLineSchema.optional(),
  /** WhatsApp or SMS for the numbers, with the WhatsApp opt-in (absent: SMS, as before). */
  messaging: purchaseMessagingSchema.optional(),
  /** Bank lines that paid part of a transfer order (SPEC §4, "Short payments"). */
  shortPayment: shortPaymentSchema.optional(),
  /** The money went back (SPEC §4, "Refunds"): the numbers stay, marked refunded. */
  refund: z
    .object({ at: isoDateTimeSchema, amount: z.number(), method: paymentMethodSchema })
    .optional(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/**
 * GET /purchases/by-email/{email}: what anyone who knows the e-mail may see of each
 * purchase — status, numbers and amounts, never the buyer's personal details, nor the
 * purchase id (GET /purchases/{id} answers the buyer's contact details to whoever has it).
 */
export const purchaseLookupSchema = purchaseSchema
  .pick({
    createdAt: true,
    status: true,
    quantity: true,
    totalPrice: true,
    paymentMethod: true,
    assignedNumbers: true,
  })
  .extend({
    packageData: z.object({ name: z.string() }).nullable(),
    /** The state in the order page's words, so one order reads the same everywhere. */
    statusText: z.string(),
    /** The raffle it belongs to: the list groups a buyer's purchases under each raffle's name. */
    raffleId: z.string(),
    raffleName: z.string(),
  })
  .strict();
export type PurchaseLookup = z.infer<typeof purchaseLookupSchema>;

/** PATCH /purchases/{id}/confirm-transfer (SPEC §5). */
export const confirmTransferSchema = z.object({
  /** Staff's reason to confirm an order that bank lines paid only in part (SPEC §4, "Short payments"). */
  acceptShortReason: acceptShortReasonSchema,
  referenceCode: z
    .string({ error: VALIDATION.referenceCodeRequired })
    .trim()
    .min(MIN_LENGTH.referenceCode, { error: VALIDATION.referenceCodeRequired }),
  bankName: z
    .string({ error: VALIDATION.bankNameRequired })
    .trim()
    .min(MIN_LENGTH.bankName, { error: VALIDATION.bankNameRequired }),
});
export type ConfirmTransfer = z.infer<typeof confirmTransferSchema>;

export const confirmTransferResponseSchema = z.object({
  assignedNumbers: z.array(z.string()),
  msg: z.string(),
});
export type ConfirmTransferResponse = z.infer<typeof confirmTransferResponseSchema>;
