// The public fairness record of a raffle (GET /api/raffle/fairness, `npm run verify-draw`):
// what was committed and when, the rule, the closing, the draw and, after the draw, the
// revealed secrets. Claims carry purchase references only, nothing personal.
import { z } from 'zod';
import { isoDateTimeSchema } from '../common';
import { NUMBER_MODES } from '../entities/number-picks';
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
});
export type FairnessExport = z.infer<typeof fairnessExportSchema>;
