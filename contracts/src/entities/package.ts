// Number packages sold on the home page, and the client's selected package.
import { z } from 'zod';
import { idSchema, raIdSchema } from '../common';
import { MIN_LENGTH } from '../constants';
import { VALIDATION } from '../messages';

export const packageSchema = z.object({
  _id: idSchema,
  id: raIdSchema,
  name: z.string(),
  quantity: z.number().int().positive(),
  price: z.number().nonnegative(),
  isPopular: z.boolean(),
});
export type Package = z.infer<typeof packageSchema>;

/** POST /packages and PUT /packages/{id} (SPEC §5 rules). */
export const packageInputSchema = z.object({
  name: z
    .string({ error: VALIDATION.packageNameMin })
    .trim()
    .min(MIN_LENGTH.packageName, { error: VALIDATION.packageNameMin }),
  quantity: z
    .number({ error: VALIDATION.quantityPositive })
    .int({ error: VALIDATION.quantityPositive })
    .positive({ error: VALIDATION.quantityPositive }),
  price: z
    .number({ error: VALIDATION.pricePositive })
    .positive({ error: VALIDATION.pricePositive }),
  isPopular: z.boolean().default(false),
});
export type PackageInput = z.input<typeof packageInputSchema>;

/** The package form returns to these after Cancelar or a successful save (SPEC §4). */
export const PACKAGE_FORM_DEFAULTS = { name: '', quantity: 1, price: 0, isPopular: false } as const;

/**
 * Client state between home and checkout; a custom package has id 'custom'. The checkout
 * reads it with readSelectedPackage (selected-package.ts), the same rules without zod.
 */
export const selectedPackageSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  quantity: z.number().int().positive(),
  price: z.number().nonnegative(),
  isPopular: z.boolean(),
  resellerCode: z.string().nullish(),
});
export type SelectedPackage = z.infer<typeof selectedPackageSchema>;
