// One chaos sellout, for `npm run chaos` and its short version in `npm test`: the scaled
// layout up, k6 buyers for as long as the fault schedule needs, the faults one after
// the other, then the wait for every unpaid order to expire and the pipeline to settle,
// and the verdict: the audit in full plus the checks of ./checks.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from 'mongodb';
import { auditRaffle, type AuditReport, type InvariantResult } from '../audit';
import { runK6, type K6Summary } from '../harness/k6';
import type { SaleSetup } from '../harness/raffle-setup';
import { pipelineState, settled, type PipelineState } from '../harness/settle';
import { checkAcceptedOrders, checkCaptures, checkMessagesOnce, readPurchases } from './checks';
import { startCluster, WORKER_PROCESSES, type Cluster } from './cluster';
import { runFaults, type FaultRecord } from './faults';
import { acceptedOrders, attributeRequests, readRequests } from './requests';
import { describePlan, planFaults, type FaultDurations, type PlannedFault } from './schedule';

export interface ChaosOptions {
  numbers: number;
  seed: number;
  /** Buyers arriving per second, for as long as the schedule is expected to last. */
  rate: number;
  packages: SaleSetup['packages'];
  /** Share of buyers choosing 1–20 numbers instead of a package. */
  customShare: number;
  /** Largest custom quantity (k6's CUSTOM_MAX). */
  customMax: number;
  paypalShare: number;
  durations: FaultDurations;
  pauseMs: [number, number];
  /** Longest wait for any one recovery. */
  recoveryBoundMs: number;
  /** Longest wait after the buyers for every order to end and the pipeline to settle. */
  settleMs: number;
  messageDelayMs: number;
  reservationSeconds: number;
  log(line: string): void;
}

