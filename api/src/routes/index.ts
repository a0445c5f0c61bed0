// Every router of the api, mounted in one place. Paths follow SPEC §7 under /api.
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { adminRouter } from './admin/admin.index';
import { auditRouter } from './audit/audit.index';
import { bankStatementsRouter } from './bank-statements/bank-statements.index';
import { docsRouter } from './docs/docs.index';
import { drawRouter } from './draw/draw.index';
import { healthRouter } from './health/health.index';
import { featuredRaffleRouter } from './featured-raffle/featured-raffle.index';
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
import { createOrderRouter, paymentsRouter } from './payments/payments.index';
import { publicRafflesRouter, staffRafflesRouter } from './raffles/raffles.index';
import { raffleScope } from '../raffles/raffle-scope';
import { purchaseActionsRouter } from './purchase-actions/purchase-actions.index';
import { refundsRouter } from './refunds/refunds.index';
import { salesChartRouter } from './sales-chart/sales-chart.index';
import { shortLinksRouter } from './short-links/short-links.index';
import { myDataRouter } from './my-data/my-data.index';
import { dataRequestsRouter } from './data-requests/data-requests.index';
import { privacyNoticeRouter, unsubscribeRouter } from './privacy/privacy.index';
import { trustFilesRouter } from './trust-files/trust-files.index';
import {
  messageStatusRouter,
  whatsappAdminRouter,
  whatsappTicketRouter,
} from './message-status/message-status.index';
import { numberPicksRouter } from './number-picks/number-picks.index';
import { invoicesRouter, invoicingSettingsRouter } from './invoicing/invoicing.index';
import { invoiceDownloadsRouter } from './invoicing/invoice-downloads';

/**
 * The SPEC §7 calls of one raffle, mounted at /api/raffles/{raffle}/ as well as at /api/
 * (where they answer for the featured raffle): a client of the single-raffle api keeps
 * working, and a raffle's own page calls its own.
 */
const oneRaffleRoutes = new Hono<AppEnv>()
  .use('*', raffleScope)
  .route('/lottery', featuredRaffleRouter)
  .route('/packages', packagesRouter)
  .route('/payments', createOrderRouter)
  .route('/raffle', drawRouter)
  .route('/raffle', raffleRouter)
  .route('/', numberPicksRouter);

/** Routes under /api; `typeof apiRoutes` is what Hono's RPC client `hc` reads. */
export const apiRoutes = new Hono<AppEnv>()
  .route('/health', healthRouter)
  .route('/admin/raffles', staffRafflesRouter)
  .route('/admin/trust-files', trustFilesRouter)
  .route('/raffles/:raffle', oneRaffleRoutes)
  .route('/raffles', publicRafflesRouter)
  .route('/admin/sales-chart', salesChartRouter)
  .route('/payments', paymentsRouter)
  .route('/orders', ordersRouter)
  .route('/referral', referralRouter)
  .route('/purchases', purchaseActionsRouter)
  .route('/purchases', refundsRouter)
  .route('/admin/reports', reportsRouter)
  .route('/admin', adminRouter)
  .route('/lottery', featuredRaffleRouter)
  .route('/settings', settingsRouter)
  .route('/packages', packagesRouter)
  .route('/past-raffles', pastRafflesRouter)
  .route('/resellers', resellersRouter)
  .route('/openapi.json', openapiRouter(documentedRoutes))
  .route('/docs', docsRouter)
  .route('/audit', auditRouter)
  .route('/raffle', drawRouter)
  .route('/raffle', raffleRouter)
  .route('/purchases', purchasesRouter)
  .route('/admin', purchasesAdminRouter)
  .route('/', bankStatementsRouter)
  .route('/my-data', myDataRouter)
  .route('/admin/data-requests', dataRequestsRouter)
  .route('/privacy-notice', privacyNoticeRouter)
  .route('/unsubscribe', unsubscribeRouter)
  .route('/message-status', messageStatusRouter)
  .route('/whatsapp/ticket', whatsappTicketRouter)
  .route('/admin/whatsapp', whatsappAdminRouter)
  .route('/', numberPicksRouter)
  .route('/admin/invoicing', invoicingSettingsRouter)
  .route('/admin/invoices', invoicesRouter)
  .route('/orders', invoiceDownloadsRouter);

export type ApiRoutes = typeof apiRoutes;

/** Routes outside /api that SPEC §7 places at the site root (media), and the SMS's short links. */
export const rootRoutes = new Hono<AppEnv>().route('/', mediaRouter).route('/p', shortLinksRouter);

/** Every route the app mounts, at its full path: the document and the 405 table read it. */
export function documentedRoutes(): Hono<AppEnv> {
  return new Hono<AppEnv>().route('/api', apiRoutes).route('/', rootRoutes);
}
