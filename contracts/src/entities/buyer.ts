// The checkout buyer form (SPEC §5). Address, city and province are required except
// when paying with PayPal, so the schema depends on the chosen method.
import { z } from 'zod';
import { ALWAYS_REFINE, str } from '../common';
import { COUNTRY, type PaymentMethod } from '../constants';
import { VALIDATION } from '../messages';
import {
  BUYER_ADDRESS_RULES,
  BUYER_FIELD_RULES,
  emailsMatch,
  methodNeedsAddress,
  type TextRule,
} from './buyer-rules';

// The rules themselves are plain functions in buyer-rules.ts, which the checkout runs in
// the browser without zod; these schemas read, trim and store what they accept.

/** A trimmed string that passes its rule; `typeError` when the value is not a string at all. */
const ruledText = (rule: TextRule, typeError?: string) =>
  z
    .string(typeError === undefined ? undefined : { error: typeError })
    .trim()
    .superRefine((value, ctx) => {
      const message = rule(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

/** 09XXXXXXXX or +5939XXXXXXXX as typed (spaces and dashes allowed), stored as +5939XXXXXXXX. */
const storedPhone = (typed: string) => {
  const v = typed.replace(/[\s-]/g, '');
  return v.startsWith('0') ? `+593${v.slice(1)}` : v;
};

/** Fields shared by the form and the order payload; address fields checked per method. */
export const buyerFieldsSchema = z.object({
  firstName: ruledText(BUYER_FIELD_RULES.firstName, VALIDATION.firstNameRequired),
  lastName: ruledText(BUYER_FIELD_RULES.lastName, VALIDATION.lastNameRequired),
  email: ruledText(BUYER_FIELD_RULES.email, VALIDATION.emailRequired),
  phone: ruledText(BUYER_FIELD_RULES.phone, VALIDATION.phoneRequired).transform(storedPhone),
  country: z.literal(COUNTRY).default(COUNTRY),
  province: ruledText(BUYER_FIELD_RULES.province).default(''),
  city: ruledText(BUYER_FIELD_RULES.city).default(''),
  address: ruledText(BUYER_FIELD_RULES.address).default(''),
  document: ruledText(BUYER_FIELD_RULES.document).default(''),
});

/** Adds the required-address issues at `prefix` (e.g. ['buyer']) unless the method is PayPal. */
export function checkAddress(
  values: { province?: unknown; city?: unknown; address?: unknown } | undefined,
  method: PaymentMethod | null | undefined,
  ctx: z.RefinementCtx,
  prefix: PropertyKey[] = [],
): void {
  if (!methodNeedsAddress(method)) return;
  for (const [field, message] of BUYER_ADDRESS_RULES) {
    if (!str(values?.[field]).trim())
      ctx.addIssue({ code: 'custom', path: [...prefix, field], message });
  }
}

const buyerFormBase = buyerFieldsSchema.extend({
  confirmEmail: z.string().trim().default(''),
  acceptedTerms: z.literal(true, { error: VALIDATION.termsRequired }),
});

/** The buyer form for one payment method (the browser runs buyerFormProblems instead). */
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
