// Number packages: public list and read, admin create/update/delete (SPEC §7), with
// react-admin's list conventions (see lib/simple-rest).
import {
  PERMISSIONS,
  SERVER,
  TOASTS,
  idParamSchema,
  packageInputSchema,
  packageSchema,
  withMsg,
} from '@vag/contracts';
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
import { storefrontCache } from '../../storefront/cache';
import { packageView } from './package-view';

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
      // Every buyer's checkout asks this in a sellout: the storefront's cache answers it.
      const cached = (await storefrontCache(deps).content()).packages;
      const rows = cached ?? (await listPackages(deps.db)).map(packageView);
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
      const doc = await findPackage(c.get('deps').db, c.req.valid('param').id);
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
      const doc = await createPackage(c.get('deps').db, c.req.valid('json'));
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
      const doc = await updatePackage(
        c.get('deps').db,
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      if (!doc) throw apiError(404, SERVER.packageNotFound);
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
      const doc = await deletePackage(c.get('deps').db, c.req.valid('param').id);
      if (!doc) throw apiError(404, SERVER.packageNotFound);
      return c.json({ ...packageView(doc), msg: TOASTS.packageDeleted });
    },
  );
