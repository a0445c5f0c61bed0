// Events of the purchase pipeline (DESIGN.md), carried by the bus with a version so a
// consumer can refuse a shape it does not know. parseEvent() validates a consumed payload.
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, paymentMethodSchema } from './common';
import {
  instantPrizeWonSchema,
  notificationChannelSchema,
  packageTypeSchema,
} from './entities/purchase';
import { ticketRaffleSchema } from './fairness/ticket';

export function envelope<T extends string, D extends z.ZodType>(type: T, data: D) {
  return z.object({
    type: z.literal(type),
    version: z.literal(1),
    /** Unique per event; consumers may use it for de-duplication. */
    id: z.uuid(),
    occurredAt: isoDateTimeSchema,
    data,
  });
}

/**
 * What every event of a purchase's life carries: enough for the reports worker to
 * project the purchase's row from any one of them, whichever arrives first.
 */
const saleData = {
  purchaseId: idSchema,
  raffleId: idSchema,
  quantity: z.number().int().positive(),
  paymentMethod: paymentMethodSchema,
  totalPrice: z.number().nonnegative(),
  resellerCode: z.string().nullable(),
  packageType: packageTypeSchema,
  createdAt: isoDateTimeSchema,
  buyer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
};

/** PENDING (or EXPIRED, after a late payment re-reserved) → COMPLETED. */
export const purchasePaidEventSchema = envelope(
  'purchase.paid',
  z.object({ ...saleData, paidAt: isoDateTimeSchema }),
);
export type PurchasePaidEvent = z.infer<typeof purchasePaidEventSchema>;

/** PENDING → EXPIRED: the reservation ran out unpaid, or the provider call failed. */
export const purchaseExpiredEventSchema = envelope(
  'purchase.expired',
  z.object({ ...saleData, expiredAt: isoDateTimeSchema }),
);
export type PurchaseExpiredEvent = z.infer<typeof purchaseExpiredEventSchema>;

/** EXPIRED → REFUND_REQUIRED: paid after expiry with no numbers left. */
export const purchaseRefundRequiredEventSchema = envelope(
  'purchase.refund_required',
  z.object({ ...saleData, paidAt: isoDateTimeSchema }),
);
export type PurchaseRefundRequiredEvent = z.infer<typeof purchaseRefundRequiredEventSchema>;

