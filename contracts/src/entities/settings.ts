// Operator settings: contact data and social links, the bank accounts and WhatsApp number
// buyers pay with, the transfer hold, provider credentials and notification transports,
// and the resellers' permission. Secrets are masked for staff and never public.
import { z } from 'zod';
import { idSchema, optionalHttpUrlSchema, raIdSchema } from '../common';
import { PAYMENT_METHODS } from '../constants';
import { isEcuadorIdValid } from '../helpers/ecuador-id';
import { SETTINGS_MESSAGES as M } from '../settings-messages';
import {
  organizerInputSchema,
  organizerSchema,
  privacySettingsInputSchema,
  privacySettingsSchema,
} from './organizer';
import {
  PURCHASE_LIMIT_DEFAULTS,
  purchaseLimitsInputSchema,
  purchaseLimitsSchema,
} from './purchase-limits';

export const socialMediaSchema = z.object({
  facebook: z.string().default(''),
  instagram: z.string().default(''),
  tiktok: z.string().default(''),
});
export type SocialMedia = z.infer<typeof socialMediaSchema>;

export const PAYPAL_MODES = ['sandbox', 'live'] as const;
export type PayPalMode = (typeof PAYPAL_MODES)[number];

export const paymentKeysSchema = z.object({
  stripeSecretKey: z.string().default(''),
  stripePublishableKey: z.string().default(''),
  stripeWebhookSecret: z.string().default(''),
  paypalClientId: z.string().default(''),
  paypalSecret: z.string().default(''),
  paypalMode: z.enum(PAYPAL_MODES).default('sandbox'),
  payphoneToken: z.string().default(''),
  payphoneStoreId: z.string().default(''),
});
export type PaymentKeys = z.infer<typeof paymentKeysSchema>;

export const messagingSchema = z.object({
  smtpUrl: z.string().default(''),
  mailFrom: z.string().default(''),
  twilioAccountSid: z.string().default(''),
  twilioAuthToken: z.string().default(''),
  twilioFrom: z.string().default(''),
});
export type MessagingSettings = z.infer<typeof messagingSchema>;

export const BANK_ACCOUNT_TYPES = ['Ahorros', 'Corriente'] as const;
export const MAX_BANK_ACCOUNTS = 3;

export const bankAccountSchema = z.object({
  bank: z
    .string({ error: M.bankRequired })
    .trim()
    .min(2, { error: M.bankRequired })
    .max(60, {
      error: M.tooLong(60),
    }),
  type: z.enum(BANK_ACCOUNT_TYPES, { error: M.accountTypeInvalid }),
  number: z
    .string({ error: M.accountNumberInvalid })
    .trim()
    .regex(/^[0-9-]{5,20}$/, { error: M.accountNumberInvalid }),
  holder: z
    .string({ error: M.holderRequired })
    .trim()
    .min(3, { error: M.holderRequired })
    .max(80, { error: M.tooLong(80) }),
  holderId: z
    .string({ error: M.holderIdInvalid })
    .trim()
    .refine(isEcuadorIdValid, { error: M.holderIdInvalid }),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** A mobile or landline in international digits (e.g. 593991234567), as wa.me wants it. */
export const whatsappNumberSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s\-()+]/g, ''))
  .refine((v) => v === '' || /^593\d{8,9}$/.test(v) || /^0\d{8,9}$/.test(v), {
    error: M.whatsappInvalid,
  })
  .transform((v) => (v.startsWith('0') ? `593${v.slice(1)}` : v));

/** What staff see (secrets masked by the api, see SETTINGS_SECRET_PATHS). */
export const paymentMethodAvailabilitySchema = z.object(
  Object.fromEntries(PAYMENT_METHODS.map((m) => [m, z.boolean()])) as Record<
    (typeof PAYMENT_METHODS)[number],
    z.ZodBoolean
  >,
);
export type PaymentMethodAvailability = z.infer<typeof paymentMethodAvailabilitySchema>;

export const settingsSchema = z.object({
  _id: idSchema,
  id: raIdSchema,
  email: z.string(),
  contactNumber: z.string(),
  mongoDBConnection: z.string(),
  socialMedia: socialMediaSchema,
  payment: paymentKeysSchema,
  messaging: messagingSchema,
  bankAccounts: z.array(bankAccountSchema),
  whatsappNumber: z.string(),
  transferHoldHours: z.number(),
  reminderLeadHours: z.number(),
  resellersCanConfirm: z.boolean(),
  /** A store saved before the limits existed has the defaults. */
  purchaseLimits: purchaseLimitsSchema.default({ ...PURCHASE_LIMIT_DEFAULTS }),
  /** The organizer's legal identity (trust page, privacy notice); empty until staff fill it. */
  organizer: organizerSchema.default(organizerSchema.parse({})),
  privacy: privacySettingsSchema.default(privacySettingsSchema.parse({})),
  /** Which methods work with the saved keys (staff answers carry it too). */
  paymentMethods: paymentMethodAvailabilitySchema.optional(),
});
export type Settings = z.infer<typeof settingsSchema>;

