// Assembles one server process: database, bus, background jobs and, in the embedded
// default, the workers. main.ts serves it; tests start the very same runtime.
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { createApp } from './app';
import { bootstrapAdminJob } from './auth/bootstrap-admin';
import { createBus } from './bus';
import type { AppDeps, AppEnv } from './context';
import { connectDatabase } from './db/client';
import { ensureIndexes } from './db/indexes';
import type { Env } from './env';
import { resolveJwtSecret } from './lib/jwt-secret';
import { startPayPhoneReversalCheck } from './pipeline/payphone-reversals';
import { startReconciler } from './pipeline/reconciler';
import { startNumbersWaiters } from './payments/numbers-waiters';
import { startOutboxRelay } from './pipeline/relay';
import { startReservationSweeper } from './pipeline/sweeper';
import { ensureRaffleJob } from './routes/lottery/lottery.jobs';

export interface Stoppable {
  stop(): Promise<void>;
}

export interface Runtime {
  deps: AppDeps;
  app: Hono<AppEnv>;
  stop(): Promise<void>;
}

export async function startRuntime(env: Env, log: Logger): Promise<Runtime> {
  const { client, db } = await connectDatabase(env.MONGODB_URL);
  await ensureIndexes(db);
  const bus = createBus(env, log.child({ module: 'bus' }));
  const deps: AppDeps = { env, db, bus, log, jwtSecret: resolveJwtSecret(env) };

  const running: Stoppable[] = [];
  if (env.WORKERS === 'embedded') {
    // Imported lazily: the workers package builds on this one, and the scaled mode
    // runs it as separate processes instead. Started before the jobs so that the
    // outbox relay's first pass finds its consumers subscribed.
    const { startWorkers } = await import('@vag/workers');
    running.push(await startWorkers(deps));
  }
  for (const start of backgroundJobs) running.push(await start(deps));

  return {
    deps,
    app: createApp(deps),
    stop: async () => {
      for (const r of running.reverse())
        await r.stop().catch((err) => log.error({ err }, 'stop failed'));
      await bus.close();
      await client.close();
    },
  };
}

/** Jobs every api process runs beside serving requests (start-up seeding, relay, sweeper, reconciler). */
const backgroundJobs: Array<(deps: AppDeps) => Promise<Stoppable>> = [
  ensureRaffleJob,
  bootstrapAdminJob,
  startNumbersWaiters,
  startOutboxRelay,
  startReservationSweeper,
  startReconciler,
  startPayPhoneReversalCheck,
];
