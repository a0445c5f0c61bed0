// Runs the fault schedule against the cluster while k6 buyers keep coming, and measures
// each fault: when it started and ended, when create-order answered again (a probe
// order every 250 ms from the moment the fault hit), when the pipeline had caught up
// (every purchase paid before the fault ended holds its numbers, and for SMTP its
// e-mail), and for a killed worker when its partitions had a live owner again.
import { customOrder } from '@vag/api/payments/test-fixtures';
import type { PaymentMethod } from '@vag/contracts';
import type { Cluster } from './cluster';
import { numbersGroup, stableGroup, type Member } from './group';
import type { FaultDurations, FaultKind, PlannedFault } from './schedule';

export interface FaultRecord {
  kind: FaultKind;
  worker?: number;
  /** Epoch ms: the fault hit (process killed, service stopping, provider failing). */
  startedAt: number;
  /** Epoch ms: the fault was over (process restarted and healthy, service back). */
  endedAt: number;
  /** From the hit until create-order answered (201 or the sold-out 409) again; null: never. */
  createOrderMs: number | null;
  /** From the end of the fault until the pipeline had caught up; null: not within the bound. */
  pipelineMs: number | null;
  /** worker-kill: from the kill until the dead member's partitions had a live owner. */
  partitionsMs?: number | null;
  /** Filled from k6's requests afterwards: requests in [startedAt, recovered]. */
  requests?: number;
  failedRequests?: number;
  failedByName?: Record<string, number>;
  /** What the create-order probes got back, by status (0: no answer). */
  probeAnswers: Record<string, number>;
  /** Probe orders the api accepted (they must end expired like any unpaid order). */
  probeOrders: Array<{ purchaseId: string; quantity: number }>;
}

