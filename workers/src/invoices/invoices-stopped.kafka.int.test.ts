// An invoices process frozen (SIGSTOP, as a paused VM or a stalled host freezes it) in the
// middle of a block: it has claimed secuenciales for its documents and not yet written them
// on those documents. A second process in the group takes the sale's events over, copies the
// frozen one's claims onto their documents and numbers the rest; the frozen process then
// wakes (SIGCONT) with its stale block and its documents in hand, and repeats nothing. Every
// paid purchase ends with one authorized factura, the secuenciales 1..n with none skipped or
// given twice, each access key once at the SRI (DESIGN Invoicing throughput).
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
const PURCHASES = 120;
/** Times the first process may be frozen outside a block before the test gives up. */
const FREEZE_TRIES = 40;

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
  // Twelve partitions, as production's topics: the process numbers twelve events at once.
  bus = new KafkaBus({
    brokers: brokers.split(','),
    clientId: `invoices-stopped-${randomUUID().slice(0, 8)}`,
    partitions: 12,
    namespace,
  });
  dataDir = mkdtempSync(path.join(tmpdir(), 'vag-invoices-stopped-'));
});

afterEach(async () => {
  for (const p of processes) p.child.kill('SIGCONT');
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

/** Claims whose document does not carry their number yet: a block claimed, not yet written. */
async function uncopiedClaims(): Promise<number> {
  const [claims, unnumbered] = await Promise.all([
    t.db.collection<{ invoiceId: string }>('invoice_sequences').find().toArray(),
    invoices(t.db)
      .find({ number: 0 }, { projection: { _id: 1 } })
      .toArray(),
  ]);
  const waiting = new Set(unnumbered.map((d) => d._id));
  return claims.filter((c) => waiting.has(c.invoiceId)).length;
}

it('a process frozen mid-block, its events taken over and then woken, leaves no secuencial skipped or repeated', async () => {
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

  // The first process numbers the sale's facturas; it is frozen the moment a block of its
  // claims is in the store and not yet on its documents (woken and frozen again until so).
  const first = startInvoicesProcess('first', env);
  let frozenWith = 0;
  for (let i = 0; i < FREEZE_TRIES && frozenWith === 0; i++) {
    await waitFor(async () => (await uncopiedClaims()) > 0, {
      timeoutMs: 60_000,
      intervalMs: 2,
      message: `a block claimed by the first process\n${first.logTail()}`,
    });
    first.child.kill('SIGSTOP');
    frozenWith = await uncopiedClaims();
    if (frozenWith === 0) first.child.kill('SIGCONT');
  }
  expect(frozenWith, 'the first process frozen between claiming and writing').toBeGreaterThan(0);

  // A second process in the group: once the frozen one's session ends, it has every event.
  const second = startInvoicesProcess('second', env);
  await waitFor(
    async () => (await invoices(t.db).countDocuments({ status: 'autorizada' })) === PURCHASES,
    { timeoutMs: 150_000, message: `${PURCHASES} authorized facturas\n${second.logTail()}` },
  );

  // The frozen process wakes with its stale block and documents, and finishes what it held.
  first.child.kill('SIGCONT');
  await first.stop(30_000);

  const docs = await invoices(t.db).find().toArray();
  expect(docs).toHaveLength(PURCHASES);
  expect(docs.map((d) => d.number).sort((a, b) => a - b)).toEqual(
    Array.from({ length: PURCHASES }, (_, i) => i + 1),
  );
  expect(docs.every((d) => d.status === 'autorizada')).toBe(true);
  expect(new Set(docs.map((d) => d.purchaseId))).toEqual(new Set(ids));
  expect(sri.documents.size).toBe(PURCHASES);
  const check = (await auditRaffle(t.db)).results.find((r) => r.id === 'invoices');
  expect(check?.ok, check?.details.join('\n')).toBe(true);
}, 300_000);
