// The invoices worker as its own process (`npm run workers -- invoices`), killed with
// SIGKILL while its facturas are at the SRI: the SRI received them, the store still says
// pendiente. The restarted process sends them again, reads "CLAVE ACCESO REGISTRADA" as
// "already there", and asks for the authorization: every paid purchase ends with exactly
// one authorized factura, the secuenciales 1..n, and the SRI holds each access key once.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditRaffle } from '@vag/core/audit/invariants';
import { KafkaBus } from '@vag/core/bus/kafka-bus';
import { invoices } from '@vag/core/db/invoices';
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
import { createTestDatabase, type TestDatabase } from '@vag/core/testing/test-db';
import { waitFor } from '@vag/core/testing/wait';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { spawnService, type ServiceProcess } from '../../../infra/lib/process';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const PURCHASES = 6;

let t: TestDatabase;
let sri: FakeSri;
let bus: KafkaBus;
let dataDir: string;
let namespace: string;
const processes: ServiceProcess[] = [];

beforeEach(async () => {
  const brokers = process.env.VAG_TEST_KAFKA_BROKERS;
  if (!brokers) throw new Error('VAG_TEST_KAFKA_BROKERS is not set: run tests through `npm test`');
  t = await createTestDatabase();
  sri = await startFakeSri();
  namespace = `k${randomUUID().slice(0, 8)}.`;
  bus = new KafkaBus({
    brokers: brokers.split(','),
    clientId: `invoices-killed-${randomUUID().slice(0, 8)}`,
    partitions: 2,
    namespace,
  });
  dataDir = mkdtempSync(path.join(tmpdir(), 'vag-invoices-killed-'));
});

afterEach(async () => {
  await Promise.all(processes.map((p) => p.stop(5_000)));
  await bus.close();
  await sri.stop();
  await t.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

function startInvoicesProcess(label: string, env: Record<string, string>): ServiceProcess {
  const child = spawnService(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'workers/src/main.ts'), 'invoices'],
    { cwd: repoRoot, logFile: path.join(dataDir, `${label}.log`), env },
  );
  processes.push(child);
  return child;
}

it('a worker killed between sending and recording leaves no factura twice and no gap', async () => {
  const env = {
    ...sri.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    MONGODB_URL: t.url,
    KAFKA_BROKERS: process.env.VAG_TEST_KAFKA_BROKERS!,
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
  const ids: string[] = [];
  for (let i = 0; i < PURCHASES; i++) ids.push(await insertPurchase(t.db, { quantity: 1 }));
  await bus.publish(ids.map((id) => purchasePaidMessage(id, 1)));

  // The SRI takes its time to answer: the worker has sent, and waits.
  sri.setDelay(4_000);
  const first = startInvoicesProcess('first', env);
  await waitFor(() => sri.requests.some((r) => r.path.endsWith('/RecepcionComprobantesOffline')), {
    timeoutMs: 60_000,
    message: `a factura sent to the SRI\n${first.logTail()}`,
  });
  first.child.kill('SIGKILL');
  await first.exited;
  // The SRI finishes receiving what was sent; our store never heard the answer.
  await waitFor(() => sri.documents.size > 0, { timeoutMs: 15_000, message: 'SRI received' });
  const unrecorded = await invoices(t.db)
    .find({ status: 'pendiente', accessKey: { $in: [...sri.documents.keys()] } })
    .toArray();
  expect(unrecorded.length).toBeGreaterThan(0);

  sri.setDelay(0);
  const second = startInvoicesProcess('second', env);
  await waitFor(
    async () => (await invoices(t.db).countDocuments({ status: 'autorizada' })) === PURCHASES,
    { timeoutMs: 90_000, message: `${PURCHASES} authorized facturas\n${second.logTail()}` },
  );

  const docs = await invoices(t.db).find().toArray();
  expect(docs.map((d) => d.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  expect(new Set(docs.map((d) => d.purchaseId))).toEqual(new Set(ids));
  expect(sri.documents.size).toBe(PURCHASES);
  // The kill's victims were sent twice: the second answer was "clave registrada".
  for (const doc of unrecorded) expect(sri.documents.get(doc.accessKey)?.sends).toBe(2);
  const check = (await auditRaffle(t.db)).results.find((r) => r.id === 'invoices');
  expect(check?.ok, check?.details.join('\n')).toBe(true);
}, 180_000);
