// The raffles as records: buyers list the ones on the storefront (GET /api/raffles), staff
// run each one's life from the back office's Rifas screen (/api/admin/raffles). The SPEC §7
// calls of one raffle are mounted again under /api/raffles/{raffle}/ (routes/index.ts).
import {
  clearTestOrdersSchema,
  idParamSchema,
  msgResponseSchema,
  RAFFLE_ACTIONS,
  RAFFLE_TEXTS,
  raffleCreateSchema,
  raffleSummarySchema,
  raffleUpdateSchema,
  staffRaffleSchema,
  withMsg,
  type RaffleAction,
} from '@vag/contracts';
import { getRaffle } from '@vag/core/db/raffle';
import {
  archiveRaffle,
  clearTestOrders,
  closeRaffle,
  createRaffle,
  editRaffle,
  featureRaffleAction,
  publishRaffle,
  RaffleRefusal,
  reopenRaffle,
  type RaffleActionContext,
} from '@vag/core/raffles/raffle-actions';
import {
  getStaffRaffle,
  listPublicRaffles,
  listStaffRaffles,
  raffleStatus,
  raffleSummary,
} from '@vag/core/raffles/raffle-records';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { ADMIN_ONLY, requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import { apiError } from '../../lib/errors';
import { BY_ID, JSON_BODY, LIST, describe } from '../../lib/openapi';
import { listResponse } from '../../lib/simple-rest';
import { validate } from '../../lib/validate';

const raffleParamSchema = z.object({ raffle: z.string().min(1) });

export const publicRafflesRouter = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      operationId: 'listRaffles',
      tag: 'raffles',
      summary: 'Rifas publicadas: la principal primero, luego las que están en venta.',
      response: z.array(raffleSummarySchema),
    }),
    async (c) => c.json(await listPublicRaffles(c.get('deps').db)),
  )
  .get(
    '/:raffle',
    describe({
      operationId: 'getRaffleSummary',
      tag: 'raffles',
      summary: 'Una rifa publicada, por su id o su dirección (slug).',
      response: raffleSummarySchema,
      errors: BY_ID,
    }),
    validate('param', raffleParamSchema),
    async (c) => {
      const deps = c.get('deps');
      const id = await deps.storefrontCache.raffleId(c.req.valid('param').raffle);
      const raffle = id ? await getRaffle(deps.db, id) : null;
      // A draft is not published yet: to a buyer it does not exist.
      if (!raffle || raffleStatus(raffle) === 'draft') throw apiError(404, RAFFLE_TEXTS.notFound);
      return c.json(raffleSummary(raffle));
    },
  );

const adminOnly = requireStaff(ADMIN_ONLY);

function actionContext(c: Context<AppEnv>): RaffleActionContext {
  return { db: c.get('deps').db, actor: c.get('staff') };
}

/** A core refusal as the api's error contract: its status, message and field. */
async function refusing<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof RaffleRefusal)) throw error;
    throw apiError(
      error.status,
      error.message,
      error.field ? { [error.field]: error.message } : undefined,
    );
  }
}

async function staffView(c: Context<AppEnv>, raffleId: string) {
  const raffle = await getStaffRaffle(c.get('deps').db, raffleId);
  if (!raffle) throw apiError(404, RAFFLE_TEXTS.notFound);
  return raffle;
}

const ACTION_DONE: Record<RaffleAction, string> = {
  publish: RAFFLE_TEXTS.published,
  close: RAFFLE_TEXTS.closed,
  reopen: RAFFLE_TEXTS.reopened,
  archive: RAFFLE_TEXTS.archived,
  feature: RAFFLE_TEXTS.featured,
};

