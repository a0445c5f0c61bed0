// The services tests and `npm start` rely on really answer: a document goes into
// FerretDB and comes back, a message goes through Kafka, stripe-mock speaks HTTP.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../core/src/testing/wait';
import {
  startFerretdb,
  startKafka,
  startStripeMock,
  type Ferretdb,
  type KafkaService,
} from './services';

describe('startFerretdb', () => {
  let ferretdb: Ferretdb;
  beforeAll(async () => {
    ferretdb = await startFerretdb();
  });
  afterAll(() => ferretdb?.stop());

  it('stores a document and reads it back', async () => {
    expect(ferretdb.url).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\/$/);
    const client = new MongoClient(`${ferretdb.url}infra_test`);
    try {
      const tickets = client.db().collection<{ number: string; raffle: string }>('tickets');
      await tickets.insertOne({ number: '0042', raffle: 'r1' });
      const found = await tickets.findOne({ number: '0042' });
      expect(found?.raffle).toBe('r1');
    } finally {
      await client.close();
    }
  });

  // infra/ferretdb/patches.json: without them each of these lookups scans the table,
  // and every write of a sellout waits behind the scan.
  it('finds a document by _id, alone or with other conditions, through the _id index', async () => {
    const client = new MongoClient(`${ferretdb.url}infra_test`);
    try {
      const db = client.db();
      await db.collection('purchases').insertMany([
        { _id: 'p1' as never, status: 'PENDING' },
        { _id: 'p2' as never, status: 'PENDING' },
      ]);
      for (const filter of [{ _id: 'p1' }, { _id: 'p1', status: 'PENDING' }]) {
        const plan = await db.command({ explain: { find: 'purchases', filter } });
        expect(plan.filterPushdown).toBe(true);
        expect(JSON.stringify(plan.queryPlanner)).toMatch(/SEARCH \S+ USING INDEX/);
      }
    } finally {
      await client.close();
    }
  });

  it('applies the rest of the filter after narrowing by _id', async () => {
    const client = new MongoClient(`${ferretdb.url}infra_test`);
    try {
      const purchases = client.db().collection<{ _id: string; status: string }>('conditional');
      await purchases.insertOne({ _id: 'p1', status: 'COMPLETED' });
      const stale = await purchases.updateOne(
        { _id: 'p1', status: 'PENDING' },
        { $set: { status: 'EXPIRED' } },
      );
      expect(stale.matchedCount).toBe(0);
      const current = await purchases.findOneAndUpdate(
        { _id: 'p1', status: 'COMPLETED' },
        { $set: { status: 'REFUNDED' } },
        { returnDocument: 'after' },
      );
      expect(current?.status).toBe('REFUNDED');
      expect(await purchases.findOne({ _id: 'p1' })).toEqual({ _id: 'p1', status: 'REFUNDED' });
    } finally {
      await client.close();
    }
  });
});

describe('startFerretdb through its Unix socket', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vag-socket-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Writes through the socket and reads the same document back over TCP. */
  async function roundTrip(ferretdb: Ferretdb, number: string): Promise<void> {
    const viaSocket = new MongoClient(`${ferretdb.socketUrl}infra_test`);
    const viaTcp = new MongoClient(`${ferretdb.url}infra_test`);
    try {
      await viaSocket.db().collection('tickets').insertOne({ number });
      expect(await viaTcp.db().collection('tickets').findOne({ number })).not.toBeNull();
    } finally {
      await Promise.all([viaSocket.close(), viaTcp.close()]);
    }
  }

  it('serves the same store on its socket, and starts again over the socket a killed store left', async () => {
    const first = await startFerretdb({ dir: path.join(dir, 'store') });
    expect(first.socketUrl).toBe(`mongodb://${encodeURIComponent(path.join(dir, 'store.sock'))}/`);
    await roundTrip(first, '0001');
    process.kill(first.pid, 'SIGKILL');
    await waitFor(() => {
      try {
        process.kill(first.pid, 0);
        return false;
      } catch {
        return true;
      }
    });
    expect(existsSync(path.join(dir, 'store.sock'))).toBe(true);

    const second = await startFerretdb({ dir: path.join(dir, 'store') });
    try {
      await roundTrip(second, '0002');
    } finally {
      await second.stop();
    }
    // A store that stops as it should removes its socket.
    expect(existsSync(path.join(dir, 'store.sock'))).toBe(false);
  });
});

describe('startKafka', () => {
  let kafka: KafkaService;
  beforeAll(async () => {
    kafka = await startKafka();
  });
  afterAll(() => kafka?.stop());

  it('creates a topic and delivers a produced message to a consumer', async () => {
    const client = new Kafka({
      clientId: 'infra-test',
      brokers: kafka.brokers,
      logLevel: logLevel.NOTHING,
    });
    const topic = `infra-test-${randomUUID()}`;
    const admin = client.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic }], waitForLeaders: true });
    const meta = await admin.fetchTopicMetadata({ topics: [topic] });
    await admin.disconnect();
    expect(meta.topics[0]?.partitions).toHaveLength(4);

    const consumer = client.consumer({ groupId: `g-${randomUUID()}` });
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    const received = new Promise<string>((resolve) => {
      void consumer.run({
        eachMessage: async ({ message }) => resolve(message.value?.toString() ?? ''),
      });
    });

    const producer = client.producer();
    await producer.connect();
    await producer.send({ topic, messages: [{ key: 'order-1', value: 'pago confirmado' }] });
    await producer.disconnect();

    await expect(received).resolves.toBe('pago confirmado');
    await consumer.disconnect();
  });
});

describe('startStripeMock', () => {
  it('answers Stripe API calls', async () => {
    const stripe = await startStripeMock();
    try {
      const res = await fetch(`${stripe.url}/v1/customers`, {
        headers: { authorization: 'Bearer sk_test_123' },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { object: string }).object).toBe('list');
    } finally {
      await stripe.stop();
    }
  });
});
