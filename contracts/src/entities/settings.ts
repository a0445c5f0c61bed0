// Site settings: contact data and social links are public; the database URL and the
// payment keys are secrets, never sent by the public GET /settings.
import { z } from 'zod';
import { idSchema, raIdSchema } from '../common';

export const socialMediaSchema = z.object({
  facebook: z.string().default(''),
  instagram: z.string().default(''),
  tiktok: z.string().default(''),
});
export type SocialMedia = z.infer<typeof socialMediaSchema>;

export const paymentKeysSchema = z.object({
  stripeSecretKey: z.string().default(''),
  stripePublishableKey: z.string().default(''),
  paypalClientId: z.string().default(''),
  paypalSecret: z.string().default(''),
});
export type PaymentKeys = z.infer<typeof paymentKeysSchema>;

/** What staff see (secrets masked by the api, see SETTINGS_SECRET_PATHS). */
export const settingsSchema = z.object({
  _id: idSchema,
  id: raIdSchema,
  email: z.string(),
  contactNumber: z.string(),
  mongoDBConnection: z.string(),
  socialMedia: socialMediaSchema,
  payment: paymentKeysSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

/** GET /settings for visitors: contact and footer data only. */
export const publicSettingsSchema = settingsSchema.omit({ mongoDBConnection: true, payment: true });
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** PUT /settings/{id}: the full object; a masked secret sent back means "unchanged". */
export const settingsUpdateSchema = z.object({
  _id: idSchema.optional(),
  email: z.string().trim().default(''),
  contactNumber: z.string().trim().default(''),
  mongoDBConnection: z.string().default(''),
  socialMedia: socialMediaSchema.partial().default({}),
  payment: paymentKeysSchema.partial().default({}),
});
export type SettingsUpdate = z.input<typeof settingsUpdateSchema>;

/** Dotted paths of the secret fields; the api masks them for staff and never returns them publicly. */
export const SETTINGS_SECRET_PATHS = [
  'mongoDBConnection',
  'payment.stripeSecretKey',
  'payment.paypalSecret',
] as const;
export type SettingsSecretPath = (typeof SETTINGS_SECRET_PATHS)[number];

/** What a masked secret looks like; sending it back in an update keeps the stored value. */
export const SECRET_MASK = '••••••••';
