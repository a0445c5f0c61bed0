// The scaled layout of the chaos sellout, every part a real process on 127.0.0.1 that a
// fault can take down and bring back where the others expect it: FerretDB and Kafka on
// kept data folders and fixed ports, an api process (WORKERS=none) on a fixed port, two
// `npm run workers` processes, the provider fakes (PayPal, SMTP, Twilio) in this process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import { createStaff } from '@vag/api/testing/seed';
import { TEST_BANK_ACCOUNT } from '@vag/api/testing/server';
import { getSettings, replaceSettings } from '@vag/core/db/settings';
import { parseEnv } from '@vag/core/env';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { freePort } from '../../infra/lib/process';
import { startFerretdb, startKafka, type Ferretdb, type KafkaService } from '../../infra/services';
import {
  benchLogDir,
  BENCH_JWT_SECRET,
  startApi,
  startWorkerProcess,
  type ApiProcess,
  type Child,
} from '../bench/processes';
import { numbersGroup } from './group';
import { startPayPalApprover, type Approver } from '../harness/paypal-approver';
import { putRaffleOnSale, type SaleSetup } from '../harness/raffle-setup';
import { enableWhatsapp } from '../harness/whatsapp';

export const WORKER_PROCESSES = 2;
const DB_NAME = 'chaos';

export interface ClusterOptions {
  sale: SaleSetup;
  /** How long the SMTP and Twilio fakes take per message. */
  messageDelayMs: number;
  /** Unpaid orders end after this long (PayPal and transfers alike), so the run settles. */
  reservationSeconds: number;
}

export interface Cluster {
  url: string;
  db: Db;
  fakes: FakeProviders;
  approver: Approver;
  adminToken: string;
  brokers: string[];
  killApi(): Promise<void>;
  startApi(): Promise<void>;
  killWorker(index: number): Promise<void>;
  startWorker(index: number): void;
  stopKafka(): Promise<void>;
  startKafka(): Promise<void>;
  stopStore(): Promise<void>;
  startStore(): Promise<void>;
  stop(): Promise<void>;
}

interface Ports {
  ferretdb: number;
  kafka: number;
  controller: number;
  api: number;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const root = mkdtempSync(path.join(tmpdir(), 'vag-chaos-'));
  const dirs = { ferretdb: path.join(root, 'ferretdb'), kafka: path.join(root, 'kafka') };
  const ports: Ports = {
    ferretdb: await freePort(),
    kafka: await freePort(),
    controller: await freePort(),
    api: await freePort(),
  };
  const stoppers: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  };

  try {
    const startStore = () => startFerretdb({ dir: dirs.ferretdb, port: ports.ferretdb });
    const startBroker = () =>
      startKafka({ dir: dirs.kafka, port: ports.kafka, controllerPort: ports.controller });
    let [ferretdb, kafka]: [Ferretdb, KafkaService] = await Promise.all([
      startStore(),
      startBroker(),
    ]);
    stoppers.push(() => ferretdb.stop());
    stoppers.push(() => kafka.stop());

    const fakes = await startFakeProviders({ messageDelayMs: options.messageDelayMs });
    stoppers.push(() => fakes.stop());
    const approver = await startPayPalApprover((orderId) => fakes.paypal.approve(orderId));
    stoppers.push(() => approver.stop());
    const mongo = new MongoClient(ferretdb.url, { retryWrites: false });
    await mongo.connect();
    stoppers.push(() => mongo.close());
    const db = mongo.db(DB_NAME);

    const reservationMinutes = options.reservationSeconds / 60;
    const env: Record<string, string> = {
      ...fakes.env,
      MONGODB_URL: `${ferretdb.url}${DB_NAME}`,
      KAFKA_BROKERS: kafka.brokers.join(','),
      JWT_SECRET: BENCH_JWT_SECRET,
      WORKERS: 'none',
      RESERVATION_MINUTES: String(reservationMinutes),
      TRANSFER_RESERVATION_HOURS: String(reservationMinutes / 60),
      SWEEP_INTERVAL_SECONDS: '5',
      // Notifications that failed during an outage are sent again this often.
      NOTIFY_RESEND_SECONDS: '10',
      RECONCILE_INTERVAL_SECONDS: '10',
    };

    await offerTransfers(db, env, reservationMinutes / 60);
    let api: ApiProcess = await startApi(env, ports.api);
    stoppers.push(() => api.stop());
    const workers: Child[] = [];
    const startWorker = (index: number) => {
      workers[index] = startWorkerProcess(`chaos-${index}`, env);
    };
    for (let i = 0; i < WORKER_PROCESSES; i++) startWorker(i);
    stoppers.push(async () => {
      await Promise.all(workers.map((w) => w.stop()));
    });
    await bothWorkersServing(kafka.brokers);

    const { token } = await createStaff(db, {
      role: 'admin',
      deps: { env: { JWT_TTL_SECONDS: 4 * 3600 }, jwtSecret: BENCH_JWT_SECRET },
    });
    await putRaffleOnSale(api.url, token, options.sale);
    // Buyers choose WhatsApp or SMS (k6's WHATSAPP_SHARE): C2 counts both channels.
    await enableWhatsapp(db, fakes.twilio, { baseUrl: api.url, refusedShare: 0.2 });

    return {
      url: api.url,
      db,
      fakes,
      approver,
      adminToken: token,
      brokers: kafka.brokers,
      killApi: () => api.kill(),
      startApi: async () => {
        api = await startApi(env, ports.api);
      },
      killWorker: (index) => workers[index]!.kill(),
      startWorker,
      // An orderly stop, then a start on the same folder and port: clients reconnect.
      stopKafka: () => kafka.stop(),
      startKafka: async () => {
        kafka = await startBroker();
      },
      stopStore: () => ferretdb.stop(),
      startStore: async () => {
        ferretdb = await startStore();
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * Bank transfer is offered only with an account to pay to, and a transfer order holds its
 * numbers for the settings' hold: both saved before any process reads the settings.
 */
async function offerTransfers(db: Db, env: Record<string, string>, holdHours: number) {
  const { _id: _i, updatedAt: _u, ...current } = await getSettings(db, parseEnv(env));
  await replaceSettings(db, {
    ...current,
    transferHoldHours: holdHours,
    bankAccounts: [{ ...TEST_BANK_ACCOUNT }],
  });
}

/** The sale starts once both workers processes share the numbers partitions. */
async function bothWorkersServing(brokers: string[]): Promise<void> {
  const deadline = Date.now() + 120_000;
  let last: unknown = 'no answer';
  while (Date.now() < deadline) {
    try {
      const members = await numbersGroup(brokers);
      if (members?.length === WORKER_PROCESSES && members.every((m) => m.partitions > 0)) return;
      last = members ? `${members.length} members` : 'rebalancing';
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(
    `the numbers group did not settle with ${WORKER_PROCESSES} members in 120 s (last: ${String(last)}; logs in ${benchLogDir()})`,
  );
}