function runAction(c: Context<AppEnv>, action: RaffleAction, raffleId: string): Promise<void> {
  const ctx = actionContext(c);
  switch (action) {
    case 'publish':
      return publishRaffle(ctx, raffleId);
    case 'close':
      return closeRaffle(ctx, raffleId);
    case 'reopen':
      return reopenRaffle(ctx, raffleId);
    case 'archive':
      return archiveRaffle(ctx, raffleId, async () => {
        const next = (await listPublicRaffles(ctx.db)).find(
          (r) => r._id !== raffleId && r.status === 'on_sale',
        );
        return next?._id ?? null;
      });
    case 'feature':
      return featureRaffleAction(ctx, raffleId);
  }
}

export const staffRafflesRouter = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      operationId: 'listStaffRaffles',
      tag: 'raffles',
      summary: 'Todas las rifas con su estado, lo vendido y lo recaudado (Rifas).',
      response: z.array(staffRaffleSchema),
      errors: LIST,
    }),
    adminOnly,
    async (c) => {
      const rows = await listStaffRaffles(c.get('deps').db);
      return listResponse(c, 'raffles', rows, ['name', 'slug', 'prize']);
    },
  )
  .post(
    '/',
    describe({
      operationId: 'createRaffle',
      tag: 'raffles',
      summary: 'Crea una rifa en borrador (con templateId copia los paquetes de esa rifa).',
      status: 201,
      response: withMsg(staffRaffleSchema),
      errors: JSON_BODY,
    }),
    adminOnly,
    validate('json', raffleCreateSchema),
    async (c) => {
      const raffle = await refusing(() => createRaffle(actionContext(c), c.req.valid('json')));
      return c.json({ ...(await staffView(c, raffle._id)), msg: RAFFLE_TEXTS.created }, 201);
    },
  )
  .get(
    '/:id',
    describe({
      operationId: 'getStaffRaffle',
      tag: 'raffles',
      summary: 'Una rifa (react-admin).',
      response: staffRaffleSchema,
      errors: BY_ID,
    }),
    adminOnly,
    validate('param', idParamSchema),
    async (c) => c.json(await staffView(c, c.req.valid('param').id)),
  )
  .put(
    '/:id',
    describe({
      operationId: 'updateRaffle',
      tag: 'raffles',
      summary:
        'Edita una rifa: sus datos siempre; la cantidad de números solo mientras no se han generado.',
      response: withMsg(staffRaffleSchema),
      errors: [...JSON_BODY, 404, 409],
    }),
    adminOnly,
    validate('param', idParamSchema),
    validate('json', raffleUpdateSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await refusing(() => editRaffle(actionContext(c), id, c.req.valid('json')));
      return c.json({ ...(await staffView(c, id)), msg: RAFFLE_TEXTS.saved });
    },
  )
  .post(
    '/:id/clear-test-orders',
    describe({
      operationId: 'clearTestOrders',
      tag: 'raffles',
      summary:
        'Borra los pedidos de prueba de una rifa en borrador (confirm: "BORRAR"); las ventas de una rifa publicada nunca se borran.',
      response: msgResponseSchema,
      errors: [...JSON_BODY, 404, 409],
    }),
    adminOnly,
    validate('param', idParamSchema),
    validate('json', clearTestOrdersSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { confirm } = c.req.valid('json');
      const cleared = await refusing(() => clearTestOrders(actionContext(c), id, confirm));
      return c.json({ msg: RAFFLE_TEXTS.cleared(cleared) });
    },
  )
  .post(
    '/:id/:action',
    describe({
      operationId: 'changeRaffleStatus',
      tag: 'raffles',
      summary:
        'Publicar (borrador → en venta), cerrar la venta, reabrirla, archivar (sorteada → archivada) o destacar en inicio.',
      response: withMsg(staffRaffleSchema),
      errors: [400, 404, 409],
    }),
    adminOnly,
    validate('param', idParamSchema.extend({ action: z.enum(RAFFLE_ACTIONS) })),
    async (c) => {
      const { id, action } = c.req.valid('param');
      await refusing(() => runAction(c, action, id));
      return c.json({ ...(await staffView(c, id)), msg: ACTION_DONE[action] });
    },
  );
