// A pick-mode raffle's public calls: its grid of free, held and sold numbers (cached a
// second or two, compressed by the app like every answer), and the maquinita's free
// numbers at random among those of the same cached grid (core/src/number-picks). Mounted per raffle and for the featured one.
import {
  luckyNumbersRequestSchema,
  luckyNumbersResponseSchema,
  numberGridSchema,
  PICK_TEXTS,
  RAFFLE_TEXTS,
  type NumberGrid,
} from '@vag/contracts';
import { numberGrid } from '@vag/core/number-picks/grid';
import { luckyNumbersOf } from '@vag/core/number-picks/lucky-numbers';
import { OrderRefused } from '@vag/core/purchase-lifecycle/order-refused';
import { Hono } from 'hono';
import { rateLimit } from '../../auth/rate-limit';
import type { AppDeps, AppEnv } from '../../context';
import { apiError } from '../../lib/errors';
import { JSON_BODY, describe } from '../../lib/openapi';
import { validate } from '../../lib/validate';
import { raffleIdOf } from '../../raffles/raffle-scope';

/** A page polls every few seconds; many pages share one read per raffle and this long. */
const GRID_CACHE_MS = 1500;

interface KeptGrid {
  at: number;
  grid: Promise<NumberGrid | null>;
  /** Until it settles, the pages wait on this read: never two reads of one raffle at once. */
  reading: boolean;
}

const grids = new WeakMap<AppDeps, Map<string, KeptGrid>>();

function cachedGrid(deps: AppDeps, raffleId: string): Promise<NumberGrid | null> {
  let byRaffle = grids.get(deps);
  if (!byRaffle) grids.set(deps, (byRaffle = new Map()));
  const kept = byRaffle.get(raffleId);
  if (kept && (kept.reading || Date.now() - kept.at < GRID_CACHE_MS)) return kept.grid;
  const grid = numberGrid(deps.db, raffleId);
  const map = byRaffle;
  const entry: KeptGrid = { at: Date.now(), grid, reading: true };
  map.set(raffleId, entry);
  grid.then(
    () => {
      entry.reading = false;
    },
    () => map.delete(raffleId),
  );
  return grid;
}

export const numberPicksRouter = new Hono<AppEnv>()
  .get(
    '/number-grid',
    describe({
      operationId: 'getNumberGrid',
      tag: 'raffles',
      summary:
        'Los números libres, apartados y vendidos de la rifa, como dos mapas de bits (base64); se actualiza cada uno o dos segundos.',
      response: numberGridSchema,
      errors: [404],
    }),
    async (c) => {
      const grid = await cachedGrid(c.get('deps'), await raffleIdOf(c));
      if (!grid) throw apiError(404, RAFFLE_TEXTS.notFound);
      c.header('cache-control', 'public, max-age=1');
      return c.json(grid);
    },
  )
  .post(
    '/lucky-numbers',
    describe({
      operationId: 'luckyNumbers',
      tag: 'raffles',
      summary: `Maquinita: números libres al azar, elegidos en el servidor. ${PICK_TEXTS.randomSource}`,
      response: luckyNumbersResponseSchema,
      errors: [...JSON_BODY, 404, 409, 429],
    }),
    rateLimit('luckyNumbers'),
    validate('json', luckyNumbersRequestSchema),
    async (c) => {
      const raffleId = await raffleIdOf(c);
      try {
        const grid = await cachedGrid(c.get('deps'), raffleId);
        const numbers = luckyNumbersOf(grid, c.req.valid('json').count);
        return c.json({ numbers, source: PICK_TEXTS.randomSource });
      } catch (error) {
        if (error instanceof OrderRefused) throw apiError(error.status, error.message);
        throw error;
      }
    },
  );
