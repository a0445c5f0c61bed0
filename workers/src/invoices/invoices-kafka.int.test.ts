// The invoices worker on the real Kafka broker with the fake SRI: paid purchases end with
// one authorized factura each, contiguous numbers, even with the SRI down at first and a
// purchase.paid delivered twice; each authorization is announced with invoice.authorized.
import { randomUUID } from 'node:crypto';
import type { BusMessage } from '@vag/core/bus/index';
import type { CoreDeps } from '@vag/core';
import { KafkaBus } from '@vag/core/bus/kafka-bus';
import { invoices } from '@vag/core/db/invoices';
import { resolveInvoiceKey } from '@vag/core/invoices/secret-box';
import { saveCertificate, saveInvoicingSettings } from '@vag/core/invoices/settings';
import { createLogger } from '@vag/core/logger';
import { startFakeSri, type FakeSri } from '@vag/core/testing/fakes/sri';
import { TEST_INVOICING } from '@vag/core/testing/invoice-fixtures';
import {
  insertPurchase,
  purchasePaidMessage,
  raffleWithNumbers,
} from '@vag/core/testing/raffle-fixtures';
import { makeTestP12 } from '@vag/core/testing/test-certificate';
import { createTestDatabase, type TestDatabase } from '@vag/core/testing/test-db';
import { waitFor } from '@vag/core/testing/wait';
import { invoiceAuthorizedEventSchema, TOPICS } from '@vag/contracts';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startInvoicesWorker } from './index';

let t: TestDatabase;
let bus: KafkaBus;
let sri: FakeSri;

beforeEach(async () => {
  const brokers = process.env.VAG_TEST_KAFKA_BROKERS;
  if (!brokers) throw new Error('VAG_TEST_KAFKA_BROKERS is not set: run tests through `npm test`');
  t = await createTestDatabase();
  sri = await startFakeSri();
  bus = new KafkaBus({
    brokers: brokers.split(','),
    clientId: `invoices-test-${randomUUID().slice(0, 8)}`,
    partitions: 2,
    namespace: `t${randomUUID().slice(0, 8)}.`,
  });
});
afterEach(async () => {
  await bus.close();
  await sri.stop();
  await t.drop();
});

it('authorizes one factura per paid purchase, numbers contiguous, through an SRI outage', async () => {
  const env = { ...sri.env, INVOICE_SECRET_KEY: randomUUID(), DATA_DIR: '/nonexistent' };
  await raffleWithNumbers(t.db, 1_000);
  await saveInvoicingSettings(t.db, TEST_INVOICING);
  await saveCertificate(
    t.db,
    { fileName: 'firma.p12', p12: makeTestP12(), password: 'clave-de-prueba' },
    resolveInvoiceKey(env),
  );
  const announced: BusMessage[] = [];
  await bus.subscribe({
    groupId: 'test-listener',
    topics: [TOPICS['invoice.authorized']],
    handler: async (m) => void announced.push(m),
  });
  const log = createLogger('silent', 'invoices-kafka-test');
  const worker = await startInvoicesWorker({ db: t.db, bus, log, env } as unknown as CoreDeps);
  try {
    sri.setDown(true);
    const ids = await Promise.all([1, 2, 3, 4].map(() => insertPurchase(t.db, { quantity: 2 })));
    await bus.publish([
      ...ids.map((id) => purchasePaidMessage(id, 2)),
      purchasePaidMessage(ids[0]!, 2),
    ]);
    await waitFor(
      async () => (await invoices(t.db).countDocuments({ attempts: { $gt: 0 } })) === 4,
      {
        timeoutMs: 45_000,
        message: 'four facturas tried while the SRI is down',
      },
    );
    expect(sri.documents.size).toBe(0);
    sri.setDown(false);

    await waitFor(() => new Set(announced.map((m) => m.key)).size === 4, {
      timeoutMs: 45_000,
      message: 'four invoice.authorized',
    });
    const docs = await invoices(t.db).find().toArray();
    expect(docs).toHaveLength(4);
    expect(docs.every((d) => d.status === 'autorizada')).toBe(true);
    expect(docs.map((d) => d.number).sort()).toEqual([1, 2, 3, 4]);
    expect([...sri.documents.values()].every((d) => d.sends === 1)).toBe(true);
    const events = announced.map((m) => invoiceAuthorizedEventSchema.parse(m.value).data);
    expect(new Set(events.map((e) => e.purchaseId))).toEqual(new Set(ids));
    expect(events.every((e) => e.kind === 'factura')).toBe(true);
  } finally {
    await worker.stop();
  }
});
