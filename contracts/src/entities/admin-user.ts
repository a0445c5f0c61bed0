// Staff accounts: login, profile, listing and registration.
import { z } from 'zod';
import { ALWAYS_REFINE, idSchema, isoDateTimeSchema, raIdSchema, roleSchema } from '../common';
import { MIN_LENGTH, ROLES } from '../constants';
import { VALIDATION } from '../messages';

const adminEmail = z
  .string({ error: VALIDATION.emailInvalidAdmin })
  .trim()
  .toLowerCase()
  .email({ error: VALIDATION.emailInvalidAdmin });

const password = z
  .string({ error: VALIDATION.passwordMin })
  .min(MIN_LENGTH.password, { error: VALIDATION.passwordMin });

/** POST /admin/login. */
export const loginSchema = z.object({ email: adminEmail, password });
export type LoginInput = z.infer<typeof loginSchema>;

/** The user of a login response (SPEC §3). */
export const adminUserSchema = z.object({ _id: idSchema, email: z.string(), role: roleSchema });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  user: adminUserSchema,
  /** Failed sign-ins to the account since its last successful one (told once, then forgotten). */
  failedLogins: z.object({ count: z.number().int(), lastAt: isoDateTimeSchema }).optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /admin/me. `code` is the referral code (resellers; admins may have none). */
export const profileSchema = z.object({
  _id: idSchema.optional(),
  email: z.string(),
  role: roleSchema,
  code: z.string().nullish(),
  fullname: z.string().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

/** One row of GET /admin. */
export const userListItemSchema = z.object({
  _id: idSchema.optional(),
  id: raIdSchema,
  code: z.string().nullish(),
  fullname: z.string(),
  email: z.string(),
  role: roleSchema,
  active: z.boolean().optional(),
  createdAt: isoDateTimeSchema.optional(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** The registration form (SPEC §5); the api receives it without confirmPassword too. */
export const registerFormSchema = z
  .object({
    name: z
      .string({ error: VALIDATION.userNameMin })
      .trim()
      .min(MIN_LENGTH.userName, { error: VALIDATION.userNameMin }),
    email: adminEmail,
    password,
    confirmPassword: z
      .string({ error: VALIDATION.confirmPasswordRequired })
      .min(MIN_LENGTH.password, { error: VALIDATION.confirmPasswordRequired }),
    role: z.enum(ROLES, { error: VALIDATION.roleRequired }).default('reseller'),
  })
  .superRefine((values, ctx) => {
    if (values.password !== values.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: VALIDATION.passwordsDontMatch,
      });
    }
  }, ALWAYS_REFINE);
export type RegisterForm = z.input<typeof registerFormSchema>;

/** POST /admin/register payload (SPEC §7: name, email, password, role). */
export const registerSchema = z.object({
  name: z
    .string({ error: VALIDATION.userNameMin })
    .trim()
    .min(MIN_LENGTH.userName, { error: VALIDATION.userNameMin }),
  email: adminEmail,
  password,
  role: z.enum(ROLES, { error: VALIDATION.roleRequired }).default('reseller'),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const registerResponseSchema = z.object({ msg: z.string(), user: userListItemSchema });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const REGISTER_FORM_DEFAULTS = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  role: 'reseller',
} as const;

/** POST /admin/change-password: the signed-in staff member's own password. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: VALIDATION.currentPasswordRequired })
      .min(1, { error: VALIDATION.currentPasswordRequired }),
    newPassword: password,
  })
  .superRefine((values, ctx) => {
    if (values.currentPassword === values.newPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['newPassword'],
        message: VALIDATION.newPasswordSameAsCurrent,
      });
    }
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The 'Cambiar contraseña' form: the api's fields plus the repeated new password. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z
      .string({ error: VALIDATION.currentPasswordRequired })
      .min(1, { error: VALIDATION.currentPasswordRequired }),
    newPassword: password,
    confirmPassword: z
      .string({ error: VALIDATION.confirmPasswordRequired })
      .min(1, { error: VALIDATION.confirmPasswordRequired }),
  })
  .superRefine((values, ctx) => {
    if (values.newPassword !== values.confirmPassword)
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: VALIDATION.passwordsDontMatch,
      });
    if (values.currentPassword !== '' && values.currentPassword === values.newPassword)
      ctx.addIssue({
        code: 'custom',
        path: ['newPassword'],
        message: VALIDATION.newPasswordSameAsCurrent,
      });
  }, ALWAYS_REFINE);
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

/** What POST /admin/change-password answers: a new token for this session (every other one ended). */
export const changePasswordResponseSchema = z.object({ msg: z.string(), token: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;
