// /api/raffle: the raffle's numbers (generate, delete, progress) and its instant prizes.
// SPEC §6 says the old client called the mutations without a token; the server requires
// an admin anyway (DESIGN Security).
import {
  assignPrizesSchema,
  AUDIT_TEXTS,
  idParamSchema,
  instantPrizeUpdateSchema,
  SERVER,
  instantPrizeSchema,
  msgResponseSchema,
  publicInstantPrizeSchema,
  progressSchema,
  withMsg,
} from '@vag/contracts';
import { appendAudit } from '@vag/core/db/audit-log';
import { getRaffleFairness } from '@vag/core/db/raffle-fairness';
import { Hono } from 'hono';
import { z } from 'zod';
import { ADMIN_ONLY, optionalStaff, requireStaff } from '../../auth';
import type { AppEnv, StaffUser } from '../../context';
import {
  countInstantPrizes,
  deleteAllInstantPrizes,
  listInstantPrizes,
  updateInstantPrize,
} from '@vag/core/db/instant-prizes';
import {
  generateRaffleNumbers,
  getRaffleNumbers,
  resetUnsoldRaffleNumbers,
} from '@vag/core/db/raffle-numbers';
import { apiError } from '../../lib/errors';
import { withId } from '../../lib/simple-rest';
import { validate } from '../../lib/validate';
import {
  assignInstantPrizes,
  NotEnoughFreeNumbersError,
  PrizesNotAssignableError,
} from '@vag/core/raffle/instant-prizes';
import { publicInstantPrizes } from '@vag/core/raffle/prize-disclosure';
import { JSON_BODY, describe } from '../../lib/openapi';
import { raffleIdOf } from '../../raffles/raffle-scope';
import { cachedProgress } from '../../raffles/progress';

const adminOnly = requireStaff(ADMIN_ONLY);

const PRIZE_REFUSALS: Record<PrizesNotAssignableError['reason'], string> = {
  'not-generated': SERVER.numbersNotGenerated,
  'already-assigned': SERVER.prizesAlreadyAssigned,
  'has-sales': SERVER.prizesLocked,
};

export const raffleRouter = new Hono<AppEnv>()
  .get(
    '/raffle-progress',
    describe({
      operationId: 'getProgress',
      tag: 'raffle',
      summary: 'Porcentaje vendido.',
      response: progressSchema,
    }),
    async (c) => c.json(await cachedProgress(c.get('deps').db, await raffleIdOf(c))),
  )

  .get(
    '/instant-prizes',
    describe({
      operationId: 'listInstantPrizes',
      tag: 'raffle',
      summary:
        'Premios instantáneos: en una rifa de elegir números, el número de un premio aún no ganado no se publica (solo su monto y su huella); un administrador los ve todos.',
      response: z.array(publicInstantPrizeSchema),
    }),
    optionalStaff(),
    async (c) => {
      const { db } = c.get('deps');
      const raffleId = await raffleIdOf(c);
      // The prizes screen of the back office needs the numbers; nobody else may (DESIGN, instant prizes).
      if ((c.var.staff as StaffUser | undefined)?.role === 'admin')
        return c.json((await listInstantPrizes(db, raffleId)).map(withId));
      return c.json(await publicInstantPrizes(db, raffleId));
    },
  )

  .post(
    '/generate-raffle-numbers',
    describe({
      operationId: 'generateRaffleNumbers',
      tag: 'raffle',
      summary: 'Genera los números de la rifa.',
      response: msgResponseSchema,
      errors: [409],
    }),
    adminOnly,
    async (c) => {
      const { db } = c.get('deps');
      const raffleId = await raffleIdOf(c);
      const total = await generateRaffleNumbers(db, raffleId);
      if (total === null) throw apiError(409, SERVER.numbersAlreadyGenerated);
      await appendAudit(db, {
        actor: c.get('staff'),
        action: 'numbers.generated',
        description: AUDIT_TEXTS.numbersGenerated(total),
        raffleId,
      });
      return c.json({ msg: SERVER.numbersGenerated(total) });
    },
  )

  .delete(
    '/delete-raffle-numbers',
    describe({
      operationId: 'deleteRaffleNumbers',
      tag: 'raffle',
      summary: 'Elimina todos los números premiados.',
      response: msgResponseSchema,
      errors: [409],
    }),
    adminOnly,
    async (c) => {
      const { db } = c.get('deps');
      const raffleId = await raffleIdOf(c);
      // Named by the reference it had: the reset takes the commitment away.
      const audit = {
        actor: c.get('staff'),
        action: 'numbers.deleted' as const,
        description: AUDIT_TEXTS.numbersDeleted,
        raffleId,
      };
      const before = await getRaffleFairness(db, raffleId);
      // Key, prizes and their published hashes go together, and only while nobody holds
      // or reserves a number (DESIGN, fairness): the reset checks that in the same update.
      if (!(await resetUnsoldRaffleNumbers(db, raffleId))) {
        const raffle = await getRaffleNumbers(db, raffleId);
        if (raffle.sold > 0 || raffle.reserved > 0) throw apiError(409, SERVER.numbersHaveSales);
      } else await appendAudit(db, { ...audit, raffleRef: before.commitment?.raffleRef ?? null });
      await deleteAllInstantPrizes(db, raffleId);
      return c.json({ msg: SERVER.numbersDeleted });
    },
  )

  .post(
    '/assign-random-prizes',
    describe({
      operationId: 'assignRandomPrizes',
      tag: 'raffle',
      summary: 'Asigna montos a números al azar entre los no vendidos.',
      response: msgResponseSchema,
      errors: [...JSON_BODY, 409],
    }),
    adminOnly,
    validate('json', assignPrizesSchema),
    async (c) => {
      const { db } = c.get('deps');
      const raffleId = await raffleIdOf(c);
      const { prizes } = c.req.valid('json');
      if ((await countInstantPrizes(db, raffleId)) > 0)
        throw apiError(409, SERVER.prizesAlreadyAssigned);
      try {
        await assignInstantPrizes(
          db,
          prizes.map((p) => p.amount),
          raffleId,
        );
      } catch (error) {
        if (error instanceof NotEnoughFreeNumbersError)
          throw apiError(409, SERVER.notEnoughFreeNumbers);
        if (error instanceof PrizesNotAssignableError)
          throw apiError(409, PRIZE_REFUSALS[error.reason]);
        throw error;
      }
      await appendAudit(db, {
        actor: c.get('staff'),
        action: 'prizes.assigned',
        description: AUDIT_TEXTS.prizesAssigned(prizes.length),
        raffleId,
      });
      return c.json({ msg: SERVER.prizesAssigned(prizes.length) });
    },
  )

  .put(
    '/:id',
    describe({
      operationId: 'updateInstantPrize',
      tag: 'raffle',
      summary: 'Cambia el monto o la entrega de un premio instantáneo.',
      response: withMsg(instantPrizeSchema),
      errors: [...JSON_BODY, 404],
    }),
    adminOnly,
    validate('param', idParamSchema),
    validate('json', instantPrizeUpdateSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const prize = await updateInstantPrize(c.get('deps').db, id, c.req.valid('json'));
      if (!prize) throw apiError(404, SERVER.prizeNotFound);
      return c.json({ ...withId(prize), msg: SERVER.updated });
    },
  );
