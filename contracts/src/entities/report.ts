// Sales reports: filters, totals and rows; exported as reporte.pdf / reporte.xlsx.
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, paymentMethodSchema } from '../common';
import {
  PACKAGE_TYPES,
  PAYMENT_METHODS,
  REPORT_FORMATS,
  REPORT_PAGE_SIZE,
  REPORT_STATUS_OPTIONS,
} from '../constants';
import { STAFF_API_MESSAGES } from '../staff-api';
import { packageTypeSchema, purchaseStatusSchema } from './purchase';

/** The raffle filter's word for "every raffle" (also what an absent filter means). */
export const ALL_RAFFLES = 'todas';

/** The raffle a report, chart or list is narrowed to, or undefined for every raffle. */
export function chosenRaffle(value: string | undefined | null): string | undefined {
  const id = value?.trim();
  return id && id !== ALL_RAFFLES ? id : undefined;
}

/** GET /admin/reports/raffles: the raffles a report may be narrowed to, newest first. */
export const reportRaffleSchema = z.object({ id: z.string(), name: z.string() });
export type ReportRaffle = z.infer<typeof reportRaffleSchema>;

/** A date filter: yyyy-MM-dd (Ecuador calendar day) or a full ISO date-time. */
const dateFilter = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: STAFF_API_MESSAGES.reportDateInvalid,
});

/** An empty (or blank) filter means "any": the screen omits them, a hand-made URL may not. */
const orBlank = <T extends z.ZodType>(schema: T, error: string) =>
  z.union(
    [
      z
        .string()
        .regex(/^\s*$/)
        .transform(() => undefined),
      schema,
    ],
    { error },
  );

/** GET /admin/reports query; empty filters are omitted by the client (SPEC §7). */
export const reportQuerySchema = z.object({
  startDate: orBlank(dateFilter, STAFF_API_MESSAGES.reportDateInvalid).optional(),
  endDate: orBlank(dateFilter, STAFF_API_MESSAGES.reportDateInvalid).optional(),
  method: orBlank(
    z.enum(PAYMENT_METHODS, { error: STAFF_API_MESSAGES.reportMethodInvalid }),
    STAFF_API_MESSAGES.reportMethodInvalid,
  ).optional(),
  /** Reseller code; resellers are always restricted to their own. */
  reseller: z.string().optional(),
  packageType: orBlank(
    z.enum(PACKAGE_TYPES, { error: STAFF_API_MESSAGES.reportPackageTypeInvalid }),
    STAFF_API_MESSAGES.reportPackageTypeInvalid,
  ).optional(),
  /** PAID = COMPLETED purchases, PENDING = not yet paid, EXPIRED = released unpaid. */
  status: orBlank(
    z.enum(REPORT_STATUS_OPTIONS, { error: STAFF_API_MESSAGES.reportStatusInvalid }),
    STAFF_API_MESSAGES.reportStatusInvalid,
  ).optional(),
  /** A raffle's id; absent or 'todas' = every raffle. */
  raffleId: z.string().trim().max(100).optional(),
  format: orBlank(
    z.enum(REPORT_FORMATS, { error: STAFF_API_MESSAGES.reportFormatInvalid }),
    STAFF_API_MESSAGES.reportFormatInvalid,
  ).optional(),
  /** The screen's page of rows, from 1 (REPORT_PAGE_SIZE rows each); exports hold every row. */
  page: z.coerce
    .number({ error: STAFF_API_MESSAGES.reportPageInvalid })
    .int({ error: STAFF_API_MESSAGES.reportPageInvalid })
    .min(1, { error: STAFF_API_MESSAGES.reportPageInvalid })
    .max(1_000_000, { error: STAFF_API_MESSAGES.reportPageInvalid })
    .optional(),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportRowSchema = z.object({
  _id: idSchema,
  raffleId: z.string(),
  /** The raffle's name, as the 'Rifa' column shows it. */
  raffleName: z.string(),
  buyer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  paymentMethod: paymentMethodSchema,
  quantity: z.number().int(),
  totalPrice: z.number(),
  status: purchaseStatusSchema,
  resellerCode: z.string().nullish(),
  packageType: packageTypeSchema.optional(),
  createdAt: isoDateTimeSchema,
});
export type ReportRow = z.infer<typeof reportRowSchema>;

/**
 * 'Números vendidos' and 'Total vendido' count paid purchases only; unpaid and expired
 * orders are summed apart. Every filter applies to all of them, as to the rows.
 */
export const reportTotalsSchema = z.object({
  totalAmount: z.number(),
  totalTickets: z.number().int(),
  pendingAmount: z.number(),
  pendingTickets: z.number().int(),
  expiredAmount: z.number(),
  expiredTickets: z.number().int(),
});
export type ReportTotals = z.infer<typeof reportTotalsSchema>;

/**
 * JSON answer when no format is asked: the totals of every row of the filter, and one page
 * of the rows, newest first (`count` rows in all, REPORT_PAGE_SIZE a page).
 */
export const reportResponseSchema = z.object({
  totals: reportTotalsSchema,
  purchases: z.array(reportRowSchema),
  count: z.number().int(),
  page: z.number().int(),
  perPage: z.literal(REPORT_PAGE_SIZE),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;
