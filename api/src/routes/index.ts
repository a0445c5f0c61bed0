// Every router of the api, mounted in one place. Paths follow SPEC §7 under /api.
import type { Hono } from 'hono';
import type { AppEnv } from '../context';
import { adminRouter } from './admin/admin.index';
import { auditRouter } from './audit/audit.index';
import { docsRouter } from './docs/docs.index';
import { fairnessRouter } from './fairness/fairness.index';
import { healthRouter } from './health/health.index';
import { lotteryRouter } from './lottery/lottery.index';
import { mediaRouter } from './media/media.index';
import { openapiRouter } from './openapi/openapi.index';
import { ordersRouter } from './orders/orders.index';
import { packagesRouter } from './packages/packages.index';
import { pastRafflesRouter } from './past-raffles/past-raffles.index';
import { reportsRouter } from './reports/reports.index';
import { resellersRouter } from './resellers/resellers.index';
import { settingsRouter } from './settings/settings.index';
import { purchasesAdminRouter, purchasesRouter } from './purchases/purchases.index';
import { raffleRouter } from './raffle/raffle.index';
import { referralRouter } from './referral/referral.index';
import { paymentsRouter } from './payments/payments.index';
import { purchaseActionsRouter } from './purchase-actions/purchase-actions.index';
import { salesChartRouter } from './sales-chart/sales-chart.index';
import { shortLinksRouter } from './short-links/short-links.index';

/** Routes under /api. */
export function mountApiRoutes(api: Hono<AppEnv>): void {
  api.route('/health', healthRouter);
  api.route('/admin/sales-chart', salesChartRouter);
  api.route('/payments', paymentsRouter);
  api.route('/orders', ordersRouter);
  api.route('/referral', referralRouter);
  api.route('/purchases', purchaseActionsRouter);
  api.route('/admin/reports', reportsRouter);
  api.route('/admin', adminRouter);
  api.route('/lottery', lotteryRouter);
  api.route('/settings', settingsRouter);
  api.route('/packages', packagesRouter);
  api.route('/past-raffles', pastRafflesRouter);
  api.route('/resellers', resellersRouter);
  api.route('/openapi.json', openapiRouter);
  api.route('/docs', docsRouter);
  api.route('/audit', auditRouter);
  api.route('/raffle', fairnessRouter);
  api.route('/raffle', raffleRouter);
  api.route('/purchases', purchasesRouter);
  api.route('/admin', purchasesAdminRouter);
}

/** Routes outside /api that SPEC §7 places at the site root (media), and the SMS's short links. */
export function mountRootRoutes(app: Hono<AppEnv>): void {
  app.route('/', mediaRouter);
  app.route('/p', shortLinksRouter);
}
