// The buyer form's rules (SPEC §5) as plain functions, with no schema: the checkout runs
// them in the browser without loading zod, and entities/buyer.ts builds the server's
// schemas on these same functions, so both say the same thing about the same input.
// Keep this module free of zod schemas (a page that imports it would ship zod).
import { COUNTRY, type PaymentMethod } from '../constants';
import { isEcuadorIdValid } from '../helpers/ecuador-id';
import { BUYER_MESSAGES, VALIDATION } from '../messages';

/** Longest value each buyer field takes: long enough for real names, short enough for a table. */
export const BUYER_MAX_LENGTH = {
  firstName: 60,
  lastName: 60,
  email: 120,
  province: 60,
  city: 60,
  address: 200,
} as const;

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

/** The buyer form's values as the browser holds them. */
export type BuyerFormValues = {
  [K in keyof typeof BUYER_FORM_DEFAULTS]: K extends 'acceptedTerms' ? boolean : string;
};
export type BuyerFormProblems = Partial<Record<keyof BuyerFormValues, string>>;

/** What is wrong with one text field (its first problem), or undefined when it is fine. */
export type TextRule = (value: string) => string | undefined;

/**
 * zod's e-mail pattern (`z.regexes.email`), written out so this module needs no zod;
 * client-rules.test.ts holds the two equal.
 */
export const EMAIL_PATTERN =
  // Verbatim, escapes included, so the test can compare the two sources.
  // eslint-disable-next-line no-useless-escape
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

const ECUADOR_MOBILE = /^(09\d{8}|\+5939\d{8})$/;

/** Line breaks, tabs and other control characters (U+2028/2029 too): never in a one-line field. */
const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;

export function isOneLine(value: string): boolean {
  return !CONTROL_CHARACTER.test(value);
}

/**
 * Words of letters (any alphabet, accents and ñ included, also written as combining marks)
 * joined by spaces, apostrophes or hyphens. A name goes into our own e-mails and SMS, so
 * nothing that reads as a link, a domain, a number or a call to action gets through.
 */
const PERSON_NAME = /^[\p{L}\p{M}]+(?:(?:\s+|\s*['’-]\s*)[\p{L}\p{M}]+)*$/u;

export function isPersonName(value: string): boolean {
  return isOneLine(value) && PERSON_NAME.test(value.trim());
}

/** 09XXXXXXXX or +5939XXXXXXXX, spaces and dashes allowed. */
export function isEcuadorMobile(value: string): boolean {
  return ECUADOR_MOBILE.test(value.trim().replace(/[\s-]/g, ''));
}

/** True when the method needs a postal address (every method but PayPal). */
export function methodNeedsAddress(method: PaymentMethod | null | undefined): boolean {
  return method !== 'paypal';
}

/** confirmEmail must equal email (compared trimmed, case-insensitively). */
export function emailsMatch(email: unknown, confirmEmail: unknown): boolean {
  return text(email).trim().toLowerCase() === text(confirmEmail).trim().toLowerCase();
}

export const BUYER_ADDRESS_RULES = [
  ['province', VALIDATION.provinceRequired],
  ['city', VALIDATION.cityRequired],
  ['address', VALIDATION.addressRequired],
] as const;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * A name: required, at most `max` characters, on one line, and letters. One message per
 * state: '' says only "requerido", a line break only "una sola línea".
 */
function nameRule(
  messages: { required: string; letters: string; oneLine: string },
  max: number,
): TextRule {
  return (value) => {
    const v = value.trim();
    if (v === '') return messages.required;
    if (v.length > max) return BUYER_MESSAGES.tooLong(max);
    if (!isOneLine(v)) return messages.oneLine;
    if (!isPersonName(v)) return messages.letters;
    return undefined;
  };
}

/** Optional free text (the address fields): at most `max` characters, on one line. */
function lineRule(max: number): TextRule {
  return (value) => {
    const v = value.trim();
    if (v.length > max) return BUYER_MESSAGES.tooLong(max);
    if (!isOneLine(v)) return BUYER_MESSAGES.oneLine;
    return undefined;
  };
}

/** Each text field's own rule (the cross-field ones are in buyerFormProblems). */
export const BUYER_FIELD_RULES = {
  firstName: nameRule(
    {
      required: VALIDATION.firstNameRequired,
      letters: BUYER_MESSAGES.firstNameLetters,
      oneLine: BUYER_MESSAGES.firstNameOneLine,
    },
    BUYER_MAX_LENGTH.firstName,
  ),
  lastName: nameRule(
    {
      required: VALIDATION.lastNameRequired,
      letters: BUYER_MESSAGES.lastNameLetters,
      oneLine: BUYER_MESSAGES.lastNameOneLine,
    },
    BUYER_MAX_LENGTH.lastName,
  ),
  email: (value) => {
    const v = value.trim();
    if (v === '') return VALIDATION.emailRequired;
    if (!EMAIL_PATTERN.test(v)) return VALIDATION.emailInvalid;
    if (v.length > BUYER_MAX_LENGTH.email) return BUYER_MESSAGES.tooLong(BUYER_MAX_LENGTH.email);
    return undefined;
  },
  phone: (value) => {
    if (value.trim() === '') return VALIDATION.phoneRequired;
    return isEcuadorMobile(value) ? undefined : BUYER_MESSAGES.phoneInvalid;
  },
  province: lineRule(BUYER_MAX_LENGTH.province),
  city: lineRule(BUYER_MAX_LENGTH.city),
  address: lineRule(BUYER_MAX_LENGTH.address),
  /** Optional; when given, a cédula or RUC with valid check digits. */
  document: (value) => {
    const v = value.trim();
    return v === '' || isEcuadorIdValid(v) ? undefined : BUYER_MESSAGES.documentInvalid;
  },
} satisfies Record<string, TextRule>;

/**
 * The first problem of each field of the buyer form, for the chosen method: the field's
 * own rule, then the rules across fields (the e-mails match, the address unless PayPal,
 * the terms accepted). `buyerFormSchemaFor(method)` refuses exactly these.
 */
export function buyerFormProblems(
  values: BuyerFormValues,
  method: PaymentMethod | null | undefined,
): BuyerFormProblems {
  const problems: BuyerFormProblems = {};
  for (const [field, rule] of Object.entries(BUYER_FIELD_RULES)) {
    const message = rule(text(values[field as keyof typeof BUYER_FIELD_RULES]));
    if (message) problems[field as keyof typeof BUYER_FIELD_RULES] = message;
  }
  if (!emailsMatch(values.email, values.confirmEmail))
    problems.confirmEmail = VALIDATION.emailsDontMatch;
  if (methodNeedsAddress(method))
    for (const [field, message] of BUYER_ADDRESS_RULES)
      if (!text(values[field]).trim()) problems[field] ??= message;
  if (values.acceptedTerms !== true) problems.acceptedTerms = VALIDATION.termsRequired;
  return problems;
}
