// Past raffles and winners: public list and read, admin create/update/delete (SPEC §7).
import {
  PERMISSIONS,
  SERVER,
  STAFF_API_MESSAGES,
  idParamSchema,
  pastRaffleInputSchema,
  pastRaffleSchema,
  withMsg,
} from '@vag/contracts';
import { Hono } from 'hono';
import { z } from 'zod';
import { ADMIN_ONLY, requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import {
  createPastRaffle,
  deletePastRaffle,
  findPastRaffle,
  listPastRaffles,
  updatePastRaffle,
  type PastRaffleDoc,
} from '@vag/core/db/past-raffles';
import { apiError } from '../../lib/errors';
import { listResponse, withId } from '../../lib/simple-rest';
import { validate } from '../../lib/validate';
import { BY_ID, JSON_BODY, describe, LIST } from '../../lib/openapi';

export function pastRaffleView(doc: PastRaffleDoc) {
  const { createdAt: _c, updatedAt: _u, ...fields } = doc;
  return withId(fields);
}

const notFound = () => apiError(404, STAFF_API_MESSAGES.pastRaffleNotFound);

export const pastRafflesRouter = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      operationId: 'listPastRaffles',
      tag: 'past-raffles',
      summary: 'Rifas anteriores y sus ganadores.',
      response: z.array(pastRaffleSchema),
      errors: LIST,
    }),
    async (c) => {
      const rows = (await listPastRaffles(c.get('deps').db)).map(pastRaffleView);
      return listResponse(c, 'past-raffles', rows, ['activityName', 'prize', 'winner']);
    },
  )
  .get(
    '/:id',
    describe({
      operationId: 'getPastRaffle',
      tag: 'past-raffles',
      summary: 'Una rifa anterior (react-admin).',
      response: pastRaffleSchema,
      errors: BY_ID,
    }),
    validate('param', idParamSchema),
    async (c) => {
      const doc = await findPastRaffle(c.get('deps').db, c.req.valid('param').id);
      if (!doc) throw notFound();
      return c.json(pastRaffleView(doc));
    },
  )
  .post(
    '/',
    describe({
      operationId: 'createPastRaffle',
      tag: 'past-raffles',
      summary: 'Crea una rifa anterior.',
      status: 201,
      response: pastRaffleSchema,
      errors: [...JSON_BODY, 404],
    }),
    requireStaff(ADMIN_ONLY, PERMISSIONS.createPastRaffles),
    validate('json', pastRaffleInputSchema),
    async (c) => {
      const doc = await createPastRaffle(c.get('deps').db, c.req.valid('json'));
      return c.json(pastRaffleView(doc), 201);
    },
  )
  .put(
    '/:id',
    describe({
      operationId: 'updatePastRaffle',
      tag: 'past-raffles',
      summary: 'Actualiza una rifa anterior.',
      response: pastRaffleSchema,
      errors: [...JSON_BODY, 404],
    }),
    requireStaff(ADMIN_ONLY, PERMISSIONS.updatePastRaffles),
    validate('param', idParamSchema),
    validate('json', pastRaffleInputSchema),
    async (c) => {
      const doc = await updatePastRaffle(
        c.get('deps').db,
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      if (!doc) throw notFound();
      return c.json(pastRaffleView(doc));
    },
  )
  .delete(
    '/:id',
    describe({
      operationId: 'deletePastRaffle',
      tag: 'past-raffles',
      summary: 'Elimina una rifa anterior.',
      response: withMsg(pastRaffleSchema),
      errors: BY_ID,
    }),
    requireStaff(ADMIN_ONLY, STAFF_API_MESSAGES.deletePastRafflesPermission),
    validate('param', idParamSchema),
    async (c) => {
      const doc = await deletePastRaffle(c.get('deps').db, c.req.valid('param').id);
      if (!doc) throw notFound();
      return c.json({ ...pastRaffleView(doc), msg: SERVER.deleted });
    },
  );
