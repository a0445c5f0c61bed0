// GET /api/admin/sales-chart: numbers sold per day and method, from the reports worker's
// projections (db/report-facts.ts), of one raffle (?raffleId=) or of all. Resellers see
// their own sales only.
import {
  PERMISSIONS,
  chosenRaffle,
  salesChartQuerySchema,
  type SalesChart,
  salesChartSchema,
} from '@vag/contracts';
import { Hono } from 'hono';
import { ALL_STAFF, requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import { salesChart } from '@vag/core/db/report-facts';
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
    errors: [400, 403],
  }),
  requireStaff(ALL_STAFF, PERMISSIONS.viewReports),
  validate('query', salesChartQuerySchema),
  async (c) => {
    const staff = c.get('staff');
    const { from, to, raffleId: asked } = c.req.valid('query');
    const raffleId = chosenRaffle(asked);
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
