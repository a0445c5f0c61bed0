// The checkout buyer form (SPEC §5). Address, city and province are required except
// when paying with PayPal, so the schema depends on the chosen method.
import { z } from 'zod';
import { ALWAYS_REFINE, requiredString, str } from '../common';
import { COUNTRY, type PaymentMethod } from '../constants';
import { isEcuadorIdValid } from '../helpers/ecuador-id';
import { BUYER_MESSAGES, VALIDATION } from '../messages';

export const buyerEmailSchema = z
  .string({ error: VALIDATION.emailRequired })
  .trim()
  .min(1, { error: VALIDATION.emailRequired })
  // One message per state: an empty field is "requerido", not also "inválido". (An
  // aborting min() would also stop the cross-field rules, so the format check skips '' itself.)
  .refine((value) => value === '' || z.regexes.email.test(value), {
    error: VALIDATION.emailInvalid,
  });

/** Longest value each buyer field takes: long enough for real names, short enough for a table. */
export const BUYER_MAX_LENGTH = {
  firstName: 60,
  lastName: 60,
  email: 120,
  province: 60,
  city: 60,
  address: 200,
} as const;

const ECUADOR_MOBILE = /^(09\d{8}|\+5939\d{8})$/;

/** 09XXXXXXXX or +5939XXXXXXXX (spaces and dashes allowed), stored as +5939XXXXXXXX. */
export const buyerPhoneSchema = requiredString(VALIDATION.phoneRequired)
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine((v) => v === '' || ECUADOR_MOBILE.test(v), { error: BUYER_MESSAGES.phoneInvalid })
  .transform((v) => (v.startsWith('0') ? `+593${v.slice(1)}` : v));

/** Optional; when given, a cédula or RUC with valid check digits. */
export const buyerDocumentSchema = z
  .string()
  .trim()
  .default('')
  .refine((v) => v === '' || isEcuadorIdValid(v), { error: BUYER_MESSAGES.documentInvalid });

/** Line breaks, tabs and other control characters (U+2028/2029 too): never in a one-line field. */
const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;

export function isOneLine(value: string): boolean {
  return !CONTROL_CHARACTER.test(value);
}

/** At most `max` characters, on one line (the buyer's fields are printed in our messages). */
const limited = (schema: z.ZodString, max: number, oneLine: string = BUYER_MESSAGES.oneLine) =>
  schema.max(max, { error: BUYER_MESSAGES.tooLong(max) }).refine(isOneLine, { error: oneLine });

/**
 * Words of letters (any alphabet, accents and ñ included, also written as combining marks)
 * joined by spaces, apostrophes or hyphens. A name goes into our own e-mails and SMS, so
 * nothing that reads as a link, a domain, a number or a call to action gets through.
 */
const PERSON_NAME = /^[\p{L}\p{M}]+(?:(?:\s+|\s*['’-]\s*)[\p{L}\p{M}]+)*$/u;

export function isPersonName(value: string): boolean {
  return isOneLine(value) && PERSON_NAME.test(value.trim());
}

/**
 * Required, at most `max` characters, on one line, and a name: one message per state
 * ('' keeps only "requerido"; a line break only "una sola línea").
 */
const personName = (
  required: string,
  messages: { letters: string; oneLine: string },
  max: number,
) =>
  limited(requiredString(required), max, messages.oneLine).refine(
    (v) => v === '' || !isOneLine(v) || isPersonName(v),
    { error: messages.letters },
  );

/** Fields shared by the form and the order payload; address fields checked per method. */
export const buyerFieldsSchema = z.object({
  firstName: personName(
    VALIDATION.firstNameRequired,
    { letters: BUYER_MESSAGES.firstNameLetters, oneLine: BUYER_MESSAGES.firstNameOneLine },
    BUYER_MAX_LENGTH.firstName,
  ),
  lastName: personName(
    VALIDATION.lastNameRequired,
    { letters: BUYER_MESSAGES.lastNameLetters, oneLine: BUYER_MESSAGES.lastNameOneLine },
    BUYER_MAX_LENGTH.lastName,
  ),
  email: buyerEmailSchema.refine((v) => v.length <= BUYER_MAX_LENGTH.email, {
    error: BUYER_MESSAGES.tooLong(BUYER_MAX_LENGTH.email),
  }),
  phone: buyerPhoneSchema,
  country: z.literal(COUNTRY).default(COUNTRY),
  province: limited(z.string().trim(), BUYER_MAX_LENGTH.province).default(''),
  city: limited(z.string().trim(), BUYER_MAX_LENGTH.city).default(''),
  address: limited(z.string().trim(), BUYER_MAX_LENGTH.address).default(''),
  document: buyerDocumentSchema,
});

/** True when the method needs a postal address (every method but PayPal). */
export function methodNeedsAddress(method: PaymentMethod | null | undefined): boolean {
  return method !== 'paypal';
}

const ADDRESS_RULES = [
  ['province', VALIDATION.provinceRequired],
  ['city', VALIDATION.cityRequired],
  ['address', VALIDATION.addressRequired],
] as const;

/** Adds the required-address issues at `prefix` (e.g. ['buyer']) unless the method is PayPal. */
export function checkAddress(
  values: { province?: unknown; city?: unknown; address?: unknown } | undefined,
  method: PaymentMethod | null | undefined,
  ctx: z.RefinementCtx,
  prefix: PropertyKey[] = [],
): void {
  if (!methodNeedsAddress(method)) return;
  for (const [field, message] of ADDRESS_RULES) {
    if (!str(values?.[field]).trim())
      ctx.addIssue({ code: 'custom', path: [...prefix, field], message });
  }
}

/** confirmEmail must equal email (compared trimmed, case-insensitively). */
export function emailsMatch(email: unknown, confirmEmail: unknown): boolean {
  return str(email).trim().toLowerCase() === str(confirmEmail).trim().toLowerCase();
}

const buyerFormBase = buyerFieldsSchema.extend({
  confirmEmail: z.string().trim().default(''),
  acceptedTerms: z.literal(true, { error: VALIDATION.termsRequired }),
});

/** The buyer form for one payment method. */
export function buyerFormSchemaFor(method: PaymentMethod | null | undefined) {
  return buyerFormBase.superRefine((values, ctx) => {
    if (!emailsMatch(values.email, values.confirmEmail)) {
      ctx.addIssue({ code: 'custom', path: ['confirmEmail'], message: VALIDATION.emailsDontMatch });
    }
    checkAddress(values, method, ctx);
  }, ALWAYS_REFINE);
}

/** The buyer form with the address required (any method but PayPal). */
export const buyerFormSchema = buyerFormSchemaFor(null);
export type BuyerForm = z.infer<typeof buyerFormSchema>;
export type BuyerFormInput = z.input<typeof buyerFormSchema>;

export const BUYER_FORM_DEFAULTS = {
  firstName: '',
  lastName: '',
  email: '',
  confirmEmail: '',
  phone: '',
  country: COUNTRY,
  province: '',
  city: '',
  address: '',
  document: '',
  acceptedTerms: false,
} as const;

/** The buyer as stored on a purchase (SPEC §3). */
export const purchaseBuyerSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  address: z.string().optional(),
  city: z.string().optional(),
  province: z.string().optional(),
  document: z.string().optional(),
});
export type PurchaseBuyer = z.infer<typeof purchaseBuyerSchema>;
