// Invoices processes of their own (workers/src/main.ts invoices) on a real Kafka group and
// store, with the fake SRI: what the tests that kill or freeze one mid-work share. The
// raffle, the invoicing settings and the certificate are in place; `sell` publishes paid
// purchases of one number each for the processes to invoice.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from 'mongodb';
import { KafkaBus } from '@vag/core/bus/kafka-bus';
import { resolveInvoiceKey } from '@vag/core/invoices/secret-box';
import { saveCertificate, saveInvoicingSettings } from '@vag/core/invoices/settings';
import { startFakeSri, type FakeSri } from '@vag/core/testing/fakes/sri';
import { TEST_INVOICING } from '@vag/core/testing/invoice-fixtures';
import {
  insertPurchase,
  purchasePaidMessage,
  raffleWithNumbers,
} from '@vag/core/testing/raffle-fixtures';
import { makeTestP12 } from '@vag/core/testing/test-certificate';
import { createTestDatabase } from '@vag/core/testing/test-db';
import { spawnService, type ServiceProcess } from '../../../infra/lib/process';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface InvoicesRig {
  db: Db;
  sri: FakeSri;
  /** Starts one more invoices process in the group; its log is `<label>.log`. */
  start(label: string): ServiceProcess;
  /** `count` paid purchases of one number each, their events published; answers their ids. */
  sell(count: number): Promise<string[]>;
  /** Wakes and stops every process, then drops the store, the topics' bus and the files. */
  stop(): Promise<void>;
}

export async function startInvoicesRig({
  name,
  partitions,
}: {
  name: string;
  partitions: number;
}): Promise<InvoicesRig> {
  const brokers = process.env.VAG_TEST_KAFKA_BROKERS;
  if (!brokers) throw new Error('VAG_TEST_KAFKA_BROKERS is not set: run tests through `npm test`');
  const t = await createTestDatabase();
  const sri = await startFakeSri();
  const namespace = `k${randomUUID().slice(0, 8)}.`;
  const bus = new KafkaBus({
    brokers: brokers.split(','),
    clientId: `${name}-${randomUUID().slice(0, 8)}`,
    partitions,
    namespace,
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), `vag-${name}-`));
  const env = {
    ...sri.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    MONGODB_URL: t.url,
    KAFKA_BROKERS: brokers,
    KAFKA_NAMESPACE: namespace,
    INVOICE_SECRET_KEY: randomUUID(),
    DATA_DIR: dataDir,
  };
  await raffleWithNumbers(t.db, 1_000);
  await saveInvoicingSettings(t.db, TEST_INVOICING);
  await saveCertificate(
    t.db,
    { fileName: 'firma.p12', p12: makeTestP12(), password: 'clave-de-prueba' },
    resolveInvoiceKey(env),
  );
  const processes: ServiceProcess[] = [];

  return {
    db: t.db,
    sri,
    start(label) {
      const child = spawnService(
        process.execPath,
        ['--import', 'tsx', path.join(repoRoot, 'workers/src/main.ts'), 'invoices'],
        { cwd: repoRoot, logFile: path.join(dataDir, `${label}.log`), env },
      );
      processes.push(child);
      return child;
    },
    async sell(count) {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push(await insertPurchase(t.db, { quantity: 1 }));
      await bus.publish(ids.map((id) => purchasePaidMessage(id, 1)));
      return ids;
    },
    async stop() {
      // A frozen process would never hear its stop.
      for (const p of processes) p.child.kill('SIGCONT');
      await Promise.all(processes.map((p) => p.stop(5_000)));
      await bus.close();
      await sri.stop();
      await t.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
