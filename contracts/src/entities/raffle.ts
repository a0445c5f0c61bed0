// The current draw ("hero" in the admin, "lottery" in the api paths) and its progress.
import { z } from 'zod';
import { NUMBER_MODES } from './number-picks-texts';
import {
  idSchema,
  raIdSchema,
  isoDateTimeSchema,
  optionalImageUrlSchema,
  requiredString,
} from '../common';
import { DEFAULT_TOTAL_NUMBERS } from '../constants';
import { VALIDATION } from '../messages';
import { MAX_TOTAL_NUMBERS, STAFF_API_MESSAGES } from '../staff-api';

/**
 * SPEC §3 hero/raffle settings plus our counters. The secret key of the number
 * permutation (DESIGN) lives only in the database and never appears here.
 */
export const raffleSchema = z.object({
  _id: idSchema,
  id: raIdSchema,
  name: z.string(),
  prize: z.string(),
  imageUrl: z.string(),
  pricePerNumber: z.number().nonnegative(),
  isActive: z.boolean(),
  endDate: isoDateTimeSchema,
  /** How many numbers the raffle sells. */
  totalNumbers: z.number().int().min(1).default(DEFAULT_TOTAL_NUMBERS),
  /** Digits of a zero-padded number ('0042' has width 4). */
  numberWidth: z.number().int().min(1),
  numbersGenerated: z.boolean(),
  soldOut: z.boolean(),
  /** Absent for a raffle from before the modes: random. */
  numberMode: z.enum(NUMBER_MODES).optional(),
});
export type Raffle = z.infer<typeof raffleSchema>;

/** PUT /lottery: what the hero form saves (SPEC §7). */
export const lotteryUpdateSchema = z.object({
  name: requiredString(VALIDATION.heroNameRequired),
  prize: requiredString(VALIDATION.heroPrizeRequired),
  pricePerNumber: z
    .number({ error: VALIDATION.priceNotNegative })
    .nonnegative({ error: VALIDATION.priceNotNegative }),
  imageUrl: optionalImageUrlSchema,
  endDate: z.iso.datetime({ offset: true, error: VALIDATION.isoDateInvalid }),
  /** Only changeable before numbers are generated. */
  totalNumbers: z
    .number()
    .int()
    .min(1)
    .max(MAX_TOTAL_NUMBERS, { error: STAFF_API_MESSAGES.totalNumbersTooLarge })
    .optional(),
  /** Digits shown; never fewer than totalNumbers needs. Only changeable before numbers are generated. */
  numberWidth: z.number().int().min(1).max(7).optional(),
});
export type LotteryUpdate = z.infer<typeof lotteryUpdateSchema>;

/** The admin's hero form values (SPEC §2): mainPrize maps to prize, price to pricePerNumber. */
export const heroFormSchema = z.object({
  name: z.string(),
  mainPrize: z.string(),
  /** Text of the price input; parsed as decimal, 0 when empty. */
  price: z.union([z.string(), z.number()]),
  /** yyyy-MM-dd from the date input. */
  endDate: z.string().min(1, { error: VALIDATION.dateRequired }),
  imageUrl: optionalImageUrlSchema,
});
export type HeroForm = z.infer<typeof heroFormSchema>;

/** PATCH /lottery/is-active. */
export const lotteryStatusSchema = z.object({ isActive: z.boolean() });
export type LotteryStatus = z.infer<typeof lotteryStatusSchema>;

/** GET /raffle/raffle-progress. */
export const progressSchema = z.object({
  percentage: z.number().min(0).max(100),
  assigned: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** Numbers free right now: neither sold nor held by an unpaid order. */
  available: z.number().int().nonnegative().optional(),
});
export type Progress = z.infer<typeof progressSchema>;
