import { randomUUID } from 'node:crypto';
import { EVENT_RETENTION_DAYS } from '@vag/contracts';
import kafkajs, { Kafka } from 'kafkajs';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../testing/wait';
import type { BusMessage, EventBus, Subscription } from './bus';
import { InProcessBus } from './in-process-bus';
import { KafkaBus } from './kafka-bus';

const { ConfigResourceTypes } = kafkajs;
const brokers = (process.env.VAG_TEST_KAFKA_BROKERS ?? '').split(',').filter(Boolean);

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function kafkaBus(): KafkaBus {
  if (brokers.length === 0)
    throw new Error('VAG_TEST_KAFKA_BROKERS is not set: run through `npm test`');
  const bus = new KafkaBus({
    brokers,
    clientId: `test-${randomUUID().slice(0, 8)}`,
    partitions: 4,
  });
  cleanups.push(() => bus.close());
  return bus;
}

function collect(into: BusMessage[]) {
  return async (m: BusMessage) => {
    into.push(m);
  };
}

function behavesAsABus(name: string, makeBus: () => EventBus) {
  describe(`${name} bus`, () => {
    it('delivers a published event to its consumer group with key and value intact', async () => {
      const bus = makeBus();
      const topic = `t.${randomUUID()}`;
      const got: BusMessage[] = [];
      const sub = await bus.subscribe({
        groupId: `g-${randomUUID()}`,
        topics: [topic],
        handler: collect(got),
      });
      cleanups.push(() => sub.stop());
      await bus.publish([
        { topic, key: 'purchase-1', value: { type: 'purchase.paid', version: 1, n: 3 } },
      ]);
      await waitFor(() => got.length === 1, { message: 'the event' });
      expect(got[0]).toMatchObject({
        topic,
        key: 'purchase-1',
        value: { type: 'purchase.paid', version: 1, n: 3 },
      });
    });

    it('gives every consumer group its own copy', async () => {
      const bus = makeBus();
      const topic = `t.${randomUUID()}`;
      const a: BusMessage[] = [];
      const b: BusMessage[] = [];
      for (const [group, into] of [
        ['numbers', a],
        ['notifications', b],
      ] as const) {
        const sub = await bus.subscribe({
          groupId: `${group}-${randomUUID()}`,
          topics: [topic],
          handler: collect(into),
        });
        cleanups.push(() => sub.stop());
      }
      await bus.publish([{ topic, key: 'k', value: 1 }]);
      await waitFor(() => a.length === 1 && b.length === 1, { message: 'both groups' });
    });

    it('redelivers a message whose handler failed (at-least-once)', async () => {
      const bus = makeBus();
      const topic = `t.${randomUUID()}`;
      let attempts = 0;
      const handled: unknown[] = [];
      const sub = await bus.subscribe({
        groupId: `g-${randomUUID()}`,
        topics: [topic],
        handler: async (m) => {
          attempts++;
          if (attempts < 3) throw new Error('transient failure');
          handled.push(m.value);
        },
      });
      cleanups.push(() => sub.stop());
      await bus.publish([{ topic, key: 'k', value: 'payload' }]);
      await waitFor(() => handled.length === 1, { message: 'the redelivered event' });
      expect(attempts).toBe(3);
      expect(handled).toEqual(['payload']);
    });

    it('keeps the order of messages that share a key', async () => {
      const bus = makeBus();
      const topic = `t.${randomUUID()}`;
      const got: BusMessage[] = [];
      const sub = await bus.subscribe({
        groupId: `g-${randomUUID()}`,
        topics: [topic],
        handler: collect(got),
        concurrency: 4,
      });
      cleanups.push(() => sub.stop());
      await bus.publish(Array.from({ length: 20 }, (_, i) => ({ topic, key: 'same', value: i })));
      await waitFor(() => got.length === 20, { message: '20 events' });
      expect(got.map((m) => m.value)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    });
  });
}

behavesAsABus('in-process', () => new InProcessBus());
behavesAsABus('kafka', kafkaBus);

describe('kafka bus with two consumers in one group', () => {
  it('shares the partitions between them, and the survivor takes over when one stops', async () => {
    const bus = kafkaBus();
    const topic = `t.${randomUUID()}`;
    const groupId = `g-${randomUUID()}`;
    await bus.ensureTopics([topic]);
    const byA: BusMessage[] = [];
    const byB: BusMessage[] = [];
    const subA: Subscription = await bus.subscribe({
      groupId,
      topics: [topic],
      handler: collect(byA),
    });
    // A second process would have its own client; a second bus object gives the same.
    const busB = kafkaBus();
    const subB = await busB.subscribe({ groupId, topics: [topic], handler: collect(byB) });
    cleanups.push(() => subB.stop());

    const sent = new Set<string>();
    const send = async (n: number) => {
      const batch = Array.from({ length: n }, () => ({
        topic,
        key: randomUUID(),
        value: randomUUID(),
      }));
      batch.forEach((m) => sent.add(m.value));
      await bus.publish(batch);
    };
    const received = () => new Set([...byA, ...byB].map((m) => m.value as string));
    // Publish until both members have had a share: the group may still be rebalancing at first.
    await waitFor(
      async () => {
        await send(20);
        await waitFor(() => [...sent].every((v) => received().has(v)), {
          message: 'all sent events',
          timeoutMs: 20_000,
        });
        return byA.length > 0 && byB.length > 0;
      },
      { timeoutMs: 60_000, intervalMs: 200, message: 'both consumers to get a share' },
    );
    expect([...sent].every((v) => received().has(v))).toBe(true);

    await subA.stop();
    const before = byB.length;
    await send(30);
    await waitFor(() => [...sent].every((v) => received().has(v)), {
      timeoutMs: 45_000,
      message: 'the survivor to take every partition',
    });
    expect(byB.length - before).toBeGreaterThanOrEqual(30);
  });
});

describe('kafka bus retention (events name buyers; a log is erased by age)', () => {
  async function topicConfig(topic: string): Promise<Record<string, string>> {
    const admin = new Kafka({ clientId: `test-${randomUUID().slice(0, 8)}`, brokers }).admin();
    await admin.connect();
    try {
      const { resources } = await admin.describeConfigs({
        includeSynonyms: false,
        resources: [{ type: ConfigResourceTypes.TOPIC, name: topic }],
      });
      return Object.fromEntries(
        resources[0]!.configEntries.map((e) => [e.configName, e.configValue]),
      );
    } finally {
      await admin.disconnect();
    }
  }

  it('keeps no event longer than the days the privacy notice states', async () => {
    const bus = kafkaBus();
    const topic = `t.${randomUUID()}`;
    await bus.ensureTopics([topic]);
    const config = await topicConfig(topic);
    const keptMs = Number(config['retention.ms']) + Number(config['segment.ms']);
    expect(keptMs).toBeLessThanOrEqual(EVENT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  });

  it('limits a topic created before the rule (the broker default keeps a week or more)', async () => {
    const topic = `t.${randomUUID()}`;
    const admin = new Kafka({ clientId: `test-${randomUUID().slice(0, 8)}`, brokers }).admin();
    await admin.connect();
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: 1 }] });
    await admin.disconnect();
    expect(Number((await topicConfig(topic))['segment.ms'])).toBeGreaterThan(24 * 60 * 60 * 1000);

    await kafkaBus().ensureTopics([topic]);
    const config = await topicConfig(topic);
    const keptMs = Number(config['retention.ms']) + Number(config['segment.ms']);
    expect(keptMs).toBeLessThanOrEqual(EVENT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  });
});
