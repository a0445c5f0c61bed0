// Instant-prize numbers: a number that wins money when sold.
import { z } from 'zod';
import { idSchema, raIdSchema } from '../common';
import { MAX_PRIZE_AMOUNTS, MIN_PRIZE_AMOUNT } from '../constants';
import { FORM, VALIDATION } from '../messages';

export const INSTANT_PRIZE_STATUSES = ['available', 'pending', 'delivered'] as const;
/** Known statuses, but any other string is accepted and shown raw (SPEC §4). */
export const instantPrizeStatusSchema = z.union([z.enum(INSTANT_PRIZE_STATUSES), z.string()]);
export type InstantPrizeStatus = z.infer<typeof instantPrizeStatusSchema>;

export const instantPrizeSchema = z.object({
  _id: idSchema,
  id: raIdSchema,
  number: z.string(),
  prizeAmount: z.number().nonnegative(),
  status: instantPrizeStatusSchema,
  delivered: z.boolean(),
  /** The purchase that won it, once sold. */
  purchaseId: z.string().optional(),
});
export type InstantPrize = z.infer<typeof instantPrizeSchema>;

/**
 * GET /raffle/instant-prizes for anyone but an admin. In a pick-mode raffle an unwon
 * prize's number is null (DESIGN, instant prizes: a buyer who knew it would choose it);
 * `hash` is the prize's commitment, `salt` comes with the number once it is revealed.
 */
export const publicInstantPrizeSchema = instantPrizeSchema.omit({ purchaseId: true }).extend({
  number: z.string().nullable(),
  hash: z.string().nullable().optional(),
  salt: z.string().nullable().optional(),
});
export type PublicInstantPrize = z.infer<typeof publicInstantPrizeSchema>;

/** A sealed list (a pick-mode raffle's) carries each prize's hash; a public one does not. */
export function prizeNumbersSealed(prizes: readonly PublicInstantPrize[] | null): boolean {
  return prizes?.some((prize) => prize.hash !== undefined) ?? false;
}

/** PUT /raffle/{id}. */
export const instantPrizeUpdateSchema = z.object({
  prizeAmount: z
    .number({ error: VALIDATION.prizeAmountMin })
    .min(MIN_PRIZE_AMOUNT, { error: VALIDATION.prizeAmountMin }),
  delivered: z.boolean().default(false),
});
export type InstantPrizeUpdate = z.input<typeof instantPrizeUpdateSchema>;

export const prizeAmountSchema = z.object({
  amount: z
    .number({ error: VALIDATION.prizeAmountMin })
    .min(MIN_PRIZE_AMOUNT, { error: VALIDATION.prizeAmountMin }),
});

/** POST /raffle/assign-random-prizes. */
export const assignPrizesSchema = z.object({
  prizes: z
    .array(prizeAmountSchema, { error: VALIDATION.prizeAmountsAtLeastOne })
    .min(1, { error: VALIDATION.prizeAmountsAtLeastOne })
    .max(MAX_PRIZE_AMOUNTS, { error: FORM.prizeLimitReached }),
});
export type AssignPrizes = z.infer<typeof assignPrizesSchema>;
