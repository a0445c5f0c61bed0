import type { Logger } from 'pino';
import type { Env } from '../env';
import type { EventBus } from './bus';
import { InProcessBus } from './in-process-bus';
import { KafkaBus } from './kafka-bus';

export * from './bus';
export { InProcessBus } from './in-process-bus';
export { KafkaBus } from './kafka-bus';

/** Kafka when KAFKA_BROKERS is set, the in-process bus otherwise (embedded default). */
export function createBus(
  env: Pick<Env, 'KAFKA_BROKERS' | 'KAFKA_CLIENT_ID'> & Partial<Pick<Env, 'KAFKA_NAMESPACE'>>,
  log?: Logger,
): EventBus {
  if (!env.KAFKA_BROKERS) return new InProcessBus(log);
  const brokers = env.KAFKA_BROKERS.split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  return new KafkaBus({
    brokers,
    clientId: env.KAFKA_CLIENT_ID,
    log,
    namespace: env.KAFKA_NAMESPACE ?? '',
  });
}
