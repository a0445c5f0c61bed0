// The statement import under a fault: open bank-transfer orders in the scaled layout
// (api with WORKERS=none, two workers processes, Kafka, FerretDB), the bank's statement
// naming every one of them imported by staff, the api SIGKILLed while it confirms them,
// restarted, and the same file imported again. The verdict: every order paid exactly
// once (one confirming line, one "conciliación automática" audit entry, its numbers once,
// its e-mail and SMS once) and the raffle's audit in full.
import { UI, type ColumnMapping, type StatementImportResponse } from '@vag/contracts';
import type { Db } from 'mongodb';
import { auditRaffle, type AuditReport, type InvariantResult } from '../audit';
import { SMALL_PACKAGES } from '../harness/raffle-setup';
import { pipelineState, settled, type PipelineState } from '../harness/settle';
import { checkMessagesOnce, readPurchases } from './checks';
import { startCluster, type Cluster } from './cluster';

export interface BankImportChaosOptions {
  /**
   * Open orders the statement pays (1–4 numbers each): more than one chunk of the
   * import's bulk confirmations (500 lines), so the kill can fall between two.
   */
  orders: number;
  /** Longest wait for the pipeline after the second import. */
  settleMs: number;
  log(line: string): void;
}

export interface OpenOrder {
  purchaseId: string;
  orderCode: string;
  quantity: number;
  total: number;
}

