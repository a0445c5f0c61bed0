// The operator's purchase limits (Ajustes → Límites de compra): how many numbers one
// order, one buyer and one connection may take, and how long a bank transfer holds its
// numbers before its receipt arrives. The server enforces them (I6); the storefront only
// mirrors the per-order maximum so the custom quantity can say so before ordering.
import { z } from 'zod';
import '../zod-locale';
import { SETTINGS_MESSAGES as M } from '../settings-messages';

export const purchaseLimitsSchema = z.object({
  /** Numbers one order may take; 0 means no limit. */
  maxPerOrder: z.number(),
  /** Numbers one buyer (e-mail, phone or cédula) may hold in one raffle, paid or not; 0: none. */
  maxPerBuyer: z.number(),
  /** Numbers one buyer may hold in unpaid orders at once; 0: none. */
  maxUnpaidPerBuyer: z.number(),
  /** Numbers unpaid orders from one client address may hold at once; 0: none. */
  maxUnpaidPerAddress: z.number(),
  /**
   * Both unpaid ceilings above, as a share of the raffle: one buyer's and one address's
   * unpaid orders in a raffle hold at most this percent of its numbers (at least 1), so a
   * small raffle gets small ceilings; 0: none.
   */
  maxUnpaidPercent: z.number(),
  /** A transfer's hold until its receipt arrives; the receipt lengthens it to transferHoldHours. */
  firstHoldHours: z.number(),
});
export type PurchaseLimits = z.infer<typeof purchaseLimitsSchema>;

/**
 * A buyer takes the largest package and more, while one connection's unpaid orders hold at
 * most 100 numbers and a transfer nobody pays gives its numbers back within two hours.
 * The share of the raffle (`maxUnpaidPercent`) is the operator's choice, off until set: a
 * share that stops an attacker on a pick raffle of 200 numbers (2 %: 4 numbers a
 * connection) also stops an honest buyer of 5 numbers of a raffle of 100 (README,
 * "Purchase limits").
 */
/** The share that holds one connection to 2 % of a raffle, ten to 20 % (the holding bench's). */
export const SUGGESTED_UNPAID_PERCENT = 2;

export const PURCHASE_LIMIT_DEFAULTS: PurchaseLimits = {
  maxPerOrder: 100,
  maxPerBuyer: 500,
  maxUnpaidPerBuyer: 100,
  maxUnpaidPerAddress: 100,
  maxUnpaidPercent: 0,
  firstHoldHours: 2,
};

/** The limits off: 0 everywhere, and a first hold no shorter than the whole transfer hold. */
export const NO_PURCHASE_LIMITS: PurchaseLimits = {
  maxPerOrder: 0,
  maxPerBuyer: 0,
  maxUnpaidPerBuyer: 0,
  maxUnpaidPerAddress: 0,
  maxUnpaidPercent: 0,
  firstHoldHours: 240,
};

export const LIMIT_MAX = 1_000_000;

const count = z
  .number({ error: M.limitInvalid(0, LIMIT_MAX) })
  .int({ error: M.limitInvalid(0, LIMIT_MAX) })
  .min(0, { error: M.limitInvalid(0, LIMIT_MAX) })
  .max(LIMIT_MAX, { error: M.limitInvalid(0, LIMIT_MAX) });

/** PUT /settings/{id}'s `purchaseLimits`: every field optional, a missing one kept. */
export const purchaseLimitsInputSchema = z
  .object({
    maxPerOrder: count,
    maxPerBuyer: count,
    maxUnpaidPerBuyer: count,
    maxUnpaidPerAddress: count,
    maxUnpaidPercent: z
      .number({ error: M.percentInvalid(0, 100) })
      .min(0, { error: M.percentInvalid(0, 100) })
      .max(100, { error: M.percentInvalid(0, 100) }),
    firstHoldHours: z
      .number({ error: M.hoursInvalid(0.005, 240) })
      .min(0.005, { error: M.hoursInvalid(0.005, 240) })
      .max(240, { error: M.hoursInvalid(0.005, 240) }),
  })
  .partial()
  .superRefine((limits, ctx) => {
    if (!perOrderFitsBuyer(limits))
      ctx.addIssue({ code: 'custom', path: ['maxPerOrder'], message: M.perOrderAboveBuyer });
  });

/** One order may not take more than its buyer may hold (both set and neither 0). */
export function perOrderFitsBuyer(limits: Partial<PurchaseLimits>): boolean {
  const { maxPerOrder, maxPerBuyer } = limits;
  return !maxPerOrder || !maxPerBuyer || maxPerOrder <= maxPerBuyer;
}
