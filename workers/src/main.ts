// `npm run workers`: the consumers as their own process against Kafka (scaled mode).
// Several processes share each consumer group's partitions; when one dies its
// partitions move to the others. `npm run workers -- notifications` runs only some.
import { connectDatabase, createBus, createLogger, parseEnv, withCoreServices } from '@vag/core';
import { PIPELINE_POOL_SIZE } from '@vag/core/db/client';
import { ensureGuardIndexes, startIndexBuilds } from '@vag/core/db/indexes';
import { startSettingsReload } from '@vag/core/settings/live-settings';
import { startWorkers, WORKER_NAMES, type WorkerName } from './index';

let env;
try {
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (!env.KAFKA_BROKERS) {
  console.error(
    'KAFKA_BROKERS no está configurado: los workers como proceso propio necesitan Kafka (sin Kafka corren dentro del api, WORKERS=embedded).',
  );
  process.exit(1);
}
const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = requested.filter((n) => !(WORKER_NAMES as readonly string[]).includes(n));
if (unknown.length) {
  console.error(
    `Workers desconocidos: ${unknown.join(', ')} (disponibles: ${WORKER_NAMES.join(', ')})`,
  );
  process.exit(1);
}
const names = (requested.length ? requested : WORKER_NAMES) as WorkerName[];

const log = createLogger(env.LOG_LEVEL, 'workers');
// A few commands in flight are all the store takes at once from this process; more
// would stand in its queue ahead of the api's requests (core/src/db/client.ts).
const { client, db } = await connectDatabase(env.MONGODB_URL, { maxPoolSize: PIPELINE_POOL_SIZE });
// The unique indexes guard the invariants, so they exist before any write; the search
// indexes a year's store may lack are built behind, as the api does (DESIGN "Start-up and
// catch-ups"): a restarted worker consumes again within seconds.
const indexesLeft = await ensureGuardIndexes(db);
const bus = createBus(env, log.child({ module: 'bus' }));
const deps = withCoreServices({ env, db, bus, log });
const indexBuilds = startIndexBuilds(deps, indexesLeft);
// Ajustes may change SMTP/Twilio keys: this process reloads them when any process saves.
const settingsReload = await startSettingsReload(deps);
const workers = await startWorkers(deps, names);
log.info({ workers: names, brokers: env.KAFKA_BROKERS }, 'workers running');

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'workers shutting down');
  // Leaving the group hands our partitions to the other members at once.
  await workers.stop().catch((err: unknown) => log.error({ err }, 'stop failed'));
  await indexBuilds.stop();
  await settingsReload.stop().catch((err: unknown) => log.error({ err }, 'stop failed'));
  await bus.close();
  await client.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
