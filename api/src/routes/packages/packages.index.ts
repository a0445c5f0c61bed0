// Number packages: public list and read, admin create/update/delete (SPEC §7), with
// react-admin's list conventions (see lib/simple-rest).
import {
  AUDIT_TEXTS,
  PERMISSIONS,
  SERVER,
  TOASTS,
  idParamSchema,
  packageInputSchema,
  packageSchema,
  withMsg,
} from '@vag/contracts';
import { appendAudit } from '@vag/core/db/audit-log';
import { Hono } from 'hono';
import { z } from 'zod';
import { ADMIN_ONLY, requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import {
  createPackage,
  deletePackage,
  findPackage,
  listPackages,
  updatePackage,
} from '@vag/core/db/packages';
import { apiError } from '../../lib/errors';
import { BY_ID, JSON_BODY, describe, LIST } from '../../lib/openapi';
import { listResponse } from '../../lib/simple-rest';
import { validate } from '../../lib/validate';
import { packageView } from './package-view';
import { raffleIdOf } from '../../raffles/raffle-scope';

export const packagesRouter = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      operationId: 'listPackages',
      tag: 'packages',
      summary: 'Paquetes de números.',
      response: z.array(packageSchema),
      errors: LIST,
    }),
    async (c) => {
      const deps = c.get('deps');
      const raffleId = await raffleIdOf(c);
      // Every buyer's checkout asks this in a sellout: the storefront's cache answers it.
      const cached = (await deps.storefrontCache.content(raffleId)).packages;
      const rows = cached ?? (await listPackages(deps.db, raffleId)).map(packageView);
      return listResponse(c, 'packages', rows, ['name']);
    },
  )
  .get(
    '/:id',
    describe({
      operationId: 'getPackage',
      tag: 'packages',
      summary: 'Un paquete (react-admin).',
      response: packageSchema,
      errors: BY_ID,
    }),
    validate('param', idParamSchema),
    async (c) => {
      const doc = await findPackage(c.get('deps').db, await raffleIdOf(c), c.req.valid('param').id);
      if (!doc) throw apiError(404, SERVER.packageNotFound);
      return c.json(packageView(doc));
    },
  )
  .post(
    '/',
    describe({
      operationId: 'createPackage',
      tag: 'packages',
      summary: 'Crea un paquete.',
      status: 201,
      response: withMsg(packageSchema),
      errors: [...JSON_BODY, 404],
    }),
    requireStaff(ADMIN_ONLY, PERMISSIONS.createPackages),
    validate('json', packageInputSchema),
    async (c) => {
      const { db } = c.get('deps');
      const raffleId = await raffleIdOf(c);
      const doc = await createPackage(db, raffleId, c.req.valid('json'));
      await appendAudit(db, {
        actor: c.get('staff'),
        action: 'package.created',
        description: AUDIT_TEXTS.packageCreated(doc),
        raffleId,
      });
      return c.json({ ...packageView(doc), msg: TOASTS.packageAdded }, 201);
    },
  )
  .put(
    '/:id',
    describe({
      operationId: 'updatePackage',
      tag: 'packages',
      summary: 'Actualiza un paquete.',
      response: withMsg(packageSchema),
      errors: [...JSON_BODY, 404],
    }),
    requireStaff(ADMIN_ONLY, PERMISSIONS.updatePackages),
    validate('param', idParamSchema),
    validate('json', packageInputSchema),
    async (c) => {
      const { db } = c.get('deps');
      const { id } = c.req.valid('param');
      const raffleId = await raffleIdOf(c);
      const before = await findPackage(db, raffleId, id);
      const doc = await updatePackage(db, raffleId, id, c.req.valid('json'));
      if (!doc) throw apiError(404, SERVER.packageNotFound);
      await appendAudit(db, {
        actor: c.get('staff'),
        action: 'package.updated',
        description: AUDIT_TEXTS.packageUpdated(before, doc),
        raffleId,
      });
      return c.json({ ...packageView(doc), msg: TOASTS.packageUpdated });
    },
  )
  .delete(
    '/:id',
    describe({
      operationId: 'deletePackage',
      tag: 'packages',
      summary: 'Elimina un paquete.',
      response: withMsg(packageSchema),
      errors: BY_ID,
    }),
    requireStaff(ADMIN_ONLY, PERMISSIONS.deletePackages),
    validate('param', idParamSchema),
    async (c) => {
      const { db } = c.get('deps');
      const raffleId = await raffleIdOf(c);
      const doc = await deletePackage(db, raffleId, c.req.valid('param').id);
      if (!doc) throw apiError(404, SERVER.packageNotFound);
      await appendAudit(db, {
        actor: c.get('staff'),
        action: 'package.deleted',
        description: AUDIT_TEXTS.packageDeleted(doc),
        raffleId,
      });
      return c.json({ ...packageView(doc), msg: TOASTS.packageDeleted });
    },
  );