/**
 * GET /settings for visitors: the footer's contact data, and what checkout and the order
 * page need — bank accounts, the WhatsApp number and which payment methods work.
 */
export const publicSettingsSchema = settingsSchema
  .pick({
    _id: true,
    id: true,
    email: true,
    contactNumber: true,
    socialMedia: true,
    bankAccounts: true,
    whatsappNumber: true,
    organizer: true,
    privacy: true,
  })
  .extend({
    paymentMethods: paymentMethodAvailabilitySchema,
    /** The most numbers one order may take (0: no limit), for the custom quantity to say so. */
    maxPerOrder: z.number().default(0),
  });
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** Social links as staff save them: each empty or an http(s) URL. */
export const socialMediaInputSchema = z.object({
  facebook: optionalHttpUrlSchema,
  instagram: optionalHttpUrlSchema,
  tiktok: optionalHttpUrlSchema,
});

// A number as JSON sends it: a coercion would take null (an emptied field) as 0 hours and
// true as 1, neither of which the form meant.
const hours = (min: number, max: number) =>
  z
    .number({ error: M.hoursInvalid(min, max) })
    .min(min, { error: M.hoursInvalid(min, max) })
    .max(max, { error: M.hoursInvalid(min, max) });

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: M.tooLong(max) });

/**
 * PUT /settings/{id}. Every field optional: a missing one keeps the stored value, and a
 * masked secret sent back means "unchanged".
 */
export const settingsUpdateSchema = z
  .object({
    _id: idSchema.optional(),
    email: z
      .string()
      .trim()
      .max(120, { error: M.tooLong(120) })
      .refine((v) => v === '' || z.regexes.email.test(v), { error: M.emailInvalid })
      .optional(),
    contactNumber: text(30).optional(),
    mongoDBConnection: text(500).optional(),
    socialMedia: socialMediaInputSchema.partial().optional(),
    payment: z
      .object({
        stripeSecretKey: text(300),
        stripePublishableKey: text(300),
        stripeWebhookSecret: text(300),
        paypalClientId: text(300),
        paypalSecret: text(300),
        paypalMode: z.enum(PAYPAL_MODES, { error: M.paypalModeInvalid }),
        payphoneToken: text(2000),
        payphoneStoreId: text(100),
      })
      .partial()
      .optional(),
    messaging: z
      .object({
        smtpUrl: text(500).refine((v) => v === '' || /^smtps?:\/\//.test(v) || v.startsWith('•'), {
          error: M.smtpUrlInvalid,
        }),
        mailFrom: text(200),
        twilioAccountSid: text(100),
        twilioAuthToken: text(200),
        twilioFrom: text(30),
      })
      .partial()
      .optional(),
    bankAccounts: z
      .array(bankAccountSchema)
      .max(MAX_BANK_ACCOUNTS, { error: M.tooManyAccounts(MAX_BANK_ACCOUNTS) })
      .optional(),
    whatsappNumber: whatsappNumberSchema.optional(),
    transferHoldHours: hours(0.005, 240).optional(),
    reminderLeadHours: hours(0, 72).optional(),
    resellersCanConfirm: z.boolean({ error: M.booleanInvalid }).optional(),
    purchaseLimits: purchaseLimitsInputSchema.optional(),
    organizer: organizerInputSchema.partial().optional(),
    privacy: privacySettingsInputSchema.partial().optional(),
  })
  .superRefine((s, ctx) => {
    if (
      s.transferHoldHours !== undefined &&
      s.reminderLeadHours !== undefined &&
      s.reminderLeadHours >= s.transferHoldHours
    ) {
      ctx.addIssue({ code: 'custom', path: ['reminderLeadHours'], message: M.reminderTooLate });
    }
  });
export type SettingsUpdate = z.input<typeof settingsUpdateSchema>;

/** Dotted paths of the secret fields; the api masks them for staff and never returns them publicly. */
export const SETTINGS_SECRET_PATHS = [
  'mongoDBConnection',
  'payment.stripeSecretKey',
  'payment.stripeWebhookSecret',
  'payment.paypalSecret',
  'payment.payphoneToken',
  'messaging.smtpUrl',
  'messaging.twilioAuthToken',
] as const;
export type SettingsSecretPath = (typeof SETTINGS_SECRET_PATHS)[number];

/** What a masked secret looks like; sending it back in an update keeps the stored value. */
export const SECRET_MASK = '••••••••';