export const NOTICE_KINDS = ['order_created', 'receipt_rejected', 'reminder', 'refunded'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * A message the buyer of an order must get (the order link, a rejected receipt with its
 * reason, the reminder before the hold ends, the refund of a paid one). `noticeId` is unique per message:
 * the notifications worker sends each once per channel.
 */
export const purchaseNoticeEventSchema = envelope(
  'purchase.notice',
  z.object({
    purchaseId: idSchema,
    noticeId: z.string().min(1),
    kind: z.enum(NOTICE_KINDS),
    reason: z.string().optional(),
  }),
);
export type PurchaseNoticeEvent = z.infer<typeof purchaseNoticeEventSchema>;

/** The events that move a purchase from one status to the next. */
export type PurchaseLifecycleEvent =
  PurchasePaidEvent | PurchaseExpiredEvent | PurchaseRefundRequiredEvent;

export const numbersAssignedEventSchema = envelope(
  'numbers.assigned',
  z.object({
    purchaseId: idSchema,
    raffleId: idSchema,
    numbers: z.array(z.string()),
    instantPrizes: z.array(instantPrizeWonSchema),
    /**
     * What the e-mail's ticket prints about the raffle, read with the numbers. Absent from
     * a staff re-send and from events published before tickets: then the sender reads it.
     */
    ticket: ticketRaffleSchema.optional(),
  }),
);
export type NumbersAssignedEvent = z.infer<typeof numbersAssignedEventSchema>;

export const notificationFailedEventSchema = envelope(
  'notification.failed',
  z.object({ purchaseId: idSchema, channel: notificationChannelSchema, error: z.string() }),
);
export type NotificationFailedEvent = z.infer<typeof notificationFailedEventSchema>;

/**
 * The official result of a raffle is recorded (DESIGN, "The next layer"): written with the draw itself
 * (an outbox on the raffle), so the winner's and staff's messages cannot be lost. It
 * carries what the messages say, as the raffle document is reused by the next raffle.
 */
export const raffleDrawnEventSchema = envelope(
  'raffle.drawn',
  z.object({
    raffleId: idSchema,
    raffleRef: z.string().min(1),
    raffleName: z.string(),
    prize: z.string(),
    result: z.object({
      firstPrize: z.string(),
      drawNumber: z.number().int(),
      drawDate: z.string(),
    }),
    drawnNumber: z.string(),
    winningNumber: z.string().nullable(),
    winner: z
      .object({
        purchaseId: idSchema,
        orderCode: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        email: z.string(),
        phone: z.string(),
        city: z.string(),
      })
      .nullable(),
  }),
);
export type RaffleDrawnEvent = z.infer<typeof raffleDrawnEventSchema>;

/**
 * Someone asked for the orders of an e-mail (the public lookup): the notifications worker
 * sends that mailbox its order links and the signed link to the on-page list. Or, `about`
 * 'personal-data' (/mis-datos), for the data held about it: the mailbox gets a single-use
 * link the worker issues (its token is never on the bus; `token` is then empty).
 */
export const lookupRequestedEventSchema = envelope(
  'lookup.requested',
  z.object({
    requestId: idSchema,
    email: z.string(),
    about: z.enum(['orders', 'personal-data']).default('orders'),
    /** Opens GET /purchases/by-email/{email} until expiresAt. */
    token: z.string(),
    expiresAt: isoDateTimeSchema,
  }),
);
export type LookupRequestedEvent = z.infer<typeof lookupRequestedEventSchema>;

/**
 * The SRI authorized a document (factura after a payment, nota de crédito after a
 * refund): the notifications worker mails the buyer the authorized XML and its RIDE.
 */
export const invoiceAuthorizedEventSchema = envelope(
  'invoice.authorized',
  z.object({
    invoiceId: idSchema,
    purchaseId: idSchema,
    kind: z.enum(['factura', 'nota_credito']),
  }),
);
export type InvoiceAuthorizedEvent = z.infer<typeof invoiceAuthorizedEventSchema>;

export const eventSchema = z.discriminatedUnion('type', [
  purchasePaidEventSchema,
  purchaseExpiredEventSchema,
  purchaseRefundRequiredEventSchema,
  numbersAssignedEventSchema,
  notificationFailedEventSchema,
  purchaseNoticeEventSchema,
  raffleDrawnEventSchema,
  lookupRequestedEventSchema,
  invoiceAuthorizedEventSchema,
]);
export type AppEvent = z.infer<typeof eventSchema>;
export type EventType = AppEvent['type'];
export type EventOf<T extends EventType> = Extract<AppEvent, { type: T }>;
export type EventData<T extends EventType> = EventOf<T>['data'];

export const EVENT_TYPES = [
  'purchase.paid',
  'purchase.expired',
  'purchase.refund_required',
  'numbers.assigned',
  'notification.failed',
  'purchase.notice',
  'raffle.drawn',
  'lookup.requested',
  'invoice.authorized',
] as const satisfies readonly EventType[];

/** Bus topic per event type. The partition key is data.purchaseId (a raffle's: its raffleRef). */
export const TOPICS = {
  'purchase.paid': 'vag.purchase.paid',
  'purchase.expired': 'vag.purchase.expired',
  'purchase.refund_required': 'vag.purchase.refund-required',
  'numbers.assigned': 'vag.numbers.assigned',
  'notification.failed': 'vag.notification.failed',
  'purchase.notice': 'vag.purchase.notice',
  'raffle.drawn': 'vag.raffle.drawn',
  'lookup.requested': 'vag.lookup.requested',
  'invoice.authorized': 'vag.invoice.authorized',
} as const satisfies Record<EventType, string>;

/** Validates a consumed payload; throws a ZodError when it is not a known event. */
export function parseEvent(value: unknown): AppEvent {
  return eventSchema.parse(value);
}

/** Like parseEvent but answers a result instead of throwing. */
export function safeParseEvent(value: unknown) {
  return eventSchema.safeParse(value);
}

/** Builds an event with a fresh id and timestamp (uses the Web Crypto global). */
export function makeEvent<T extends EventType>(
  type: T,
  data: EventData<T>,
  occurredAt: Date = new Date(),
): EventOf<T> {
  return {
    type,
    version: 1,
    id: crypto.randomUUID(),
    occurredAt: occurredAt.toISOString(),
    data,
  } as EventOf<T>;
}

/** The partition key of an event: events of one purchase stay in order. */
export function eventKey(event: AppEvent): string {
  if (event.type === 'raffle.drawn') return event.data.raffleRef;
  if (event.type === 'lookup.requested') return event.data.requestId;
  return event.data.purchaseId;
}

/**
 * Operator settings saved in Ajustes. Not a purchase event (no partition by purchase):
 * every process subscribes in a group of its own and reloads its settings.
 */
export const settingsChangedEventSchema = z.object({
  type: z.literal('settings.changed'),
  version: z.literal(1),
  id: z.uuid(),
  occurredAt: isoDateTimeSchema,
  data: z.object({ settingsId: idSchema }),
});
export type SettingsChangedEvent = z.infer<typeof settingsChangedEventSchema>;
export const SETTINGS_TOPIC = 'vag.settings.changed';
