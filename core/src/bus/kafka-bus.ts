// The scaled-mode bus on Apache Kafka (kafkajs). Offsets are committed only after the
// handler resolves, and a failing handler is retried in place, so delivery is
// at-least-once and a message is never skipped.
import { EVENT_RETENTION_DAYS } from '@vag/contracts';
import kafkajs, { Kafka, logLevel, type Admin, type Consumer, type Producer } from 'kafkajs';
import type { Logger } from 'pino';
import {
  retryDelayMs,
  type BusMessage,
  type EventBus,
  type SubscribeOptions,
  type Subscription,
} from './bus';

/** How often a member tells the group it is alive (also while a handler is running). */
const HEARTBEAT_MS = 1_000;

/**
 * Room for several worker processes per group: a group spreads over at most this many
 * consumers, and a process takes as many of them at a time as its `concurrency`.
 */
const DEFAULT_PARTITIONS = 12;

const DAY_MS = 24 * 60 * 60 * 1000;

// Node's ESM loader does not find this name among kafkajs's CommonJS exports (tsx and the
// workers' processes fail to start on a named import of it); the default export has it.
const { ConfigResourceTypes } = kafkajs;

/**
 * Events carry the buyer's name and contact (the reports and messages need them), and a
 * log cannot be edited: a buyer's erasure reaches them by age instead, within the days the
 * privacy notice states. Kafka deletes a segment once its newest message is older than
 * retention.ms, so segments roll daily and hold a day less: nothing outlives the stated days.
 */
export const EVENT_TOPIC_CONFIG = [
  { name: 'retention.ms', value: String((EVENT_RETENTION_DAYS - 1) * DAY_MS) },
  { name: 'segment.ms', value: String(DAY_MS) },
];

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  /** Partitions for topics this bus creates: the most consumers one group can spread over. */
  partitions?: number;
  /** Prefix of every topic and group id on the broker; handlers still see the plain topic. */
  namespace?: string;
  log?: Logger;
}

export class KafkaBus implements EventBus {
  readonly kind = 'kafka' as const;
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly admin: Admin;
  private readonly consumers = new Set<Consumer>();
  private readonly knownTopics = new Set<string>();
  private connected: Promise<void> | null = null;

