// Sales reports: filters, totals and rows; exported as reporte.pdf / reporte.xlsx.
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, paymentMethodSchema } from '../common';
import {
  PACKAGE_TYPES,
  PAYMENT_METHODS,
  REPORT_FORMATS,
  REPORT_STATUS_OPTIONS,
} from '../constants';
import { STAFF_API_MESSAGES } from '../staff-api';
import { packageTypeSchema, purchaseStatusSchema } from './purchase';

/** A date filter: yyyy-MM-dd (Ecuador calendar day) or a full ISO date-time. */
const dateFilter = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: STAFF_API_MESSAGES.reportDateInvalid,
});

/** GET /admin/reports query; empty filters are omitted by the client (SPEC §7). */
export const reportQuerySchema = z.object({
  startDate: dateFilter.optional(),
  endDate: dateFilter.optional(),
  method: z.enum(PAYMENT_METHODS, { error: STAFF_API_MESSAGES.reportMethodInvalid }).optional(),
  /** Reseller code; resellers are always restricted to their own. */
  reseller: z.string().optional(),
  packageType: z
    .enum(PACKAGE_TYPES, { error: STAFF_API_MESSAGES.reportPackageTypeInvalid })
    .optional(),
  /** PAID = COMPLETED purchases, PENDING = not yet paid. */
  status: z
    .enum(REPORT_STATUS_OPTIONS, { error: STAFF_API_MESSAGES.reportStatusInvalid })
    .optional(),
  format: z.enum(REPORT_FORMATS, { error: STAFF_API_MESSAGES.reportFormatInvalid }).optional(),
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