export interface ChaosResult {
  numbers: number;
  seed: number;
  rate: number;
  plan: PlannedFault[];
  faults: FaultRecord[];
  k6: K6Summary | null;
  k6Code: number;
  requests: { total: number; failed: number };
  settled: boolean;
  pipeline: PipelineState | null;
  audit: AuditReport;
  checks: InvariantResult[];
  ok: boolean;
  seconds: number;
  loadAverage: { start: number; end: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What each kind of fault usually takes, to give the buyers enough time. */
function expectedMs(plan: PlannedFault[], d: FaultDurations): number {
  const own = {
    'api-kill': 20_000,
    'worker-kill': 25_000,
    'kafka-restart': 45_000,
    'store-restart': 15_000,
    'payment-fault': d.paymentErrorMs + d.paymentTimeoutMs + 15_000,
    'smtp-down': d.smtpDownMs + 15_000,
  };
  return plan.reduce((sum, f) => sum + f.pauseMs + own[f.kind], 0);
}

export async function runChaos(options: ChaosOptions): Promise<ChaosResult> {
  const started = Date.now();
  const loadAtStart = loadavg()[0] ?? 0;
  const { log } = options;
  const plan = planFaults({
    seed: options.seed,
    pauseMs: options.pauseMs,
    workers: WORKER_PROCESSES,
  });
  const saleSeconds = Math.ceil(expectedMs(plan, options.durations) / 1000);
  log(
    `chaos: N = ${options.numbers}, seed ${options.seed}, ${options.rate} buyers/s for ${saleSeconds} s; schedule:\n${describePlan(plan, options.durations)}`,
  );
  const out = mkdtempSync(path.join(tmpdir(), 'vag-chaos-k6-'));
  let cluster: Cluster | null = null;
  try {
    cluster = await startCluster({
      sale: { totalNumbers: options.numbers, pricePerNumber: 1, packages: options.packages },
      messageDelayMs: options.messageDelayMs,
      reservationSeconds: options.reservationSeconds,
    });
    log(
      `chaos: api ${cluster.url}, ${WORKER_PROCESSES} workers processes, Kafka ${cluster.brokers.join(',')}`,
    );
    const csv = path.join(out, 'requests.csv');
    const stopBuyers = new AbortController();
    const k6 = runK6(
      'sellout.js',
      {
        BASE_URL: cluster.url,
        STAFF_TOKEN: cluster.adminToken,
        PAYPAL_APPROVE_URL: cluster.approver.url,
        PROFILE: 'step',
        RATE: String(options.rate),
        DURATION: String(saleSeconds),
        MAX_VUS: String(Math.max(50, options.rate * 20)),
        PAYPAL_SHARE: String(options.paypalShare),
        CUSTOM_SHARE: String(options.customShare),
        CUSTOM_MAX: String(options.customMax),
        LOG_ORDERS: '1',
        // Faults make requests fail and wait by design: the verdict is the checks below.
        P95_MS: '120000',
        P99_MS: '120000',
      },
      path.join(out, 'summary.json'),
      {
        args: ['--out', `csv=${csv}`],
        env: { K6_CSV_TIME_FORMAT: 'unix_milli' },
        signal: stopBuyers.signal,
      },
    );
    await waitForFirstOrder(cluster);
    const faults = await runFaults(plan, {
      cluster,
      durations: options.durations,
      pricePerNumber: 1,
      recoveryBoundMs: options.recoveryBoundMs,
      log,
    });
    // Buyers keep coming a little longer after the last recovery, then k6 stops.
    log('chaos: schedule done; the buyers stop in 10 s');
    await sleep(10_000);
    stopBuyers.abort();
    const run = await k6;
    if (![0, 99, 105].includes(run.code))
      throw new Error(`k6 failed (${run.code}):\n${run.output}`);

    log('chaos: waiting for every unpaid order to expire and the pipeline to settle');
    const db = cluster.db;
    let state: PipelineState | null = null;
    const deadline = Date.now() + options.settleMs;
    let done = false;
    while (!done && Date.now() < deadline) {
      state = await pipelineState(db).catch(() => state);
      done =
        state !== null &&
        state.pending === 0 &&
        settled(state) &&
        (await countersSettled(db).catch(() => false));
      if (!done) await sleep(2_000);
    }

    const requests = await readRequests(csv);
    for (const record of faults) attributeRequests(record, requests);
    const accepted = [...acceptedOrders(run.output), ...faults.flatMap((f) => f.probeOrders)];
    const purchases = await readPurchases(db);
    const audit = await auditRaffle(db, { pendingGraceMs: 0 });
    const checks = [
      await checkAcceptedOrders(db, purchases, accepted),
      checkMessagesOnce(
        purchases,
        cluster.fakes,
        faults.filter((f) => f.kind === 'worker-kill').map((f) => f.startedAt),
      ),
      checkCaptures(purchases, cluster.fakes),
    ];
    const allRecovered = faults.every(
      (f) => f.createOrderMs !== null && f.pipelineMs !== null && f.partitionsMs !== null,
    );
    return {
      numbers: options.numbers,
      seed: options.seed,
      rate: options.rate,
      plan,
      faults,
      k6: run.summary,
      k6Code: run.code,
      requests: { total: requests.length, failed: requests.filter((r) => !r.ok).length },
      settled: done,
      pipeline: state,
      audit,
      checks,
      ok: audit.ok && checks.every((c) => c.ok) && done && allRecovered,
      seconds: (Date.now() - started) / 1000,
      loadAverage: { start: loadAtStart, end: loadavg()[0] ?? 0 },
    };
  } finally {
    await cluster?.stop();
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * The raffle's counters agree with its purchases: what the reconciler restores after a
 * crash between two writes (an order lost with the api gives its numbers back only once
 * it can no longer be written, ORDER_LOST_MS after it held them), so the settling waits
 * for its pass. If they never agree, the audit's `counters` says by how much.
 */
async function countersSettled(db: Db): Promise<boolean> {
  const raffle = await db
    .collection<{ _id: string; reserved?: number; sold?: number }>('raffles')
    .findOne({ _id: 'current' }, { projection: { reserved: 1, sold: 1 } });
  const rows = await db
    .collection<{ status: string; quantity: number; reservation?: { active?: boolean } }>(
      'purchases',
    )
    .find(
      { raffleId: 'current', status: { $in: ['PENDING', 'COMPLETED'] } },
      { projection: { status: 1, quantity: 1, 'reservation.active': 1 } },
    )
    .toArray();
  let sold = 0;
  let reserved = 0;
  for (const p of rows)
    if (p.status === 'COMPLETED') sold += p.quantity;
    else if (p.reservation?.active) reserved += p.quantity;
  return raffle?.sold === sold && raffle.reserved === reserved;
}

async function waitForFirstOrder(cluster: Cluster): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if ((await cluster.db.collection('purchases').countDocuments({}, { limit: 1 })) > 0) return;
    await sleep(250);
  }
  throw new Error('no order reached the store within 60 s of starting k6');
}