  constructor(private readonly options: KafkaBusOptions) {
    const log = options.log;
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: logLevel.WARN,
      logCreator: () => (entry) => log?.warn({ kafka: entry.log }, entry.log.message),
      retry: { retries: 8 },
    });
    this.producer = this.kafka.producer({ allowAutoTopicCreation: true });
    this.admin = this.kafka.admin();
  }

  private connect(): Promise<void> {
    this.connected ??= Promise.all([this.producer.connect(), this.admin.connect()]).then(
      () => undefined,
    );
    return this.connected;
  }

  /** Creates missing topics with the configured partition count (idempotent). */
  async ensureTopics(topics: string[]): Promise<void> {
    await this.connect();
    const missing = topics.filter((t) => !this.knownTopics.has(t));
    if (missing.length === 0) return;
    const existing = new Set(await this.admin.listTopics());
    const toCreate = missing.filter((t) => !existing.has(t));
    if (toCreate.length > 0) {
      // Right after the creation, waitForLeaders may ask a broker whose metadata does
      // not know the new topics yet: UNKNOWN_TOPIC_OR_PARTITION, a retriable answer that
      // kafkajs passes on (seen when several clients create topics at once). Try again:
      // topics that exist by then are not created twice.
      await whileRetriable(() =>
        this.admin.createTopics({
          waitForLeaders: true,
          topics: toCreate.map((topic) => ({
            topic,
            numPartitions: this.options.partitions ?? DEFAULT_PARTITIONS,
            replicationFactor: 1,
            configEntries: EVENT_TOPIC_CONFIG,
          })),
        }),
      );
    }
    const older = missing.filter((t) => existing.has(t));
    if (older.length > 0) await this.limitRetention(older);
    for (const t of missing) this.knownTopics.add(t);
  }

  /** Topics created before the retention rule get it (setting the same values again is harmless). */
  private async limitRetention(topics: string[]): Promise<void> {
    await this.admin.alterConfigs({
      validateOnly: false,
      resources: topics.map((name) => ({
        type: ConfigResourceTypes.TOPIC,
        name,
        configEntries: EVENT_TOPIC_CONFIG,
      })),
    });
  }

  private get ns(): string {
    return this.options.namespace ?? '';
  }

  async publish(messages: BusMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.ensureTopics([...new Set(messages.map((m) => this.ns + m.topic))]);
    const byTopic = new Map<string, { key: string; value: string }[]>();
    for (const m of messages) {
      const topic = this.ns + m.topic;
      const list = byTopic.get(topic) ?? [];
      list.push({ key: m.key, value: JSON.stringify(m.value) });
      byTopic.set(topic, list);
    }
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, msgs]) => ({ topic, messages: msgs })),
    });
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    const topics = options.topics.map((t) => this.ns + t);
    await this.ensureTopics(topics);
    const consumer = this.kafka.consumer({
      groupId: this.ns + options.groupId,
      sessionTimeout: 15_000,
      heartbeatInterval: HEARTBEAT_MS,
      rebalanceTimeout: 20_000,
    });
    this.consumers.add(consumer);
    let stopping = false;
    await consumer.connect();
    // The same retriable answer can reach a subscriber whose metadata lags the creation
    // (another process created the topics a moment ago): try again instead of dying.
    await whileRetriable(() => consumer.subscribe({ topics, fromBeginning: true }));
    await consumer.run({
      partitionsConsumedConcurrently: Math.max(1, options.concurrency ?? 3),
      eachMessage: async ({ topic, message, heartbeat }) => {
        const value: unknown = message.value ? JSON.parse(message.value.toString('utf8')) : null;
        const busMessage: BusMessage = {
          topic: topic.slice(this.ns.length),
          key: message.key?.toString('utf8') ?? '',
          value,
        };
        const alive = keepAlive(heartbeat);
        try {
          await this.deliver(options, busMessage, topic, heartbeat, () => stopping);
        } finally {
          alive.stop();
        }
      },
    });
    return {
      stop: async () => {
        stopping = true;
        this.consumers.delete(consumer);
        await consumer.disconnect();
      },
    };
  }

  /** Runs the handler until it succeeds; each failure is retried in place after a pause. */
  private async deliver(
    options: SubscribeOptions,
    busMessage: BusMessage,
    topic: string,
    heartbeat: () => Promise<void>,
    stopping: () => boolean,
  ): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await options.handler(busMessage);
        return;
      } catch (error) {
        // Throwing while stopping leaves the offset uncommitted: another member redelivers.
        if (stopping()) throw error;
        this.options.log?.warn(
          { err: error, topic, key: busMessage.key, group: options.groupId, attempt },
          'handler failed; will redeliver',
        );
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
        await heartbeat();
      }
    }
  }

  async isHealthy(): Promise<boolean> {
    try {
      await this.connect();
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('kafka health timeout')), 3_000).unref(),
      );
      await Promise.race([this.admin.describeCluster(), timeout]);
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.consumers].map((c) => c.disconnect()));
    this.consumers.clear();
    if (this.connected) {
      await Promise.allSettled([this.producer.disconnect(), this.admin.disconnect()]);
      this.connected = null;
    }
  }
}

/**
 * Heartbeats while a handler runs. kafkajs beats only between messages, so handlers that
 * together wait longer than the session timeout on a slow store or mail server (a loaded
 * machine) would get a live member thrown out of its group: a rebalance, its messages
 * delivered again, and every other member paused meanwhile. A dead process stops beating
 * and is replaced after the session timeout, as it should be.
 */
function keepAlive(heartbeat: () => Promise<void>): { stop(): void } {
  const timer = setInterval(() => {
    // A rebalance under way refuses the beat; the member rejoins when the handler returns.
    heartbeat().catch(() => undefined);
  }, HEARTBEAT_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** Runs `call`, again after a growing pause while Kafka answers with a retriable error. */
async function whileRetriable<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const retriable = (error as { retriable?: boolean }).retriable === true;
      if (!retriable || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
    }
  }
}
