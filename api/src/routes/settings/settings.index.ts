// GET /api/settings (public: contact data, bank accounts, WhatsApp and which payment
// methods work; staff also see the rest, secrets masked for admins and blank for
// resellers) and PUT /api/settings/{id}
// (admins; a missing field or a masked secret sent back keeps the stored value). A save
// takes effect at once in every process (settings.changed).
import {
  AUDIT_TEXTS,
  PERMISSIONS,
  perOrderFitsBuyer,
  SERVER,
  SETTINGS_MESSAGES,
  idParamSchema,
  settingsUpdateSchema,
  type PublicSettings,
  publicSettingsSchema,
  settingsSchema,
} from '@vag/contracts';
import { Hono } from 'hono';
import { z } from 'zod';
import { ADMIN_ONLY, optionalStaff, requireStaff } from '../../auth';
import type { AppEnv, StaffUser } from '../../context';
import { replaceSettings, SETTINGS_ID, type SettingsDoc } from '@vag/core/db/settings';
import { apiError } from '../../lib/errors';
import { withId } from '../../lib/simple-rest';
import { validate } from '../../lib/validate';
import { availableMethods } from '../../payments/credentials';
import { announceSettingsChanged, currentSettings } from '@vag/core/settings/live-settings';
import { keepMaskedSecrets, maskSettings } from './settings-secrets';
import { changedSettings } from './settings-changes';
import { appendAudit } from '@vag/core/db/audit-log';
import type { Env } from '@vag/core/env';
import type { StaffRole } from '@vag/core/db/users';
import { JSON_BODY, describe } from '../../lib/openapi';
import { privacyNoticeInForce } from '../../privacy/privacy-notice';

export function publicView(doc: SettingsDoc, env: Env): PublicSettings {
  return withId({
    _id: doc._id,
    email: doc.email,
    contactNumber: doc.contactNumber,
    socialMedia: doc.socialMedia,
    bankAccounts: doc.bankAccounts,
    whatsappNumber: doc.whatsappNumber,
    paymentMethods: availableMethods(doc, env),
    maxPerOrder: doc.purchaseLimits.maxPerOrder,
    organizer: doc.organizer,
    privacy: doc.privacy,
  });
}

function staffView(doc: SettingsDoc, env: Env, role: StaffRole) {
  const { updatedAt: _u, ...masked } = maskSettings(doc, role);
  return withId({ ...masked, paymentMethods: availableMethods(doc, env) });
}

type Update = ReturnType<typeof settingsUpdateSchema.parse>;

/** The stored settings with the fields the update carries. */
function merge(stored: SettingsDoc, body: Update): SettingsDoc {
  const {
    _id: _ignored,
    socialMedia,
    payment,
    messaging,
    purchaseLimits,
    organizer,
    privacy,
    ...top
  } = body;
  const defined = <T extends object>(o: T | undefined) =>
    Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
  return {
    ...stored,
    ...defined(top),
    socialMedia: { ...stored.socialMedia, ...defined(socialMedia) },
    payment: { ...stored.payment, ...defined(payment) },
    messaging: { ...stored.messaging, ...defined(messaging) },
    purchaseLimits: { ...stored.purchaseLimits, ...defined(purchaseLimits) },
    organizer: { ...stored.organizer, ...defined(organizer) },
    privacy: { ...stored.privacy, ...defined(privacy) },
  };
}

export const settingsRouter = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      operationId: 'getSettings',
      tag: 'settings',
      summary:
        'Datos de contacto y redes sociales; el personal recibe además los secretos enmascarados.',
      response: z.union([settingsSchema, publicSettingsSchema]),
    }),
    optionalStaff(),
    async (c) => {
      const deps = c.get('deps');
      const settings = await currentSettings(deps);
      const staff = c.var.staff as StaffUser | undefined;
      return c.json(
        staff ? staffView(settings, deps.env, staff.role) : publicView(settings, deps.env),
      );
    },
  )
  .put(
    '/:id',
    describe({
      operationId: 'updateSettings',
      tag: 'settings',
      summary: 'Guarda la configuración completa (un secreto enmascarado se conserva).',
      response: settingsSchema,
      errors: [...JSON_BODY, 404],
    }),
    requireStaff(ADMIN_ONLY, PERMISSIONS.updateSettings),
    validate('param', idParamSchema),
    validate('json', settingsUpdateSchema),
    async (c) => {
      if (c.req.valid('param').id !== SETTINGS_ID) throw apiError(404, SERVER.notFound);
      const deps = c.get('deps');
      const body = c.req.valid('json');
      const stored = await currentSettings(deps);
      const next = keepMaskedSecrets(merge(stored, body), stored);
      if (next.reminderLeadHours >= next.transferHoldHours)
        throw apiError(400, SETTINGS_MESSAGES.reminderTooLate, {
          reminderLeadHours: SETTINGS_MESSAGES.reminderTooLate,
        });
      if (!perOrderFitsBuyer(next.purchaseLimits))
        throw apiError(400, SETTINGS_MESSAGES.perOrderAboveBuyer, {
          'purchaseLimits.maxPerOrder': SETTINGS_MESSAGES.perOrderAboveBuyer,
        });
      const { _id: _i, updatedAt: _u, ...fields } = next;
      const saved = await replaceSettings(deps.db, fields);
      await appendAudit(deps.db, {
        actor: c.get('staff'),
        action: 'settings.updated',
        description: AUDIT_TEXTS.settingsUpdated(changedSettings(stored, saved)),
      });
      await announceSettingsChanged(deps, saved);
      // A change of what the privacy notice says publishes its next version.
      await privacyNoticeInForce(deps, saved);
      return c.json(staffView(saved, deps.env, 'admin'));
    },
  );
