// The embedded-mode bus: the same contract as Kafka inside one process. Each consumer
// group gets its own copy of every message, spread over lanes by key (like partitions),
// so order holds per key and different keys run concurrently.
import type { Logger } from 'pino';
import {
  retryDelayMs,
  type BusMessage,
  type EventBus,
  type SubscribeOptions,
  type Subscription,
} from './bus';

interface Lane {
  queue: BusMessage[];
  running: Promise<void> | null;
}

interface Group {
  options: SubscribeOptions;
  lanes: Lane[];
  stopped: boolean;
}

export class InProcessBus implements EventBus {
  readonly kind = 'in-process' as const;
  private readonly groups = new Set<Group>();

  constructor(private readonly log?: Logger) {}

  async publish(messages: BusMessage[]): Promise<void> {
    for (const message of messages) {
      // A JSON round trip gives consumers what Kafka would: a copy, never a shared object.
      const copy: BusMessage = { ...message, value: JSON.parse(JSON.stringify(message.value)) };
      for (const group of this.groups) {
        if (group.stopped || !group.options.topics.includes(message.topic)) continue;
        const lane = group.lanes[hashKey(message.key) % group.lanes.length]!;
        lane.queue.push(copy);
        if (!lane.running) lane.running = this.drain(group, lane);
      }
    }
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    const lanes = Array.from({ length: Math.max(1, options.concurrency ?? 8) }, () => ({
      queue: [],
      running: null,
    }));
    const group: Group = { options, lanes, stopped: false };
    this.groups.add(group);
    return {
      stop: async () => {
        group.stopped = true;
        this.groups.delete(group);
        await Promise.all(lanes.map((l) => l.running));
      },
    };
  }

  async isHealthy(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    const groups = [...this.groups];
    for (const g of groups) g.stopped = true;
    this.groups.clear();
    await Promise.all(groups.flatMap((g) => g.lanes.map((l) => l.running)));
  }

  private async drain(group: Group, lane: Lane): Promise<void> {
    try {
      while (!group.stopped && lane.queue.length > 0) {
        const message = lane.queue[0]!;
        await this.deliver(group, message);
        lane.queue.shift();
      }
    } finally {
      lane.running = null;
    }
  }

  /** At-least-once: retry with backoff until the handler succeeds or the group stops. */
  private async deliver(group: Group, message: BusMessage): Promise<void> {
    for (let attempt = 0; !group.stopped; attempt++) {
      try {
        await group.options.handler(message);
        return;
      } catch (error) {
        this.log?.warn(
          {
            err: error,
            topic: message.topic,
            key: message.key,
            group: group.options.groupId,
            attempt,
          },
          'handler failed; will redeliver',
        );
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
      }
    }
  }
}

function hashKey(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return h >>> 0;
}
