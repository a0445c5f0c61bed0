// `npx tsx loadtests/bank-import-bench.ts`: importing a bank statement of 20 000 lines that
// pays 15 000 open bank-transfer orders (core/src/bank-statements/import.ts, in process,
// with the outbox relay running as in the api), then the same file again (every line a
// duplicate). What it times: reading and checking the whole file, writing its lines, and
// confirming each order (its transition with its `purchase.paid` event, the audit entry,
// the line's outcome). The numbers and messages that follow are the sellout pipeline's.
// Then, with the workers running in process as in `npm start`, how long the confirmed
// orders take to get their numbers and their e-mail and SMS, and the sellout audit on the
// result. Flags: --url=mongodb://127.0.0.1:27217/ (a running store; default
// VAG_TEST_MONGODB_URL), --lines=20000, --orders=15000, --import-only (no workers: the
// import alone, then the same file again, without following the pipeline).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { IMPORT_KEY_ACTOR } from '@vag/contracts';
import { InProcessBus } from '@vag/core/bus/in-process-bus';
import type { CoreDeps } from '@vag/core/deps';
import { withCoreServices } from '@vag/core/services';
import { parseEnv } from '@vag/core/env';
import { createLogger } from '@vag/core/logger';
import { ensureIndexes } from '@vag/core/db/indexes';
import { defaultSettings, replaceSettings } from '@vag/core/db/settings';
import { raffleWithNumbers } from '@vag/core/testing/raffle-fixtures';
import { CURRENT_RAFFLE_ID } from '@vag/core/db/raffle-numbers';
import { newOrderCode } from '@vag/core/purchase-lifecycle/order-code';
import { importStatement } from '@vag/core/bank-statements/import';
import { startOutboxRelay } from '@vag/core/pipeline/relay';
import { auditRaffle } from '@vag/core/audit/invariants';
import { waitFor } from '@vag/core/testing/wait';
import { startWorkers } from '@vag/workers';

