// What a buyer agreed to, recorded (Ecuador's LOPDP art. 8: consent free, specific,
// informed, and as easy to withdraw as to give). Each purchase keeps the versions of the
// terms and the privacy notice it was made under; the marketing choice is separate, never
// ticked for the buyer, and kept per e-mail so one click from any message withdraws it.
import { z } from 'zod';
import { isoDateTimeSchema } from '../common';
import { CONSENT_MESSAGES } from './consent-texts';

/**
 * The version of the terms page (/terminos): change it with any change of the terms'
 * wording, so each purchase names the text it was made under.
 */
export const TERMS_VERSION = '2026-11-28';

/** How the purchase was made: on the storefront, by a reseller, or by staff for a buyer. */
export const CONSENT_CHANNELS = ['web', 'reseller', 'staff'] as const;
export const consentChannelSchema = z.enum(CONSENT_CHANNELS);
export type ConsentChannel = z.infer<typeof consentChannelSchema>;

/** `purchase.consent`: what was accepted, when and where. */
export const purchaseConsentSchema = z.object({
  termsVersion: z.string(),
  privacyVersion: z.string(),
  acceptedAt: isoDateTimeSchema,
  channel: consentChannelSchema,
  /** Whether the buyer asked for news of the next raffles. */
  marketing: z.boolean(),
});
export type PurchaseConsent = z.infer<typeof purchaseConsentSchema>;

/** POST /api/unsubscribe: the token of a message's "Dejar de recibir noticias" link. */
export const unsubscribeRequestSchema = z.object({
  t: z
    .string({ error: CONSENT_MESSAGES.unsubscribeInvalid })
    .trim()
    .min(1, { error: CONSENT_MESSAGES.unsubscribeInvalid })
    .max(600, { error: CONSENT_MESSAGES.unsubscribeInvalid }),
});

/** The create-order payload's consent: only the marketing choice (off unless chosen). */
export const orderConsentInputSchema = z.object({
  marketing: z.boolean({ error: CONSENT_MESSAGES.marketingInvalid }).default(false),
});
export type OrderConsentInput = z.input<typeof orderConsentInputSchema>;

/** Where a marketing choice came from. */
export const MARKETING_CONSENT_SOURCES = [
  'checkout',
  'reseller',
  'staff',
  'unsubscribe_link',
  'my_data',
] as const;
export const marketingConsentSourceSchema = z.enum(MARKETING_CONSENT_SOURCES);
export type MarketingConsentSource = z.infer<typeof marketingConsentSourceSchema>;

/** A person's current marketing choice (collection `marketing_consents`, one per e-mail). */
export const marketingConsentSchema = z.object({
  email: z.string(),
  granted: z.boolean(),
  source: marketingConsentSourceSchema,
  at: isoDateTimeSchema,
});
export type MarketingConsent = z.infer<typeof marketingConsentSchema>;
