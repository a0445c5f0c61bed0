// The public fairness record of a raffle (GET /api/raffle/fairness, `npm run verify-draw`):
// what was committed and when, the rule, the closing, the draw and, after the draw, the
// revealed secrets. Claims carry purchase references only, nothing personal.
import { z } from 'zod';
import { isoDateTimeSchema } from '../common';
import { NUMBER_MODES } from '../entities/number-picks-texts';
import { drawRuleSchema, officialResultSchema } from './draw-rule';

const sha256HexSchema = z.string().regex(/^[0-9a-f]{64}$/);
const hexSchema = z.string().regex(/^(?:[0-9a-f]{2})+$/);
const raffleNumberSchema = z.string().regex(/^\d{1,16}$/);

/** One purchase's run of sale positions [start, start + count). */
export const fairnessClaimSchema = z.object({
  reference: z.string().min(1),
  start: z.number().int().nonnegative(),
  count: z.number().int().positive(),
});
export type FairnessClaim = z.infer<typeof fairnessClaimSchema>;

/** Fixed when the numbers are generated; the prize hash again whenever prizes are placed before the first sale. */
export const fairnessCommitmentSchema = z.object({
  raffleRef: z.string().min(1),
  totalNumbers: z.number().int().positive(),
  numberWidth: z.number().int().positive(),
  keyHash: sha256HexSchema,
  committedAt: isoDateTimeSchema,
  prizesHash: sha256HexSchema,
  prizesCommittedAt: isoDateTimeSchema,
  /** Each prize's own hash (instantPrizeCommitment), sorted; records older than them have none. */
  prizeHashes: z.array(sha256HexSchema).optional(),
});
export type FairnessCommitment = z.infer<typeof fairnessCommitmentSchema>;

/** 'staff': an admin closed the sale now ('Cerrar venta'). */
export const CLOSING_REASONS = ['sold-out', 'end-date', 'staff'] as const;
export type ClosingReason = (typeof CLOSING_REASONS)[number];

export const fairnessClosingSchema = z.object({
  closedAt: isoDateTimeSchema,
  reason: z.enum(CLOSING_REASONS),
  soldCount: z.number().int().nonnegative(),
  soldListHash: sha256HexSchema,
});
export type FairnessClosing = z.infer<typeof fairnessClosingSchema>;

export const fairnessDrawSchema = z.object({
  result: officialResultSchema,
  /** The number the rule reads off the first prize, zero-padded. */
  drawnNumber: raffleNumberSchema,
  /** Null when nothing was sold. */
  winningNumber: raffleNumberSchema.nullable(),
  winnerReference: z.string().nullable(),
  recordedAt: isoDateTimeSchema,
});
export type FairnessDraw = z.infer<typeof fairnessDrawSchema>;

/** Published with the draw, never before. */
export const fairnessRevealSchema = z.object({
  key: hexSchema,
  prizesSalt: hexSchema,
  instantPrizeNumbers: z.array(raffleNumberSchema),
});
export type FairnessReveal = z.infer<typeof fairnessRevealSchema>;

/**
 * How the instant-prize numbers are shown (DESIGN, instant prizes): 'public' from the
 * start in a random-mode raffle, where nobody chooses which numbers they get; 'sealed' in
 * a pick-mode raffle, where knowing them would let a buyer choose them: only each
 * prize's amount and hash until it is won, every number with the draw.
 */
export const PRIZE_DISCLOSURES = ['public', 'sealed'] as const;
export type PrizeDisclosure = (typeof PRIZE_DISCLOSURES)[number];

export const PRIZE_DISCLOSURE_TEXTS = {
  stated: (disclosure: PrizeDisclosure) =>
    disclosure === 'sealed'
      ? 'Premios instantáneos: números secretos hasta que se ganan. Como cada comprador elige sus números, antes de la venta solo se publican el monto y la huella (SHA-256) de cada número premiado; el número y su sal se revelan cuando alguien lo compra, y todos con el sorteo.'
      : 'Premios instantáneos: números publicados desde el inicio. Los números se asignan al azar al pagar, así que nadie puede elegir un número premiado.',
  /** The storefront's note under the amounts of a sealed list. */
  sealedNote:
    'En esta rifa eliges tus números, así que los números premiados son secretos hasta que alguien los compra. Antes de la venta publicamos la huella de cada uno:',
  sealedLink: 'compruébala en Verificar',
  sealedLead: 'Algunos números esconden un premio: si eliges uno de ellos, ¡lo ganas al instante!',
  hidden: 'Número secreto',
} as const;

/** One instant prize in the record: its number and salt only once revealed. */
export const fairnessPrizeSchema = z.object({
  amount: z.number().nonnegative(),
  hash: sha256HexSchema,
  number: raffleNumberSchema.nullable(),
  salt: hexSchema.nullable(),
  won: z.boolean(),
});
export type FairnessPrize = z.infer<typeof fairnessPrizeSchema>;

/** Pick mode: a number the buyer chose, sold to the purchase `reference`. */
export const fairnessPickSchema = z.object({
  reference: z.string().min(1),
  number: raffleNumberSchema,
});
export type FairnessPick = z.infer<typeof fairnessPickSchema>;

export const fairnessExportSchema = z.object({
  version: z.literal(1),
  /** Null until the numbers are generated. */
  commitment: fairnessCommitmentSchema.nullable(),
  rule: drawRuleSchema,
  /** When the rule, key, N and prizes stopped being changeable: the first sale. */
  lockedAt: isoDateTimeSchema.nullable(),
  closing: fairnessClosingSchema.nullable(),
  draw: fairnessDrawSchema.nullable(),
  reveal: fairnessRevealSchema.nullable(),
  claims: z.array(fairnessClaimSchema),
  /**
   * How buyers got their numbers: 'random' (the key's permutation at the claims' positions)
   * or 'pick' (chosen by the buyers: `picks` is the sold list; the key still fixes the
   * instant prizes, and the draw rule alone picks the winner among the sold numbers).
   * Records older than the choice have neither field: random.
   */
  mode: z.enum(NUMBER_MODES).default('random'),
  picks: z.array(fairnessPickSchema).default([]),
  /** How the prize numbers are shown; records older than the choice showed them: public. */
  prizeDisclosure: z.enum(PRIZE_DISCLOSURES).default('public'),
  /** Every prize with its hash, sorted by hash (in sealed mode the order says nothing). */
  instantPrizes: z.array(fairnessPrizeSchema).default([]),
});
export type FairnessExport = z.infer<typeof fairnessExportSchema>;
