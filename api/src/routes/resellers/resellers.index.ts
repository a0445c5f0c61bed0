// Revendedores (admins only): list with search by name or e-mail, read, edit, delete.
// Resellers are created through POST /admin/register with role 'reseller'.
import {
  PERMISSIONS,
  SERVER,
  STAFF_API_MESSAGES,
  idParamSchema,
  resellerUpdateSchema,
  resellerQuerySchema,
  resellerSchema,
  withMsg,
} from '@vag/contracts';
import { Hono } from 'hono';
import { z } from 'zod';
import { ADMIN_ONLY, requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import {
  deleteReseller,
  DuplicateEmailError,
  findUserById,
  listUsers,
  updateReseller,
  type UserDoc,
} from '@vag/core/db/users';
import { apiError } from '../../lib/errors';
import { listResponse, withId } from '../../lib/simple-rest';
import { validate } from '../../lib/validate';
import { BY_ID, JSON_BODY, describe, LIST } from '../../lib/openapi';

function resellerView(doc: UserDoc) {
  return withId({
    _id: doc._id,
    fullname: doc.fullname,
    email: doc.email,
    code: doc.code ?? '',
    active: doc.active,
    createdAt: doc.createdAt,
  });
}

const notFound = () => apiError(404, STAFF_API_MESSAGES.resellerNotFound);

export const resellersRouter = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      operationId: 'listResellers',
      query: resellerQuerySchema,
      tag: 'resellers',
      summary: 'Revendedores, buscando por nombre o e-mail (q).',
      response: z.array(resellerSchema),
      errors: LIST,
    }),
    requireStaff(ADMIN_ONLY, PERMISSIONS.viewResellers),
    async (c) => {
      const rows = (await listUsers(c.get('deps').db, 'reseller')).map(resellerView);
      return listResponse(c, 'resellers', rows, ['fullname', 'email', 'code']);
    },
  )
  .get(
    '/:id',
    describe({
      operationId: 'getReseller',
      tag: 'resellers',
      summary: 'Un revendedor (react-admin).',
      response: resellerSchema,
      errors: BY_ID,
    }),
    requireStaff(ADMIN_ONLY, PERMISSIONS.viewResellers),
    validate('param', idParamSchema),
    async (c) => {
      const doc = await findUserById(c.get('deps').db, c.req.valid('param').id);
      if (!doc || doc.role !== 'reseller') throw notFound();
      return c.json(resellerView(doc));
    },
  )
  .put(
    '/:id',
    describe({
      operationId: 'updateReseller',
      tag: 'resellers',
      summary: 'Actualiza nombre, e-mail y estado de un revendedor.',
      response: resellerSchema,
      errors: [...JSON_BODY, 404, 409],
    }),
    requireStaff(ADMIN_ONLY, PERMISSIONS.updateResellers),
    validate('param', idParamSchema),
    validate('json', resellerUpdateSchema),
    async (c) => {
      try {
        const doc = await updateReseller(
          c.get('deps').db,
          c.req.valid('param').id,
          c.req.valid('json'),
        );
        if (!doc) throw notFound();
        return c.json(resellerView(doc));
      } catch (error) {
        if (error instanceof DuplicateEmailError)
          throw apiError(409, SERVER.emailTaken, { email: SERVER.emailTaken });
        throw error;
      }
    },
  )
  .delete(
    '/:id',
    describe({
      operationId: 'deleteReseller',
      tag: 'resellers',
      summary: 'Elimina un revendedor.',
      response: withMsg(resellerSchema),
      errors: BY_ID,
    }),
    requireStaff(ADMIN_ONLY, PERMISSIONS.deleteResellers),
    validate('param', idParamSchema),
    async (c) => {
      const doc = await deleteReseller(c.get('deps').db, c.req.valid('param').id);
      if (!doc) throw notFound();
      return c.json({ ...resellerView(doc), msg: SERVER.deleted });
    },
  );
