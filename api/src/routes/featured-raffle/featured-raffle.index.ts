// The featured raffle (glossary: rifa destacada) as the hero shows it: GET /api/lottery (public),
// PUT /api/lottery and PATCH /api/lottery/is-active (admins); the URLs are SPEC §7's calls.
import {
  AUDIT_TEXTS,
  MAX_TOTAL_NUMBERS,
  PERMISSIONS,
  SERVER,
  STAFF_API_MESSAGES,
  lotteryStatusSchema,
  lotteryUpdateSchema,
  raffleSchema,
  SALE_TEXTS,
  saleChangeResponseSchema,
} from '@vag/contracts';
import { FairnessRefusal } from '@vag/core/raffle/fairness';
import { closeSaleNow, openSale } from '@vag/core/raffle/sale-lifecycle';
import { appendAudit } from '@vag/core/db/audit-log';
import { Hono } from 'hono';
import { ADMIN_ONLY, requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import { getRaffle, NumbersAlreadyGeneratedError, updateRaffleRecord } from '@vag/core/db/raffle';
import { raffleIdOf } from '../../raffles/raffle-scope';
import { apiError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { JSON_BODY, describe } from '../../lib/openapi';
import { heroView } from './hero-view';

export const featuredRaffleRouter = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      operationId: 'getLottery',
      tag: 'lottery',
      summary: 'Sorteo actual (sección Hero).',
      response: raffleSchema,
      errors: [404],
    }),
    async (c) => {
      const deps = c.get('deps');
      const raffleId = await raffleIdOf(c);
      // Every buyer's checkout asks this in a sellout: the storefront's cache answers it (a
      // staff change drops the cache at once, a sale's counters show within its seconds).
      const { raffle: cached } = await deps.storefrontCache.content(raffleId);
      if (cached) return c.json(cached);
      const raffle = await getRaffle(deps.db, raffleId);
      if (!raffle) throw apiError(404, SERVER.raffleNotFound);
      return c.json(heroView(raffle));
    },
  )
  .put(
    '/',
    describe({
      operationId: 'updateLottery',
      tag: 'lottery',
      summary: 'Actualiza la sección Hero.',
      response: raffleSchema,
      // 409: the total of numbers cannot change once they are generated.
      errors: [...JSON_BODY, 404, 409],
    }),
    requireStaff(ADMIN_ONLY, PERMISSIONS.updateHero),
    validate('json', lotteryUpdateSchema),
    async (c) => {
      const { totalNumbers, numberWidth, endDate, ...hero } = c.req.valid('json');
      if (totalNumbers !== undefined && totalNumbers > MAX_TOTAL_NUMBERS) {
        throw apiError(400, STAFF_API_MESSAGES.totalNumbersTooLarge, {
          totalNumbers: STAFF_API_MESSAGES.totalNumbersTooLarge,
        });
      }
      const { db } = c.get('deps');
      const raffleId = await raffleIdOf(c);
      const current = await getRaffle(db, raffleId);
      if (!current) throw apiError(404, SERVER.raffleNotFound);
      // Re-sending the unchanged size (the hero form does) is allowed after generation.
      const sizeChanged =
        (totalNumbers !== undefined && totalNumbers !== current.totalNumbers) ||
        (numberWidth !== undefined && numberWidth !== current.numberWidth);
      const size = sizeChanged
        ? { totalNumbers: totalNumbers ?? current.totalNumbers, numberWidth }
        : undefined;
      try {
        const raffle = await updateRaffleRecord(db, raffleId, {
          fields: { ...hero, endDate: new Date(endDate) },
          size,
        });
        const before = current.endDate.toISOString();
        if (before !== raffle.endDate.toISOString())
          await appendAudit(db, {
            actor: c.get('staff'),
            action: 'end_date.changed',
            description: AUDIT_TEXTS.endDateChanged(before, raffle.endDate.toISOString()),
            raffleId,
          });
        return c.json(heroView(raffle));
      } catch (error) {
        if (error instanceof NumbersAlreadyGeneratedError) {
          throw apiError(409, SERVER.numbersAlreadyGenerated, {
            totalNumbers: SERVER.numbersAlreadyGenerated,
          });
        }
        throw error;
      }
    },
  )
  .patch(
    '/is-active',
    describe({
      operationId: 'setLotteryActive',
      tag: 'lottery',
      summary:
        'Cierra la venta ahora (isActive false: sin pedidos nuevos; los pendientes pueden pagarse hasta que venza su reserva) o la abre/reabre (isActive true).',
      response: saleChangeResponseSchema,
      // 409: reopening after the sold list was published, past the end date or sold out.
      errors: [...JSON_BODY, 404, 409],
    }),
    requireStaff(ADMIN_ONLY, PERMISSIONS.changeHeroStatus),
    validate('json', lotteryStatusSchema),
    async (c) => {
      const { db } = c.get('deps');
      const raffleId = await raffleIdOf(c);
      const open = c.req.valid('json').isActive;
      try {
        if (open) await openSale(db, new Date(), raffleId);
        const { pendingOrders } = open
          ? { pendingOrders: 0 }
          : await closeSaleNow(db, new Date(), raffleId);
        await appendAudit(db, {
          actor: c.get('staff'),
          action: open ? 'sale.opened' : 'sale.stopped',
          description: open ? AUDIT_TEXTS.saleOpened : AUDIT_TEXTS.saleStopped(pendingOrders),
          raffleId,
        });
      } catch (error) {
        if (error instanceof FairnessRefusal) throw apiError(error.status, error.message);
        throw error;
      }
      return c.json({ isActive: open, msg: open ? SALE_TEXTS.opened : SALE_TEXTS.closed });
    },
  );
