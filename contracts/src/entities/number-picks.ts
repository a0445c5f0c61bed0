// Pick-your-numbers raffles: the raffle's number mode, the numbers a buyer chooses at
// checkout, the grid of free and taken numbers, and the Spanish a buyer reads when a
// number is gone. In the random mode (DESIGN "Allocating numbers in O(1)") numbers are
// assigned after payment; in the pick mode the buyer's own numbers are held with the
// order and become theirs when it is paid.
import { z } from 'zod';
import '../zod-locale';

import { MAX_PICKED_PER_ORDER, NUMBER_MODES, PICK_TEXTS } from './number-picks-texts';

/** A chosen number as the buyer sends it: digits only; padding is the server's business. */
export const pickedNumberSchema = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/, { error: (issue) => PICK_TEXTS.notANumber(String(issue.input)) });

/**
 * The `numbers` field of create-order in a pick-mode raffle. Its length must equal the
 * order's quantity (checked with the order, createOrderSchema); repeated numbers are refused
 * here, range and availability by the server.
 */
export const pickedNumbersSchema = z
  .array(pickedNumberSchema)
  .min(1, { error: PICK_TEXTS.pickRequired })
  .max(MAX_PICKED_PER_ORDER, { error: PICK_TEXTS.tooMany(MAX_PICKED_PER_ORDER) })
  .superRefine((numbers, ctx) => {
    const seen = new Set<number>();
    for (const n of numbers) {
      const value = Number(n);
      if (seen.has(value)) {
        ctx.addIssue({ code: 'custom', message: PICK_TEXTS.repeated(n) });
        return;
      }
      seen.add(value);
    }
  });

/**
 * 409 of create-order when chosen numbers are held or sold: the message names them
 * (PICK_TEXTS.numbersTaken) and `takenNumbers` lets the page unselect exactly those,
 * keeping the rest of the selection.
 */
export const numbersTakenErrorSchema = z.object({
  error: z.string(),
  takenNumbers: z.array(z.string()),
});
export type NumbersTakenError = z.infer<typeof numbersTakenErrorSchema>;

/**
 * GET /api/raffles/{slug}/number-grid: the state of every number as two bitmaps (bit i
 * set = number i), base64, most significant bit first in each byte. 100 000 numbers are
 * 12.5 KB a bitmap before compression. `version` changes whenever a bit does, so a page
 * polling every few seconds can skip an unchanged answer.
 */
export const numberGridSchema = z.object({
  raffleId: z.string(),
  mode: z.enum(NUMBER_MODES),
  totalNumbers: z.number().int().nonnegative(),
  numberWidth: z.number().int().positive(),
  version: z.string(),
  /** Held by an unpaid order. */
  held: z.string(),
  /** Sold (paid). */
  sold: z.string(),
});
export type NumberGrid = z.infer<typeof numberGridSchema>;

/** POST /api/raffles/{slug}/lucky-numbers: the maquinita asks the server for free numbers. */
export const luckyNumbersRequestSchema = z.object({
  count: z
    .number({ error: PICK_TEXTS.countInvalid(MAX_PICKED_PER_ORDER) })
    .int({ error: PICK_TEXTS.countInvalid(MAX_PICKED_PER_ORDER) })
    .min(1, { error: PICK_TEXTS.countInvalid(MAX_PICKED_PER_ORDER) })
    .max(MAX_PICKED_PER_ORDER, { error: PICK_TEXTS.countInvalid(MAX_PICKED_PER_ORDER) }),
});
export type LuckyNumbersRequest = z.infer<typeof luckyNumbersRequestSchema>;

/** Free numbers (padded) at random; not held: the order holds them, or says which went. */
export const luckyNumbersResponseSchema = z.object({
  numbers: z.array(z.string()),
  /** PICK_TEXTS.randomSource. */
  source: z.string(),
});
export type LuckyNumbersResponse = z.infer<typeof luckyNumbersResponseSchema>;
