// Past raffles and winners: public list and read, admin create/update/delete (SPEC §7).
import {
  PERMISSIONS,
  SERVER,
  STAFF_API_MESSAGES,
  idParamSchema,
  pastRaffleInputSchema,
} from '@vag/contracts';
import { Hono } from 'hono';
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

export function pastRaffleView(doc: PastRaffleDoc) {
  const { createdAt: _c, updatedAt: _u, ...fields } = doc;
  return withId(fields);
}

const notFound = () => apiError(404, STAFF_API_MESSAGES.pastRaffleNotFound);

export const pastRafflesRouter = new Hono<AppEnv>()
  .get('/', async (c) => {
    const rows = (await listPastRaffles(c.get('deps').db)).map(pastRaffleView);
    return listResponse(c, 'past-raffles', rows, ['activityName', 'prize', 'winner']);
  })
  .get('/:id', validate('param', idParamSchema), async (c) => {
    const doc = await findPastRaffle(c.get('deps').db, c.req.valid('param').id);
    if (!doc) throw notFound();
    return c.json(pastRaffleView(doc));
  })
  .post(
    '/',
    requireStaff(ADMIN_ONLY, PERMISSIONS.createPastRaffles),
    validate('json', pastRaffleInputSchema),
    async (c) => {
      const doc = await createPastRaffle(c.get('deps').db, c.req.valid('json'));
      return c.json(pastRaffleView(doc), 201);
    },
  )
  .put(
    '/:id',
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
    requireStaff(ADMIN_ONLY, STAFF_API_MESSAGES.deletePastRafflesPermission),
    validate('param', idParamSchema),
    async (c) => {
      const doc = await deletePastRaffle(c.get('deps').db, c.req.valid('param').id);
      if (!doc) throw notFound();
      return c.json({ ...pastRaffleView(doc), msg: SERVER.deleted });
    },
  );
