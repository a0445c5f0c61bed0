// GET /admin/sales-chart: numbers sold per day (Ecuador time) and payment method, for
// the admin dashboard's chart. Resellers get their own sales only.
import { z } from 'zod';
import './zod-locale';
import { PAYMENT_METHODS, type PaymentMethod } from './constants';
import { VALIDATION } from './messages';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: VALIDATION.isoDateInvalid });

export const salesChartQuerySchema = z.object({
  /** First day included, yyyy-MM-dd (Ecuador). */
  from: day.optional(),
  /** Last day included, yyyy-MM-dd (Ecuador). */
  to: day.optional(),
  /** A raffle's id; absent or 'todas' = every raffle. */
  raffleId: z.string().trim().max(100).optional(),
});
export type SalesChartQuery = z.infer<typeof salesChartQuerySchema>;

export const salesChartDaySchema = z.object({
  day,
  /** Numbers sold that day per payment method (0 when none). */
  byMethod: z.record(z.enum(PAYMENT_METHODS), z.number().int().nonnegative()),
  /** Numbers sold that day. */
  total: z.number().int().nonnegative(),
  /** Dollars paid that day. */
  amount: z.number().nonnegative(),
});
export type SalesChartDay = z.infer<typeof salesChartDaySchema>;

export const salesChartSchema = z.object({ days: z.array(salesChartDaySchema) });
export type SalesChart = z.infer<typeof salesChartSchema>;

export function emptyByMethod(): Record<PaymentMethod, number> {
  return Object.fromEntries(PAYMENT_METHODS.map((m) => [m, 0])) as Record<PaymentMethod, number>;
}