export interface FaultRunOptions {
  cluster: Cluster;
  durations: FaultDurations;
  pricePerNumber: number;
  /** Longest wait for any one recovery. */
  recoveryBoundMs: number;
  log(line: string): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runFaults(
  plan: PlannedFault[],
  options: FaultRunOptions,
): Promise<FaultRecord[]> {
  const records: FaultRecord[] = [];
  for (const fault of plan) {
    await sleep(fault.pauseMs);
    const record = await runFault(fault, options);
    records.push(record);
    options.log(describeRecord(record));
  }
  return records;
}

async function runFault(fault: PlannedFault, options: FaultRunOptions): Promise<FaultRecord> {
  const { cluster, durations } = options;
  const probeOrders: FaultRecord['probeOrders'] = [];
  const probeAnswers: FaultRecord['probeAnswers'] = {};
  let inject: () => Promise<void>;
  let heal: () => Promise<void>;
  let method: PaymentMethod = 'bank_transfer';
  switch (fault.kind) {
    case 'api-kill':
      inject = () => cluster.killApi();
      heal = () => cluster.startApi();
      break;
    case 'worker-kill':
      inject = () => cluster.killWorker(fault.worker ?? 0);
      heal = async () => cluster.startWorker(fault.worker ?? 0);
      break;
    case 'kafka-restart':
      inject = () => cluster.stopKafka();
      heal = () => cluster.startKafka();
      break;
    case 'store-restart':
      inject = () => cluster.stopStore();
      heal = () => cluster.startStore();
      break;
    case 'payment-fault':
      method = 'paypal';
      inject = async () => cluster.fakes.paypal.setFault('error');
      heal = async () => {
        await sleep(durations.paymentErrorMs);
        cluster.fakes.paypal.setFault('timeout');
        await sleep(durations.paymentTimeoutMs);
        cluster.fakes.paypal.setFault('none');
      };
      break;
    case 'smtp-down':
      inject = async () => cluster.fakes.smtp.setDown(true);
      heal = async () => {
        await sleep(durations.smtpDownMs);
        cluster.fakes.smtp.setDown(false);
      };
      break;
  }

  options.log(`fault ${fault.kind}${fault.worker === undefined ? '' : ` ${fault.worker}`} …`);
  // The worker's group members before the kill, to see the dead one leave.
  const membersBefore = fault.kind === 'worker-kill' ? await stableGroup(cluster.brokers) : null;
  const startedAt = Date.now();
  await inject();
  const bound = startedAt + options.recoveryBoundMs;
  const createOrder = probeCreateOrder(
    cluster.url,
    method,
    options.pricePerNumber,
    bound,
    probeAnswers,
    (o) => probeOrders.push(o),
  );
  const partitions =
    membersBefore === null
      ? Promise.resolve(undefined)
      : waitForRebalance(cluster.brokers, membersBefore, bound);
  await heal();
  const endedAt = Date.now();
  const [createOrderAt, partitionsAt, caughtUpAt] = await Promise.all([
    createOrder,
    partitions,
    waitForPipeline(
      cluster,
      endedAt,
      fault.kind === 'smtp-down',
      endedAt + options.recoveryBoundMs,
    ),
  ]);
  return {
    kind: fault.kind,
    ...(fault.worker === undefined ? {} : { worker: fault.worker }),
    startedAt,
    endedAt,
    createOrderMs: createOrderAt === null ? null : createOrderAt - startedAt,
    pipelineMs: caughtUpAt === null ? null : caughtUpAt - endedAt,
    ...(partitionsAt === undefined
      ? {}
      : { partitionsMs: partitionsAt === null ? null : partitionsAt - startedAt }),
    probeAnswers,
    probeOrders,
  };
}

/**
 * One small order after another until the api answers create-order as it should: 201
 * (the order is kept, to be checked like the buyers' ones) or 409 once sold out.
 * Resolves with the moment of that answer, or null past the bound.
 */
async function probeCreateOrder(
  url: string,
  method: PaymentMethod,
  pricePerNumber: number,
  bound: number,
  answers: Record<string, number>,
  accepted: (order: { purchaseId: string; quantity: number }) => void,
): Promise<number | null> {
  while (Date.now() < bound) {
    try {
      const res = await fetch(`${url}/api/payments/create-order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(customOrder(method, 1, pricePerNumber)),
        signal: AbortSignal.timeout(20_000),
      });
      const body = (await res.json().catch(() => ({}))) as { purchaseId?: string; msg?: string };
      const answer = res.status === 409 ? `409 ${body.msg ?? ''}` : String(res.status);
      answers[answer] = (answers[answer] ?? 0) + 1;
      if (res.status === 201 && body.purchaseId)
        accepted({ purchaseId: body.purchaseId, quantity: 1 });
      if (res.status === 201 || res.status === 409) return Date.now();
    } catch {
      // refused or timed out: the api is not back yet
      answers[0] = (answers[0] ?? 0) + 1;
    }
    await sleep(250);
  }
  return null;
}

/** Until every purchase paid before `until` holds its numbers (and its e-mail when asked). */
async function waitForPipeline(
  cluster: Cluster,
  until: number,
  email: boolean,
  bound: number,
): Promise<number | null> {
  const behind = {
    status: 'COMPLETED',
    paidAt: { $lte: new Date(until) },
    $or: [
      { numbersAssignedAt: { $exists: false } },
      ...(email ? [{ 'notifications.email.status': { $nin: ['sent', 'logged'] } }] : []),
    ],
  };
  while (Date.now() < bound) {
    try {
      if ((await cluster.db.collection('purchases').countDocuments(behind)) === 0)
        return Date.now();
    } catch {
      // the store is coming back
    }
    await sleep(500);
  }
  return null;
}

/** Until the group is stable without one of the members before and every partition owned. */
async function waitForRebalance(
  brokers: string[],
  before: Member[],
  bound: number,
): Promise<number | null> {
  const total = before.reduce((sum, m) => sum + m.partitions, 0);
  const old = new Set(before.map((m) => m.id));
  while (Date.now() < bound) {
    const now = await numbersGroup(brokers).catch(() => null);
    if (
      now &&
      now.filter((m) => old.has(m.id)).length < old.size &&
      now.reduce((sum, m) => sum + m.partitions, 0) === total
    )
      return Date.now();
    await sleep(250);
  }
  return null;
}

const seconds = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? 'not within the bound' : `${(ms / 1000).toFixed(1)} s`;

export function describeRecord(r: FaultRecord): string {
  const parts = [
    `fault ${r.kind}${r.worker === undefined ? '' : ` ${r.worker}`}: lasted ${seconds(r.endedAt - r.startedAt)}`,
    `create-order answered ${seconds(r.createOrderMs)} after the hit`,
    `pipeline caught up ${seconds(r.pipelineMs)} after the end`,
  ];
  parts.push(`probe answers ${JSON.stringify(r.probeAnswers)}`);
  if (r.partitionsMs !== undefined)
    parts.push(`partitions owned again after ${seconds(r.partitionsMs)}`);
  return parts.join('; ');
}
