// Events of the purchase pipeline (DESIGN.md), carried by the bus with a version so a
// consumer can refuse a shape it does not know. parseEvent() validates a consumed payload.
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, paymentMethodSchema } from './common';
import {
  instantPrizeWonSchema,
  notificationChannelSchema,
  packageTypeSchema,
} from './entities/purchase';

function envelope<T extends string, D extends z.ZodType>(type: T, data: D) {
  return z.object({
    type: z.literal(type),
    version: z.literal(1),
    /** Unique per event; consumers may use it for de-duplication. */
    id: z.uuid(),
    occurredAt: isoDateTimeSchema,
    data,
  });
}

const saleData = {
  purchaseId: idSchema,
  raffleId: idSchema,
  quantity: z.number().int().positive(),
  paymentMethod: paymentMethodSchema,
  totalPrice: z.number().nonnegative(),
  resellerCode: z.string().nullable(),
  packageType: packageTypeSchema,
};

export const purchaseCreatedEventSchema = envelope('purchase.created', z.object(saleData));
export type PurchaseCreatedEvent = z.infer<typeof purchaseCreatedEventSchema>;

export const purchasePaidEventSchema = envelope(
  'purchase.paid',
  z.object({ ...saleData, paidAt: isoDateTimeSchema }),
);
export type PurchasePaidEvent = z.infer<typeof purchasePaidEventSchema>;

export const purchaseExpiredEventSchema = envelope(
  'purchase.expired',
  z.object({
    purchaseId: idSchema,
    raffleId: idSchema,
    quantity: z.number().int().positive(),
    paymentMethod: paymentMethodSchema,
    expiredAt: isoDateTimeSchema,
  }),
);
export type PurchaseExpiredEvent = z.infer<typeof purchaseExpiredEventSchema>;

export const numbersAssignedEventSchema = envelope(
  'numbers.assigned',
  z.object({
    purchaseId: idSchema,
    raffleId: idSchema,
    numbers: z.array(z.string()),
    instantPrizes: z.array(instantPrizeWonSchema),
  }),
);
export type NumbersAssignedEvent = z.infer<typeof numbersAssignedEventSchema>;

export const notificationFailedEventSchema = envelope(
  'notification.failed',
  z.object({ purchaseId: idSchema, channel: notificationChannelSchema, error: z.string() }),
);
export type NotificationFailedEvent = z.infer<typeof notificationFailedEventSchema>;

export const eventSchema = z.discriminatedUnion('type', [
  purchaseCreatedEventSchema,
  purchasePaidEventSchema,
  purchaseExpiredEventSchema,
  numbersAssignedEventSchema,
  notificationFailedEventSchema,
]);
export type AppEvent = z.infer<typeof eventSchema>;
export type EventType = AppEvent['type'];
export type EventOf<T extends EventType> = Extract<AppEvent, { type: T }>;
export type EventData<T extends EventType> = EventOf<T>['data'];

export const EVENT_TYPES = [
  'purchase.created',
  'purchase.paid',
  'purchase.expired',
  'numbers.assigned',
  'notification.failed',
] as const satisfies readonly EventType[];

/** Bus topic per event type. The partition key is always data.purchaseId. */
export const TOPICS = {
  'purchase.created': 'vag.purchase.created',
  'purchase.paid': 'vag.purchase.paid',
  'purchase.expired': 'vag.purchase.expired',
  'numbers.assigned': 'vag.numbers.assigned',
  'notification.failed': 'vag.notification.failed',
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
  return event.data.purchaseId;
}
