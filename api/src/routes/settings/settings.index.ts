// GET /api/settings (public contact data; staff also see secrets, masked) and
// PUT /api/settings/{id} (admins; a masked secret sent back keeps the stored one).
import { PERMISSIONS, SERVER, idParamSchema, settingsUpdateSchema } from '@vag/contracts';
import { Hono } from 'hono';
import { ADMIN_ONLY, optionalStaff, requireStaff } from '../../auth';
import type { AppEnv, StaffUser } from '../../context';
import { getSettings, replaceSettings, SETTINGS_ID, type SettingsDoc } from '../../db/settings';
import { apiError } from '../../lib/errors';
import { withId } from '../../lib/simple-rest';
import { validate } from '../../lib/validate';
import { keepMaskedSecrets, maskSettings } from './settings-secrets';

function publicView(doc: SettingsDoc) {
  return withId({
    _id: doc._id,
    email: doc.email,
    contactNumber: doc.contactNumber,
    socialMedia: doc.socialMedia,
  });
}

function staffView(doc: SettingsDoc) {
  const { updatedAt: _u, ...masked } = maskSettings(doc);
  return withId(masked);
}

export const settingsRouter = new Hono<AppEnv>()
  .get('/', optionalStaff(), async (c) => {
    const settings = await getSettings(c.get('deps').db);
    const staff = c.var.staff as StaffUser | undefined;
    return c.json(staff ? staffView(settings) : publicView(settings));
  })
  .put(
    '/:id',
    requireStaff(ADMIN_ONLY, PERMISSIONS.updateSettings),
    validate('param', idParamSchema),
    validate('json', settingsUpdateSchema),
    async (c) => {
      if (c.req.valid('param').id !== SETTINGS_ID) throw apiError(404, SERVER.notFound);
      const { db } = c.get('deps');
      const body = c.req.valid('json');
      const stored = await getSettings(db);
      const next = keepMaskedSecrets(
        {
          _id: SETTINGS_ID,
          email: body.email,
          contactNumber: body.contactNumber,
          mongoDBConnection: body.mongoDBConnection,
          socialMedia: { ...stored.socialMedia, ...body.socialMedia },
          payment: { ...stored.payment, ...body.payment },
        },
        stored,
      );
      const { _id: _ignored, updatedAt: _u, ...fields } = next;
      return c.json(staffView(await replaceSettings(db, fields)));
    },
  );
