// Answers of the fairness calls of the api (the bodies are drawRuleSchema and officialResultSchema).
import { z } from 'zod';
import '../zod-locale';
import { drawRuleSchema } from './draw-rule';
import { fairnessDrawSchema, fairnessRevealSchema } from './fairness-export';
import { drawWinnerSchema } from '../sale-lifecycle';

/** GET /raffle/fairness/{ref}: a drawn raffle's record, kept after the next raffle starts. */
export const raffleRefParamSchema = z.object({ ref: z.string().min(1).max(100) });

/** PUT /raffle/draw-rule. */
export const drawRuleResponseSchema = z.object({ msg: z.string(), rule: drawRuleSchema });
export type DrawRuleResponse = z.infer<typeof drawRuleResponseSchema>;

/** POST /raffle/draw: the recorded draw and the secrets it reveals. */
export const recordDrawResponseSchema = z.object({
  msg: z.string(),
  draw: fairnessDrawSchema,
  reveal: fairnessRevealSchema,
  /** Who won, for the admin who recorded it (the public record names a reference only). */
  winner: drawWinnerSchema.nullable().optional(),
});
export type RecordDrawResponse = z.infer<typeof recordDrawResponseSchema>;
