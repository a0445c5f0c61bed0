// The event bus the pipeline runs on. Two implementations share this interface: Kafka
// (scaled mode) and an in-process bus (embedded default). Both deliver at least once:
// a handler that throws is retried with backoff and its message is never skipped, so
// every consumer must be idempotent.

export interface BusMessage {
  topic: string;
  /** Partition key: messages with the same key are delivered in order. */
  key: string;
  value: unknown;
}

export type MessageHandler = (message: BusMessage) => Promise<void>;

export interface Subscription {
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  /** Consumers in one group share the topic's partitions; each group gets every message. */
  groupId: string;
  topics: string[];
  handler: MessageHandler;
  /** Messages handled at once by this consumer (different keys only). */
  concurrency?: number;
}

export interface EventBus {
  readonly kind: 'in-process' | 'kafka';
  publish(messages: BusMessage[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** True when the bus can take messages now. */
  isHealthy(): Promise<boolean>;
  close(): Promise<void>;
}

/** Exponential backoff for redelivery: 100 ms doubling, capped at 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000, 100 * 2 ** Math.min(attempt, 15));
}
