// Who runs the raffles and how long personal data is kept: the organizer's legal identity
// (shown on the trust page and as the data controller of the privacy notice) and the
// retention rule of Ecuador's data-protection law (LOPDP). Both live in the settings
// document; every field may be empty, and an empty one is never shown to buyers.
import { z } from 'zod';
import '../zod-locale';
import { isRucValid } from '../helpers/ecuador-id';
import { SETTINGS_MESSAGES as M } from '../settings-messages';

export const organizerSchema = z.object({
  /** Razón social: the company or person legally responsible for the raffles and the data. */
  legalName: z.string().default(''),
  ruc: z.string().default(''),
  address: z.string().default(''),
  /** Where buyers write about their personal data (falls back to the contact e-mail). */
  privacyEmail: z.string().default(''),
  /** Delegado de protección de datos, when the operator has one. */
  dpoName: z.string().default(''),
  dpoEmail: z.string().default(''),
});
export type Organizer = z.infer<typeof organizerSchema>;

export const PRIVACY_DEFAULTS = {
  /** Months after a raffle's draw before the personal data of buyers who did not win is anonymized. */
  retentionMonths: 12,
  /** Months a winner's data is kept after the draw (the prize's legal period). */
  winnerRetentionMonths: 60,
} as const;

export const privacySettingsSchema = z.object({
  retentionMonths: z.number().default(PRIVACY_DEFAULTS.retentionMonths),
  winnerRetentionMonths: z.number().default(PRIVACY_DEFAULTS.winnerRetentionMonths),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: M.tooLong(max) });
const email = text(120).refine((v) => v === '' || z.regexes.email.test(v), {
  error: M.emailInvalid,
});
const months = (min: number, max: number) =>
  z
    .number({ error: M.monthsInvalid(min, max) })
    .int({ error: M.monthsInvalid(min, max) })
    .min(min, { error: M.monthsInvalid(min, max) })
    .max(max, { error: M.monthsInvalid(min, max) });

export const organizerInputSchema = z.object({
  legalName: text(200),
  ruc: text(13).refine((v) => v === '' || isRucValid(v), { error: M.rucInvalid }),
  address: text(300),
  privacyEmail: email,
  dpoName: text(200),
  dpoEmail: email,
});

export const privacySettingsInputSchema = z.object({
  retentionMonths: months(1, 120),
  winnerRetentionMonths: months(1, 240),
});
