// The staff's "Datos personales" screen (admin only): every request about personal data
// with its 15-day deadline and what was done; a request received by another channel
// (letter, phone, the privacy e-mail) is entered here, and staff run the deletion for it
// or mark it done saying what they did.
import {
  auditListQuerySchema,
  dataRequestDoneSchema,
  dataRequestSchema,
  idParamSchema,
  staffDataRequestSchema,
  type DataRequest,
} from '@vag/contracts';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  getDataRequest,
  insertDataRequest,
  listDataRequests,
  markDataRequestDone,
  type DataRequestDoc,
} from '@vag/core/db/data-requests';
import { deletePersonalData } from '@vag/core/privacy/rights';
import { ADMIN_ONLY, requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import { apiError } from '../../lib/errors';
import { describe, JSON_BODY } from '../../lib/openapi';
import { contentRange } from '../../lib/simple-rest';
import { validate } from '../../lib/validate';

const DEFAULT_PAGE = 25;
const MAX_PAGE = 200;
const NOT_FOUND = 'No existe esa solicitud.';
const ALREADY_DONE = 'Esa solicitud ya está atendida.';

function toApi(doc: DataRequestDoc): DataRequest & { _id: string } {
  return {
    _id: doc._id,
    id: doc._id,
    email: doc.email,
    kind: doc.kind,
    channel: doc.channel,
    createdAt: doc.createdAt.toISOString(),
    dueAt: doc.dueAt.toISOString(),
    status: doc.status,
    doneAt: doc.doneAt?.toISOString() ?? null,
    doneBy: doc.doneBy,
    what: doc.what,
    note: doc.note,
    review: doc.review ?? [],
  };
}

export const dataRequestsRouter = new Hono<AppEnv>()
  .use('*', requireStaff(ADMIN_ONLY))
  .get(
    '/',
    describe({
      operationId: 'listDataRequests',
      tag: 'my-data',
      summary: 'Solicitudes sobre datos personales, de la más reciente a la más antigua (range).',
      response: z.array(dataRequestSchema),
      errors: [400],
    }),
    validate('query', auditListQuerySchema),
    async (c) => {
      const { range } = c.req.valid('query');
      const [start, end] = range
        ? (range.match(/\d+/g)!.map(Number) as [number, number])
        : [0, DEFAULT_PAGE - 1];
      const limit = Math.min(Math.max(end - start + 1, 1), MAX_PAGE);
      const { rows, total } = await listDataRequests(c.get('deps').db, { skip: start, limit });
      const items = rows.map(toApi);
      c.header('Content-Range', contentRange('data-requests', { items, total, start }));
      c.header('Access-Control-Expose-Headers', 'Content-Range');
      return c.json(items);
    },
  )
  .post(
    '/',
    describe({
      operationId: 'createDataRequest',
      tag: 'my-data',
      summary: 'Registra una solicitud recibida por otro canal.',
      status: 201,
      response: dataRequestSchema,
      errors: [...JSON_BODY],
    }),
    validate('json', staffDataRequestSchema),
    async (c) => {
      const body = c.req.valid('json');
      const doc = await insertDataRequest(c.get('deps').db, { ...body, channel: 'staff' });
      return c.json(toApi(doc), 201);
    },
  )
  .post(
    '/:id/done',
    describe({
      operationId: 'markDataRequestDone',
      tag: 'my-data',
      summary: 'Marca una solicitud como atendida, con lo que se hizo.',
      response: dataRequestSchema,
      errors: [...JSON_BODY, 404, 409],
    }),
    validate('param', idParamSchema),
    validate('json', dataRequestDoneSchema),
    async (c) => {
      const { db } = c.get('deps');
      const { id } = c.req.valid('param');
      if (!(await getDataRequest(db, id))) throw apiError(404, NOT_FOUND);
      const by = c.get('staff').email;
      if (!(await markDataRequestDone(db, id, { by, what: c.req.valid('json').what })))
        throw apiError(409, ALREADY_DONE);
      return c.json(toApi((await getDataRequest(db, id))!));
    },
  )
  .post(
    '/:id/delete-data',
    describe({
      operationId: 'runDataDeletion',
      tag: 'my-data',
      summary:
        'Elimina (anonimiza) los datos personales del correo de la solicitud y la marca atendida.',
      response: dataRequestSchema,
      errors: [404, 409],
    }),
    validate('param', idParamSchema),
    async (c) => {
      const { db, env } = c.get('deps');
      const { id } = c.req.valid('param');
      const request = await getDataRequest(db, id);
      if (!request) throw apiError(404, NOT_FOUND);
      // A deletion that left values for review already ran: staff mark it done instead.
      if (request.status === 'done' || (request.review?.length ?? 0) > 0)
        throw apiError(409, ALREADY_DONE);
      const actor = { staff: c.get('staff').email };
      await deletePersonalData(db, { email: request.email, actor, request, dataDir: env.DATA_DIR });
      return c.json(toApi((await getDataRequest(db, id))!));
    },
  );
