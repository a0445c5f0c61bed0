// The numbers worker on the real Kafka broker (the scaled mode): a redelivered
// purchase.paid still ends with one claim, one set of numbers and counters moved once.
import { randomUUID } from 'node:crypto';
import type { BusMessage } from '@vag/core/bus/index';
import { KafkaBus } from '@vag/core/bus/kafka-bus';
import { CURRENT_RAFFLE_ID, getRaffleNumbers } from '@vag/core/db/raffle-numbers';
import { createLogger } from '@vag/core/logger';
import {
  insertPurchase,
  purchasePaidMessage,
  raffleWithNumbers,
} from '@vag/core/testing/raffle-fixtures';
import { createTestDatabase, type TestDatabase } from '@vag/core/testing/test-db';
import { waitFor } from '@vag/core/testing/wait';
import { numbersAssignedEventSchema, TOPICS } from '@vag/contracts';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startNumbersWorker } from './index';

let t: TestDatabase;
let bus: KafkaBus;

beforeEach(async () => {
  const brokers = process.env.VAG_TEST_KAFKA_BROKERS;
  if (!brokers) throw new Error('VAG_TEST_KAFKA_BROKERS is not set: run tests through `npm test`');
  t = await createTestDatabase();
  bus = new KafkaBus({
    brokers: brokers.split(','),
    clientId: `numbers-test-${randomUUID().slice(0, 8)}`,
    partitions: 2,
    // Own topics and groups, so parallel tests never take each other's messages.
    namespace: `t${randomUUID().slice(0, 8)}.`,
  });
});
afterEach(async () => {
  await bus.close();
  await t.drop();
});

it('purchase.paid over Kafka is idempotent when delivered twice', async () => {
  await raffleWithNumbers(t.db, 500);
  const assigned: BusMessage[] = [];
  const listener = await bus.subscribe({
    groupId: 'test-listener',
    topics: [TOPICS['numbers.assigned']],
    handler: async (m) => void assigned.push(m),
  });
  const log = createLogger('silent', 'numbers-kafka-test');
  const worker = await startNumbersWorker({ db: t.db, bus, log });
  try {
    const id = await insertPurchase(t.db, { quantity: 4 });
    await bus.publish([purchasePaidMessage(id, 4), purchasePaidMessage(id, 4)]);

    await waitFor(() => assigned.filter((m) => m.key === id).length >= 2, {
      timeoutMs: 45_000,
      message: 'two numbers.assigned',
    });
    const [first, second] = assigned.map((m) => numbersAssignedEventSchema.parse(m.value));
    expect(first!.data.numbers).toHaveLength(4);
    expect(second!.data.numbers).toEqual(first!.data.numbers);
    const purchase = await t.db.collection('purchases').findOne({ _id: id as never });
    expect(purchase?.assignedNumbers).toEqual(first!.data.numbers);
    expect(await t.db.collection('number_claims').countDocuments({ purchaseId: id })).toBe(1);
    expect(await getRaffleNumbers(t.db, CURRENT_RAFFLE_ID)).toMatchObject({
      available: 496,
      reserved: 0,
      sold: 4,
      nextPosition: 4,
    });
  } finally {
    await worker.stop();
    await listener.stop();
  }
});
