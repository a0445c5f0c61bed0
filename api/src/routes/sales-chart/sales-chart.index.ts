// GET /api/admin/sales-chart: numbers sold per day and method, from the reports worker's
// projections (db/report-facts.ts), of one raffle (?raffleId=) or of all. Resellers see
// their own sales only, and no draft raffle (as in the reports: a draft's name and test
// orders are the admins' business) — one asked by its id answers 404, as one that does
// not exist.
import {
  PERMISSIONS,
  RAFFLE_TEXTS,
  chosenRaffle,
  salesChartQuerySchema,
  type SalesChart,
  salesChartSchema,
} from '@vag/contracts';
import { Hono } from 'hono';
import { ALL_STAFF, requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import { salesChart } from '@vag/core/db/report-facts';
import { getRaffle } from '@vag/core/db/raffle';
import { raffleStatus } from '@vag/core/raffles/raffle-records';
import { apiError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { describe } from '../../lib/openapi';

/** A reseller without a code has no sales: this matches none. */
const NO_CODE = '\u0000';

export const salesChartRouter = new Hono<AppEnv>().get(
  '/',
  describe({
    operationId: 'salesChart',
    tag: 'reports',
    summary: 'Números vendidos por día y método de pago.',
    response: salesChartSchema,
    errors: [400, 403, 404],
  }),
  requireStaff(ALL_STAFF, PERMISSIONS.viewReports),
  validate('query', salesChartQuerySchema),
  async (c) => {
    const staff = c.get('staff');
    const { from, to, raffleId: asked } = c.req.valid('query');
    const raffleId = chosenRaffle(asked);
    if (raffleId && staff.role !== 'admin') {
      const raffle = await getRaffle(c.get('deps').db, raffleId);
      if (!raffle || raffleStatus(raffle) === 'draft') throw apiError(404, RAFFLE_TEXTS.notFound);
    }
    const days = await salesChart(c.get('deps').db, {
      ...(raffleId ? { raffleId } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(staff.role === 'admin' ? {} : { resellerCode: staff.code ?? NO_CODE }),
    });
    const body: SalesChart = { days };
    return c.json(body);
  },
);
