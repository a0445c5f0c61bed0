// Assembles the api side of a server process: database, bus, the background jobs every
// api process runs and the Hono app. Consumers (workers) are not the api's to know:
// whoever composes a process passes them in (server/ does, in the embedded default).
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import {
  createBus,
  withCoreServices,
  type BaseDeps,
  type CoreDeps,
  type Env,
  type Stoppable,
} from '@vag/core';
import { connectDatabase, PIPELINE_POOL_SIZE, type Database } from '@vag/core/db/client';
import { ensureGuardIndexes, startIndexBuilds } from '@vag/core/db/indexes';
import { startReconciler } from '@vag/core/pipeline/reconciler';
import { startOutboxRelay } from '@vag/core/pipeline/relay';
import { startReservationSweeper } from '@vag/core/pipeline/sweeper';
import { startNotificationRetry } from '@vag/core/pipeline/notify-retry';
import { RequestPathFirst } from '@vag/core/pipeline/request-path-first';
import { startPayPalFollowUp } from './payments/paypal-follow-up';
import { createApp } from './app';
import { bootstrapAdminJob } from './auth/bootstrap-admin';
import { startRateLimitSweeper } from './auth/rate-limit';
import type { AppDeps, AppEnv } from './context';
import { resolveJwtSecret } from './lib/jwt-secret';
import { createNumbersWaiters, startNumbersWaiters } from './payments/numbers-waiters';
import { startPayPhoneReversalCheck } from './payments/payphone-reversals';
import { startSaleClosing } from './routes/draw/draw.jobs';
import { ensureRaffleJob } from './routes/featured-raffle/featured-raffle.jobs';
import { createStorefrontCache, startContentInvalidation } from './storefront/cache';
import { startTransferReminders } from '@vag/core/pipeline/transfer-reminders';
import { startReceiptFileSweeper } from '@vag/core/pipeline/receipt-files';
import { startRetentionJob } from '@vag/core/privacy/retention';
import { startSettingsReload } from '@vag/core/settings/live-settings';
import { startQueryMarkersUpgrade } from '@vag/core/db/query-markers';

export interface Runtime {
  deps: AppDeps;
  app: Hono<AppEnv>;
  stop(): Promise<void>;
}

export interface RuntimeOptions {
  /** Starts the event consumers inside this process (the embedded default). */
  startWorkers?: (deps: CoreDeps) => Promise<Stoppable>;
}

export async function startRuntime(
  env: Env,
  log: Logger,
  options: RuntimeOptions = {},
): Promise<Runtime> {
  const { client, db } = await connectDatabase(env.MONGODB_URL);
  // The unique indexes before any write; the missing search indexes after the jobs start,
  // in the background (core/src/db/indexes.ts, DESIGN "Start-up and catch-ups").
  const indexesLeft = await ensureGuardIndexes(db);
  const bus = createBus(env, log.child({ module: 'bus' }));
  // Consumers in this process send while buyers buy: they yield to the buyers' requests.
  const requestPath = options.startWorkers ? new RequestPathFirst() : undefined;
  const deps = appDeps({ env, db, bus, log, jwtSecret: resolveJwtSecret(env), requestPath });

  const running: Stoppable[] = [];
  // Before the jobs, so that the outbox relay's first pass finds its consumers subscribed.
  // The consumers get their own small pool: however long their backlog, at most a few
  // of their commands stand in the store's queue ahead of a request's (the request path first).
  // The copy shares the process's services: its kicks reach the running relay, its
  // settings are the ones a save in Ajustes refreshes.
  let pipelineDb: Database | null = null;
  if (options.startWorkers) {
    pipelineDb = await connectDatabase(env.MONGODB_URL, { maxPoolSize: PIPELINE_POOL_SIZE });
    running.push(await options.startWorkers({ ...deps, db: pipelineDb.db }));
  }
  for (const start of backgroundJobs) running.push(await start(deps));
  // Last, with nothing awaited after it: the process returns (and listens) at once.
  running.push(startIndexBuilds(deps, indexesLeft));

  return {
    deps,
    app: createApp(deps),
    stop: async () => {
      for (const r of running.reverse())
        await r.stop().catch((err) => log.error({ err }, 'stop failed'));
      await bus.close();
      await pipelineDb?.client.close();
      await client.close();
    },
  };
}

/** The api's deps: the core services and the api's own, each made once for the process. */
export function appDeps(base: BaseDeps & { jwtSecret: string }): AppDeps {
  const core = withCoreServices(base);
  return {
    ...core,
    numbersWaiters: createNumbersWaiters(core),
    storefrontCache: createStorefrontCache(core),
  };
}

/**
 * Jobs every api process runs beside serving requests (start-up seeding, relay, sweeper,
 * automatic re-send of failed notifications, reconciler, the storefront cache's ear on the bus).
 */
const backgroundJobs: Array<(deps: AppDeps) => Promise<Stoppable>> = [
  startSettingsReload,
  ensureRaffleJob,
  // In the background: the jobs' indexed work lists for data written before them.
  startQueryMarkersUpgrade,
  bootstrapAdminJob,
  startNumbersWaiters,
  startOutboxRelay,
  startPayPalFollowUp,
  startReservationSweeper,
  startNotificationRetry,
  startTransferReminders,
  startReceiptFileSweeper,
  startRetentionJob,
  startReconciler,
  startPayPhoneReversalCheck,
  startSaleClosing,
  startRateLimitSweeper,
  startContentInvalidation,
];
