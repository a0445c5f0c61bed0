// Past raffles and their winners, shown on the home page.
import { z } from 'zod';
import { idSchema, raIdSchema, requiredString } from '../common';
import { VALIDATION } from '../messages';

export const pastRaffleSchema = z.object({
  _id: idSchema,
  id: raIdSchema,
  activityName: z.string(),
  date: z.string(),
  prize: z.string(),
  winner: z.string(),
  image: z.string(),
  instagramPostUrl: z.string(),
  /** Set on a raffle published by its recorded draw (DESIGN, "The next layer"), with its public record's reference. */
  winningNumber: z.string().nullable().optional(),
  raffleRef: z.string().optional(),
});
export type PastRaffle = z.infer<typeof pastRaffleSchema>;

const httpUrl = z.url({ protocol: /^https?$/, error: VALIDATION.urlInvalid });

/** POST /past-raffles and PUT /past-raffles/{id} (SPEC §5). */
export const pastRaffleInputSchema = z.object({
  activityName: requiredString(VALIDATION.activityNameRequired),
  date: requiredString(VALIDATION.dateRequired),
  prize: requiredString(VALIDATION.prizeRequired),
  winner: requiredString(VALIDATION.winnerRequired),
  image: z.string({ error: VALIDATION.urlInvalid }).trim().pipe(httpUrl),
  instagramPostUrl: z.string({ error: VALIDATION.urlInvalid }).trim().pipe(httpUrl),
});
export type PastRaffleInput = z.infer<typeof pastRaffleInputSchema>;

export const PAST_RAFFLE_FORM_DEFAULTS = {
  activityName: '',
  date: '',
  prize: '',
  winner: '',
  image: '',
  instagramPostUrl: '',
} as const;
