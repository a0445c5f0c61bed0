// GET /raffle/numbers/{number}: what anyone may learn about one raffle number on the
// verifier (/verificar) — available, or sold and on which day, and the instant prize it
// carries. Nothing personal: not even a masked name, which beside a city maps buyers to
// their numbers.
import { z } from 'zod';
import { isoDateTimeSchema } from '../common';
import { INSTANT_PRIZE_STATUSES } from '../entities/instant-prize';
import { padNumber } from '../helpers/numbers';

export const NUMBER_LOOKUP_TEXTS = {
  required: 'Escribe un número de la rifa',
  digitsOnly: 'El número debe tener solo cifras',
  outOfRange: (last: string) => `El número debe estar entre ${padNumber(0, last.length)} y ${last}`,
  notGenerated: 'Los números de la rifa aún no se han generado',
} as const;

/** The path parameter as typed: digits only (the range is the raffle's, checked by the api). */
export const numberLookupParamSchema = z.object({
  number: z
    .string()
    .trim()
    .regex(/^\d{1,16}$/, { error: NUMBER_LOOKUP_TEXTS.digitsOnly }),
});

export const numberLookupPrizeSchema = z.object({
  amount: z.number().nonnegative(),
  status: z.enum(INSTANT_PRIZE_STATUSES),
});

export const numberLookupSchema = z.object({
  /** Zero-padded to the raffle's width. */
  number: z.string(),
  status: z.enum(['available', 'sold']),
  /** Always null now (kept for clients that read them): who bought is nobody's business. */
  holder: z.string().nullable(),
  city: z.string().nullable(),
  /** Only when sold: when the number was assigned. */
  soldAt: isoDateTimeSchema.nullable(),
  /** The instant prize on this number, if any. */
  prize: numberLookupPrizeSchema.nullable(),
});
export type NumberLookup = z.infer<typeof numberLookupSchema>;

/** "Ana P.": the first given name and the initial of the first surname, never more. */
export function maskHolderName(firstName: string, lastName: string): string {
  const first = firstName.trim().split(/\s+/)[0] ?? '';
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}

/**
 * Why `text` is not a number of a raffle of `totalNumbers` (Spanish), or null. Up to the
 * raffle's width digits, so '7' and '0007' both mean 7 but '00007' does not.
 */
export function numberLookupError(
  text: string,
  totalNumbers: number,
  width: number,
): string | null {
  const value = text.trim();
  if (!value) return NUMBER_LOOKUP_TEXTS.required;
  if (!/^\d+$/.test(value)) return NUMBER_LOOKUP_TEXTS.digitsOnly;
  if (value.length > width || Number(value) >= totalNumbers)
    return NUMBER_LOOKUP_TEXTS.outOfRange(padNumber(totalNumbers - 1, width));
  return null;
}

/** The state of an instant prize as a buyer reads it. */
export const INSTANT_PRIZE_STATE_LABELS: Record<(typeof INSTANT_PRIZE_STATUSES)[number], string> = {
  available: 'Aún sin ganador',
  pending: 'Ganado, por entregar',
  delivered: 'Ganado y entregado',
};
