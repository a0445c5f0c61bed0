// Sales reports: filters, totals and rows; exported as reporte.pdf / reporte.xlsx.
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, paymentMethodSchema } from '../common';
import { REPORT_FORMATS, REPORT_STATUS_OPTIONS } from '../constants';
import { packageTypeSchema, purchaseStatusSchema } from './purchase';

/** A date filter: yyyy-MM-dd (Ecuador calendar day) or a full ISO date-time. */
const dateFilter = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** GET /admin/reports query; empty filters are omitted by the client (SPEC §7). */
export const reportQuerySchema = z.object({
  startDate: dateFilter.optional(),
  endDate: dateFilter.optional(),
  method: paymentMethodSchema.optional(),
  /** Reseller code; resellers are always restricted to their own. */
  reseller: z.string().optional(),
  packageType: packageTypeSchema.optional(),
  /** PAID = COMPLETED purchases, PENDING = not yet paid. */
  status: z.enum(REPORT_STATUS_OPTIONS).optional(),
  format: z.enum(REPORT_FORMATS).optional(),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportRowSchema = z.object({
  _id: idSchema,
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

export const reportTotalsSchema = z.object({
  totalAmount: z.number(),
  totalTickets: z.number().int(),
});
export type ReportTotals = z.infer<typeof reportTotalsSchema>;

/** JSON answer when no format is asked. */
export const reportResponseSchema = z.object({
  totals: reportTotalsSchema,
  purchases: z.array(reportRowSchema),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;