export interface BankImportChaosResult {
  orders: number;
  /** Orders the first import had confirmed when the api died (0 < n < orders: mid-import). */
  paidAtKill: number;
  /** Whether the first import's answer came back (it must not: the api died under it). */
  firstAnswered: boolean;
  second: StatementImportResponse;
  secondImportSeconds: number;
  settled: boolean;
  pipeline: PipelineState | null;
  audit: AuditReport;
  checks: InvariantResult[];
  ok: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CREATE_CONCURRENCY = 8;
const FILE_NAME = 'estado-noche-de-venta.csv';

/** This bank's export: one header row, semicolons, day first, decimal comma. */
export const STATEMENT_MAPPING: ColumnMapping = {
  headerRow: 0,
  date: 0,
  description: 1,
  reference: 2,
  amount: 3,
  credit: null,
  debit: null,
  dateFormat: 'DD/MM/YYYY',
  decimalSeparator: ',',
};

/** One client address per buyer, as each buyer connects from their own. */
const addressFor = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function createOrder(url: string, serial: number): Promise<OpenOrder> {
  const quantity = 1 + (serial % 4);
  const email = `banco.${serial}@correo.ec`;
  const res = await fetch(`${url}/api/payments/create-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': addressFor(serial + 1) },
    body: JSON.stringify({
      amount: quantity,
      quantity,
      unitPrice: 1,
      totalPrice: quantity,
      packageId: null,
      resellerCode: null,
      paymentMethod: 'bank_transfer',
      packageData: { name: UI.customPackageName, quantity, price: quantity },
      buyer: {
        firstName: 'Carmen',
        lastName: 'Zambrano',
        email,
        confirmEmail: email,
        phone: `09${String(10_000_000 + serial).slice(-8)}`,
        country: 'ECUADOR',
        province: 'Manabí',
        city: 'Portoviejo',
        address: 'Calle Olmedo 12',
        document: '',
        acceptedTerms: true,
        paymentProvider: 'bank_transfer',
      },
    }),
  });
  if (!res.ok)
    throw new Error(`create-order ${serial} answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { purchaseId: string; orderCode: string };
  return { purchaseId: body.purchaseId, orderCode: body.orderCode, quantity, total: quantity };
}

export async function openOrders(url: string, count: number): Promise<OpenOrder[]> {
  const orders: OpenOrder[] = [];
  for (let start = 0; start < count; start += CREATE_CONCURRENCY) {
    const batch = Array.from({ length: Math.min(CREATE_CONCURRENCY, count - start) }, (_, i) =>
      createOrder(url, start + i),
    );
    orders.push(...(await Promise.all(batch)));
  }
  return orders;
}

/** The statement of the sale evening: each order's transfer with its code as the concept. */
export function statementFile(orders: OpenOrder[], day = new Date()): Buffer {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${pad(day.getDate())}/${pad(day.getMonth() + 1)}/${day.getFullYear()}`;
  const rows = orders.map(
    (o, i) =>
      `${date};TRANSFERENCIA RECIBIDA ${o.orderCode};${String(900_000 + i)};${o.total.toFixed(2).replace('.', ',')}`,
  );
  return Buffer.from(['Fecha;Concepto;Referencia;Monto', ...rows].join('\r\n'), 'utf8');
}

function importRequest(cluster: Cluster, file: Buffer): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'text/csv' }), FILE_NAME);
  form.append('bankAccount', '0');
  form.append('mapping', JSON.stringify(STATEMENT_MAPPING));
  return fetch(`${cluster.url}/api/admin/bank-statements`, {
    method: 'POST',
    headers: { authorization: `Bearer ${cluster.adminToken}` },
    body: form,
  });
}

/** Every purchase of the cluster is one of the statement's orders. */
const paidCount = (db: Db) => db.collection('purchases').countDocuments({ status: 'COMPLETED' });

/**
 * Starts the import and SIGKILLs the api once it has confirmed some orders and not all:
 * how many it had confirmed, and whether its answer came back first (a missed kill).
 */
async function importAndKill(
  cluster: Cluster,
  orders: OpenOrder[],
  file: Buffer,
): Promise<{ paidAtKill: number; answered: boolean }> {
  let answered = false;
  const first = importRequest(cluster, file)
    .then((res) => {
      answered = res.ok;
    })
    .catch(() => undefined);
  const deadline = Date.now() + 60_000;
  while (!answered && Date.now() < deadline) {
    if ((await paidCount(cluster.db)) > 0) break;
    await sleep(10);
  }
  await cluster.killApi();
  await first;
  return { paidAtKill: await paidCount(cluster.db), answered };
}

/** B1: each order paid once, by one line, audited once, with exactly its numbers. */
async function checkPaidOnce(
  db: Db,
  orders: OpenOrder[],
  purchases: Awaited<ReturnType<typeof readPurchases>>,
): Promise<InvariantResult> {
  const problems: string[] = [];
  const ids = orders.map((o) => o.purchaseId);
  const lines = await db
    .collection<{ purchaseId: string | null; status: string }>('bank_statement_lines')
    .find({ purchaseId: { $in: ids } })
    .toArray();
  const audits = await db
    .collection<{ purchaseId: string | null; description: string }>('audit_log')
    .find({ purchaseId: { $in: ids }, action: 'payment.confirmed' })
    .toArray();
  const by = <T extends { purchaseId: string | null }>(rows: T[], id: string) =>
    rows.filter((r) => r.purchaseId === id);
  for (const order of orders) {
    const p = purchases.get(order.purchaseId);
    const own = by(lines, order.purchaseId);
    const confirming = own.filter((l) => l.status === 'confirmed');
    const confusing = own.filter((l) => l.status === 'needs_review');
    const audited = by(audits, order.purchaseId).filter((a) =>
      a.description.includes('conciliación automática'),
    );
    const what = `${order.orderCode} (${order.purchaseId})`;
    if (p?.status !== 'COMPLETED') problems.push(`${what} is ${p?.status ?? 'missing'}`);
    if ((p?.assignedNumbers?.length ?? 0) !== order.quantity)
      problems.push(`${what} has ${p?.assignedNumbers?.length ?? 0} of ${order.quantity} numbers`);
    if (confirming.length !== 1) problems.push(`${what} has ${confirming.length} confirming lines`);
    if (confusing.length > 0)
      problems.push(`${what} has ${confusing.length} line(s) left for review after the re-import`);
    if (audited.length !== 1)
      problems.push(`${what} has ${audited.length} "conciliación automática" audit entries`);
  }
  return {
    id: 'B1',
    title: 'each order of the statement paid exactly once (line, audit entry, numbers)',
    ok: problems.length === 0,
    details: problems.slice(0, 20),
  };
}

async function waitForPipeline(db: Db, orders: number, settleMs: number) {
  let state: PipelineState | null = null;
  const deadline = Date.now() + settleMs;
  while (Date.now() < deadline) {
    state = await pipelineState(db).catch(() => state);
    if (state && state.completed >= orders && state.notified >= orders && settled(state))
      return { done: true, state };
    await sleep(1_000);
  }
  return { done: false, state };
}

export async function runBankImportChaos(
  options: BankImportChaosOptions,
): Promise<BankImportChaosResult> {
  const { log } = options;
  const cluster = await startCluster({
    sale: { totalNumbers: options.orders * 4 + 100, pricePerNumber: 1, packages: SMALL_PACKAGES },
    messageDelayMs: 0,
    // The holds outlast the run: every order is open when its transfer is imported.
    reservationSeconds: 3_600,
  });
  try {
    log(`bank import chaos: api ${cluster.url}; ${options.orders} open transfer orders`);
    const orders = await openOrders(cluster.url, options.orders);
    const file = statementFile(orders);
    const { paidAtKill, answered } = await importAndKill(cluster, orders, file);
    log(`bank import chaos: api killed with ${paidAtKill} of ${orders.length} orders confirmed`);
    await cluster.startApi();

    const started = Date.now();
    const res = await importRequest(cluster, file);
    const secondImportSeconds = (Date.now() - started) / 1000;
    if (!res.ok) throw new Error(`the second import answered ${res.status}: ${await res.text()}`);
    const second = (await res.json()) as StatementImportResponse;
    log(`bank import chaos: second import in ${secondImportSeconds.toFixed(1)} s: ${second.msg}`);

    const { done, state } = await waitForPipeline(cluster.db, orders.length, options.settleMs);
    const purchases = await readPurchases(cluster.db);
    const audit = await auditRaffle(cluster.db, { pendingGraceMs: 0 });
    const checks = [
      await checkPaidOnce(cluster.db, orders, purchases),
      checkMessagesOnce(purchases, cluster.fakes, []),
    ];
    const midImport = !answered && paidAtKill > 0 && paidAtKill < orders.length;
    return {
      orders: orders.length,
      paidAtKill,
      firstAnswered: answered,
      second,
      secondImportSeconds,
      settled: done,
      pipeline: state,
      audit,
      checks,
      ok: midImport && done && audit.ok && checks.every((c) => c.ok),
    };
  } finally {
    await cluster.stop();
  }
}

/** The verdict in a few lines, for the log. */
export function formatBankImportChaos(r: BankImportChaosResult): string {
  return [
    `bank import chaos: ${r.ok ? 'PASS' : 'FAIL'}`,
    `  ${r.orders} orders; api killed with ${r.paidAtKill} confirmed${r.firstAnswered ? ' (the first import answered before the kill: missed)' : ''}`,
    `  second import: ${r.secondImportSeconds.toFixed(1)} s, ${r.second.confirmed} confirmed, ${r.second.duplicates} already imported, ${r.second.needsReview} to review`,
    `  pipeline settled: ${r.settled} ${JSON.stringify(r.pipeline)}`,
    `  audit: ${r.audit.ok ? 'ok' : 'FAILED'}`,
    ...r.checks.map(
      (c) =>
        `  ${c.id} ${c.ok ? 'ok' : 'FAILED'}: ${c.title}${c.ok ? '' : `\n    ${c.details.join('\n    ')}`}`,
    ),
  ].join('\n');
}
