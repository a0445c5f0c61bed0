// Resellers: staff with a referral code that purchases carry.
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, raIdSchema, requiredString } from '../common';
import { VALIDATION } from '../messages';

export const resellerSchema = z.object({
  _id: idSchema,
  id: raIdSchema,
  fullname: z.string(),
  email: z.string(),
  code: z.string(),
  active: z.boolean(),
  createdAt: isoDateTimeSchema.optional(),
});
export type Reseller = z.infer<typeof resellerSchema>;

/** PUT /resellers/{id}. */
export const resellerUpdateSchema = z.object({
  fullname: requiredString(VALIDATION.fullnameRequired),
  email: z
    .string({ error: VALIDATION.emailInvalidAdmin })
    .trim()
    .toLowerCase()
    .email({ error: VALIDATION.emailInvalidAdmin }),
  active: z.boolean(),
  createdAt: isoDateTimeSchema.optional(),
});
export type ResellerUpdate = z.infer<typeof resellerUpdateSchema>;

/** GET /resellers?q= — search by name or e-mail. */
export const resellerQuerySchema = z.object({ q: z.string().optional() });
export type ResellerQuery = z.infer<typeof resellerQuerySchema>;
