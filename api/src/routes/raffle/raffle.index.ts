// /api/raffle: the raffle's numbers (generate, delete, progress) and its instant prizes.
// SPEC §6 says the old client called the mutations without a token; the server requires
// an admin anyway (DESIGN Security).
import {
  assignPrizesSchema,
  idParamSchema,
  instantPrizeUpdateSchema,
  SERVER,
  type Progress,
} from '@vag/contracts';
import { Hono } from 'hono';
import type { Db } from 'mongodb';
import { ADMIN_ONLY, requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import {
  countInstantPrizes,
  deleteAllInstantPrizes,
  listInstantPrizes,
  updateInstantPrize,
} from '../../db/instant-prizes';
import {
  CURRENT_RAFFLE_ID,
  generateRaffleNumbers,
  getRaffleNumbers,
  releasePrizeAssignment,
  resetUnsoldRaffleNumbers,
  takePrizeAssignment,
} from '../../db/raffle-numbers';
import { apiError } from '../../lib/errors';
import { withId } from '../../lib/simple-rest';
import { validate } from '../../lib/validate';
import { NotEnoughFreeNumbersError, placeInstantPrizes } from '../../raffle/instant-prizes';

const adminOnly = requireStaff(ADMIN_ONLY);

/**
 * Every visitor's page polls the progress bar, thousands at once during a sellout: one
 * read of the raffle document per second and process answers them all.
 */
const PROGRESS_TTL_MS = 1000;
const progressCache = new WeakMap<Db, { at: number; value: Promise<Progress> }>();

function cachedProgress(db: Db): Promise<Progress> {
  const cached = progressCache.get(db);
  if (cached && Date.now() - cached.at < PROGRESS_TTL_MS) return cached.value;
  const value = getRaffleNumbers(db).then(({ sold, totalNumbers }) => ({
    percentage: totalNumbers > 0 ? Math.round((sold / totalNumbers) * 10_000) / 100 : 0,
    assigned: sold,
    total: totalNumbers,
  }));
  progressCache.set(db, { at: Date.now(), value });
  value.catch(() => progressCache.delete(db));
  return value;
}

export const raffleRouter = new Hono<AppEnv>()
  .get('/raffle-progress', async (c) => c.json(await cachedProgress(c.get('deps').db)))

  .get('/instant-prizes', async (c) => {
    const list = await listInstantPrizes(c.get('deps').db, CURRENT_RAFFLE_ID);
    return c.json(list.map(withId));
  })

  .post('/generate-raffle-numbers', adminOnly, async (c) => {
    const total = await generateRaffleNumbers(c.get('deps').db);
    if (total === null) throw apiError(409, SERVER.numbersAlreadyGenerated);
    return c.json({ msg: SERVER.numbersGenerated(total) });
  })

  .delete('/delete-raffle-numbers', adminOnly, async (c) => {
    const { db } = c.get('deps');
    await deleteAllInstantPrizes(db, CURRENT_RAFFLE_ID);
    await releasePrizeAssignment(db);
    // The numbers themselves can only be regenerated (new key) while nobody holds one.
    await resetUnsoldRaffleNumbers(db);
    return c.json({ msg: SERVER.numbersDeleted });
  })

  .post('/assign-random-prizes', adminOnly, validate('json', assignPrizesSchema), async (c) => {
    const { db } = c.get('deps');
    const { prizes } = c.req.valid('json');
    const raffle = await getRaffleNumbers(db);
    if (!raffle.numbersGenerated) throw apiError(409, SERVER.numbersNotGenerated);
    if ((await countInstantPrizes(db, raffle.raffleId)) > 0 || !(await takePrizeAssignment(db))) {
      throw apiError(409, SERVER.prizesAlreadyAssigned);
    }
    try {
      // Re-read after taking the right to assign: the cursor moves with every sale.
      await placeInstantPrizes(
        db,
        await getRaffleNumbers(db),
        prizes.map((p) => p.amount),
      );
    } catch (error) {
      await releasePrizeAssignment(db);
      if (error instanceof NotEnoughFreeNumbersError)
        throw apiError(409, SERVER.notEnoughFreeNumbers);
      throw error;
    }
    return c.json({ msg: SERVER.prizesAssigned(prizes.length) });
  })

  .put(
    '/:id',
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
