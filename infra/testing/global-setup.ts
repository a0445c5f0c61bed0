// Starts the services every integration test shares, once per vitest run: one
// FerretDB (each test appends its own database name to VAG_TEST_MONGODB_URL) and one
// Kafka (each test uses its own topics and groups). Test workers are started after
// this runs, so they inherit these variables. Set a variable beforehand to use your
// own service instead.
import { startFerretdb, startKafka, type RunningService } from '../services';

export default async function setup(): Promise<() => Promise<void>> {
  process.env.VAG_CHROMIUM ??= '/usr/bin/chromium';
  const running: RunningService[] = [];
  const started = Date.now();

  await Promise.all([
    process.env.VAG_TEST_MONGODB_URL
      ? undefined
      : startFerretdb().then((ferretdb) => {
          running.push(ferretdb);
          process.env.VAG_TEST_MONGODB_URL = ferretdb.url;
        }),
    process.env.VAG_TEST_KAFKA_BROKERS
      ? undefined
      : startKafka().then((kafka) => {
          running.push(kafka);
          process.env.VAG_TEST_KAFKA_BROKERS = kafka.brokers.join(',');
        }),
  ]).catch(async (error: unknown) => {
    await Promise.all(running.map((s) => s.stop()));
    throw error;
  });

  console.log(
    `test services (${((Date.now() - started) / 1000).toFixed(1)} s): ` +
      `VAG_TEST_MONGODB_URL=${process.env.VAG_TEST_MONGODB_URL} VAG_TEST_KAFKA_BROKERS=${process.env.VAG_TEST_KAFKA_BROKERS}`,
  );

  return async () => {
    await Promise.all(running.map((s) => s.stop()));
  };
}