function flag(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

const URL_BASE = flag('url', process.env.VAG_TEST_MONGODB_URL ?? 'mongodb://127.0.0.1:27217/');
const LINES = Number(flag('lines', '20000'));
const ORDERS = Number(flag('orders', '15000'));
const PRICE = 1.5;
const IMPORT_ONLY = process.argv.includes('--import-only');

async function main(): Promise<void> {
  const name = `bankbench_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const client = new MongoClient(URL_BASE.replace(/\/?$/, '/') + name, { retryWrites: false });
  await client.connect();
  const db = client.db();
  const bus = new InProcessBus();
  // Messages go to the outbox log (no SMTP, no Twilio), in a directory of the bench's own.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bank-bench-'));
  const env = parseEnv({ DATA_DIR: dataDir });
  const deps: CoreDeps = withCoreServices({
    env,
    db,
    bus,
    log: createLogger('silent', 'bank-bench'),
  });
  try {
    await ensureIndexes(db);
    await replaceSettings(db, {
      ...defaultSettings(),
      bankAccounts: [
        {
          bank: 'Banco Pichincha',
          type: 'Ahorros',
          number: '2201234567',
          holder: 'Voy a Ganar S.A.',
          holderId: '1710034065',
        },
      ],
    });
    // The relay runs before the orders exist, as in the api: its start-up scan is done.
    const relay = await startOutboxRelay(deps);
    const workers = IMPORT_ONLY ? null : await startWorkers(deps);
    const codes = await openOrders(deps, ORDERS);
    const file = statement(codes, LINES);
    console.log(
      `statement: ${LINES} lines, ${(file.length / 1024 / 1024).toFixed(1)} MB; open orders: ${ORDERS}`,
    );

    const steps: Record<string, number> = {};
    const first = await timed(() =>
      importStatement(
        deps,
        { data: file, fileName: 'bench.csv', bankAccount: 0, mapping: null, by: 'import-key' },
        { timings: steps },
      ),
    );
    const paid = await db.collection('purchases').countDocuments({ status: 'COMPLETED' });
    const audited = await db
      .collection('audit_log')
      .countDocuments({ action: 'payment.confirmed' });
    console.log(
      `first import: ${first.seconds.toFixed(2)} s — ${first.value.confirmed} confirmed, ${first.value.needsReview} to review, ${first.value.debits} debits (${Math.round(LINES / first.seconds)} lines/s, ${Math.round(first.value.confirmed / first.seconds)} confirmations/s); orders COMPLETED: ${paid}, audit entries: ${audited}; steps (ms): ${JSON.stringify(steps)}`,
    );
    if (!IMPORT_ONLY) await followThePipeline(deps, first.seconds);
    const again = await timed(() =>
      importStatement(deps, {
        data: file,
        fileName: 'bench.csv',
        bankAccount: 0,
        mapping: null,
        by: 'import-key',
      }),
    );
    console.log(
      `same file again: ${again.seconds.toFixed(2)} s — ${again.value.duplicates} duplicates, ${again.value.confirmed} confirmed (by ${IMPORT_KEY_ACTOR})`,
    );
    await workers?.stop();
    await relay.stop();
    if (first.value.confirmed !== ORDERS || paid !== ORDERS || again.value.confirmed !== 0)
      throw new Error('the import did not confirm each order exactly once');
  } finally {
    await bus.close();
    await db.dropDatabase().catch(() => undefined);
    await client.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * From the import's end: until every confirmed order has its number, then its e-mail and
 * SMS (the audit's "notify" invariant), then the sellout audit on the raffle.
 */
async function followThePipeline(deps: CoreDeps, importSeconds: number): Promise<void> {
  const purchases = deps.db.collection('purchases');
  const started = performance.now();
  const since = () => (performance.now() - started) / 1000;
  const wait = (filter: object, what: string) =>
    waitFor(async () => (await purchases.countDocuments(filter)) >= ORDERS, {
      timeoutMs: 15 * 60_000,
      intervalMs: 500,
      message: what,
    });
  await wait({ status: 'COMPLETED', 'assignedNumbers.0': { $exists: true } }, 'numbers assigned');
  const numbered = since();
  await wait(
    {
      status: 'COMPLETED',
      'notifications.email.status': { $in: ['sent', 'logged'] },
      'notifications.sms.status': { $in: ['sent', 'logged'] },
    },
    'e-mails and SMS',
  );
  const notified = since();
  const audit = await auditRaffle(deps.db, { raffleId: CURRENT_RAFFLE_ID });
  const failed = audit.results.filter((r) => !r.ok).map((r) => r.id);
  const total = importSeconds + notified;
  console.log(
    `pipeline after the import: numbers for all ${ORDERS} in ${numbered.toFixed(1)} s more, e-mails and SMS in ${notified.toFixed(1)} s more (${Math.round(ORDERS / total)} paid purchases/s from the import's start to the last message); audit: ${audit.ok ? 'PASS' : `FAIL ${failed.join(', ')}`}`,
  );
  if (!audit.ok) throw new Error('the sellout audit failed after the import');
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const value = await run();
  return { value, seconds: (performance.now() - started) / 1000 };
}

/** `count` pending bank-transfer orders of one number each, their capacity reserved; their codes. */
async function openOrders(deps: CoreDeps, count: number): Promise<string[]> {
  await raffleWithNumbers(deps.db, count * 2);
  const now = new Date();
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newOrderCode());
  const docs = [...codes].map((orderCode, i) => ({
    _id: randomUUID(),
    raffleId: CURRENT_RAFFLE_ID,
    createdAt: now,
    updatedAt: now,
    buyer: {
      firstName: 'Ana',
      lastName: 'Pérez',
      email: `comprador${i}@example.com`,
      phone: '0991234567',
      country: 'ECUADOR',
      address: 'Av. Amazonas 123',
      city: 'Quito',
      province: 'Pichincha',
      document: '1710034065',
    },
    resellerCode: null,
    quantity: 1,
    unitPrice: PRICE,
    totalPrice: PRICE,
    paymentMethod: 'bank_transfer',
    status: 'PENDING',
    packageId: null,
    packageData: { name: 'Personalizado', quantity: 1, price: PRICE },
    packageType: 'custom',
    reservation: { active: true, expiresAt: new Date(now.getTime() + 3_600_000) },
    assignedNumbers: [],
    outbox: {},
    orderCode,
  }));
  for (let i = 0; i < docs.length; i += 1000)
    await deps.db.collection<{ _id: string }>('purchases').insertMany(docs.slice(i, i + 1000));
  await deps.db
    .collection<{ _id: string }>('raffles')
    .updateOne({ _id: CURRENT_RAFFLE_ID }, { $inc: { available: -count, reserved: count } });
  return [...codes];
}

/** A semicolon, decimal-comma statement: a credit per order (in shuffled order), other credits and debits. */
function statement(codes: string[], lines: number): Buffer {
  const rows = [
    'BANCO DE EJEMPLO',
    'Cuenta 2201234567',
    '',
    'Fecha;Concepto;Documento;Monto;Saldo',
  ];
  const shuffled = [...codes].sort(() => Math.random() - 0.5);
  for (let i = 0; i < lines; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const code = shuffled[i];
    if (code) rows.push(`${day}/11/2026;TRANSFERENCIA DE CLIENTE ${i} ${code};${100000 + i};1,50;`);
    else if (i % 3 === 0)
      rows.push(`${day}/11/2026;DEPOSITO EN EFECTIVO ${i};${100000 + i};25,00;`);
    else rows.push(`${day}/11/2026;PAGO PROVEEDOR ${i};${100000 + i};-12,40;`);
  }
  return Buffer.from(rows.join('\r\n') + '\r\n', 'utf8');
}

await main();
