// Every router of the api, mounted in one place. Paths follow SPEC §7 under /api.
import type { Hono } from 'hono';
import type { AppEnv } from '../context';
import { healthRouter } from './health/health.index';
import { purchasesAdminRouter, purchasesRouter } from './purchases/purchases.index';
import { raffleRouter } from './raffle/raffle.index';

/** Routes under /api. */
export function mountApiRoutes(api: Hono<AppEnv>): void {
  api.route('/health', healthRouter);
  api.route('/raffle', raffleRouter);
  api.route('/purchases', purchasesRouter);
  api.route('/admin', purchasesAdminRouter);
}

/** Routes outside /api that SPEC §7 places at the site root (media). */
export function mountRootRoutes(_app: Hono<AppEnv>): void {}
