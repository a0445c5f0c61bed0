// Small shared building blocks of the schemas: ids, dates over the wire, money, the
// generic `{ msg }` answer and the error contract react-admin reads.
import { z } from 'zod';
import { PAYMENT_METHODS, ROLES } from './constants';
import { isHttpUrl, isSitePath } from './helpers/safe-url';
import { VALIDATION } from './messages';
import './zod-locale';

/** Document id as sent over the wire (a MongoDB ObjectId in hex, or any opaque string). */
export const idSchema = z.string().min(1);
export type Id = z.infer<typeof idSchema>;

/** Dates travel as ISO 8601 strings with offset or Z. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
export type IsoDateTime = z.infer<typeof isoDateTimeSchema>;

export const paymentMethodSchema = z.enum(PAYMENT_METHODS);

export const roleSchema = z.enum(ROLES);

/** Every successful call SPEC answers with a toast message. */
export const msgResponseSchema = z.object({ msg: z.string() });
export type MsgResponse = z.infer<typeof msgResponseSchema>;

/** Mutations of a record answer the record and a toast message. */
export const withMsg = <T extends z.ZodObject>(schema: T) =>
  schema.extend({ msg: z.string().optional() });

/** The one error shape of the api: a Spanish `msg`, and per-field messages on 400s. */
export const apiErrorSchema = z.object({
  msg: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** react-admin reads `id`; the api sends it beside `_id` with the same value. */
export const raIdSchema = idSchema.optional().describe('Igual a _id (para react-admin).');

/** Path parameter `{id}`. */
export const idParamSchema = z.object({ id: idSchema });
export type IdParam = z.infer<typeof idParamSchema>;

/** A required trimmed string with one message for missing and empty. */
export function requiredString(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message });
}

/**
 * Lets a cross-field rule run even when some field already failed (so a form shows every
 * error at once). The rule then receives unvalidated values and must read them defensively.
 */
export const ALWAYS_REFINE = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null,
};

/** A possibly-missing value as a string ('' when it is not a string). */
export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A link staff enter: empty, or an absolute http(s) URL (never javascript:, data:, …). */
export const optionalHttpUrlSchema = z
  .string({ error: VALIDATION.httpUrlInvalid })
  .trim()
  .refine((v) => v === '' || isHttpUrl(v), { error: VALIDATION.httpUrlInvalid });

/** An image staff enter: empty, an absolute http(s) URL or a path on our site (/media/…). */
export const optionalImageUrlSchema = z
  .string({ error: VALIDATION.httpUrlInvalid })
  .trim()
  .refine((v) => v === '' || isHttpUrl(v) || isSitePath(v), { error: VALIDATION.httpUrlInvalid });
