// `npm run bench`: every figure of loadtests/RESULTS.md in one bounded run on this
// machine, all traffic on 127.0.0.1. Phases (each on a fresh database of one FerretDB):
//   alloc     allocation cost per purchase, ours at N = 10 000 and 1 000 000, baseline pool at 10 000 and 100 000
//   embedded  sellout of N numbers, api with in-process bus and workers, spike profile (create-order latency)
//   two-raffles  two raffles on sale side by side against one: the embedded sellout of N numbers
//             in one raffle (`one-raffle`), then N split over two raffles on sale at once, the
//             featured one (0.6 N) and one created beside it (0.4 N), buyers split 60/40
//             (`two-raffles`); the api counts its store commands in both (writes and reads
//             per paid purchase); each raffle audited on its own; --pairs=<n> alternates n pairs
//   reads     GET /api/raffle/raffle-progress and /api/lottery requests/s on the sold-out store
//   kafka1    sellout, Kafka bus, WORKERS=none on the api, 1 `npm run workers` process
//   kafka2    the same with 2 worker processes
//   invoicing kafka1 with electronic invoicing on: an invoices worker process against the fake
//             SRI, the SRI down for --outage=<s> (default 60) while the buyers buy, then the
//             worker killed mid-send and started again; waits (--invoice-settle=<s>, default
//             1200) for every paid purchase's authorized factura, and the audit checks them;
//             --invoice-workers=<n> invoices processes in the group, default 1 (bench/invoicing-run.ts)
//   baseline  the same k6 sellout against the baseline server (pool allocator), time-boxed
//   holding   the holding attack: one and ten addresses try to hold a 10 000-number raffle with
//             unpaid transfers while honest buyers sell it out, then pick raffles of 200 and
//             1 000 numbers (bench/holding-run.ts); ~2.5 min
//   picks     the pick-your-numbers rush (picks-rush.js, bench/picks-run.ts) on a raffle in
//             'pick' mode, audited after each: --rush=pace,contest,grid (pace: the random and
//             the pick mode side by side at --pace-rate=60 buyers/s, --pace-buyers=1800 each,
//             alternated --pace-rounds=1 times, then the 500-on-50 contest at that rate, with CPU and store commands per paid
//             purchase; 500 buyers for the same 50 numbers at once; 5 000 buyers over 10 000
//             numbers, half with the maquinita)
//   rest      the store at rest: the api with every periodic job and a raffle on sale, nobody
//             buying, for --quiet-seconds=<s> (default 60) on the empty store, then again once
//             --history past purchases are loaded: % of one core of the store, the api, the
//             machine (bench/rest-run.ts)
//   backup    with rest: `npm run backup` and `npm run restore` of that year's store (time,
//             size) and the audit of the restored copy's past raffles
//   ramp, ramp-kafka1, ramp-kafka2  capacity: buyers/s raised step by step (--ramp=30,60,…, each
//             held --step-seconds=60, a rest of up to --rest=300 s between steps for the
//             pipeline to catch up) until create-order p95 ≥ 250 ms or errors; embedded, and
//             on Kafka with 1 and 2 worker processes (all consumers in each); N = --ramp-numbers
// Flags: --numbers=100000 (N of the sellouts; smaller for a quick look), --rate=<buyers/s>,
// --only=alloc,embedded,… , --cap=<s> (longest a sellout's buyers may run, default 150),
// --settle=<s> (longest wait for the pipeline afterwards, default 90), --baseline-seconds=<s>,
// --message-delay=<ms> (how long the fake SMTP and Twilio take per message, default 100),
// --drain=<s> (Kafka phases: longest wait for the senders' backlog, default 300),
// --pairs=<n> (two-raffles: one/two pairs, default 1), --count-commands (embedded counts
// the api's store commands as two-raffles does), --history=<purchases> (every phase's store
// first gets a year of past raffles with that many purchases, bench/history-fill.ts: its
// fill rate, size on disk and bytes per purchase are printed).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import { startFakeProviders } from '@vag/core/testing/fakes/index';
import { startFakeSri, type FakeSri } from '@vag/core/testing/fakes/sri';
import { createStaff } from '@vag/api/testing/seed';
import { startFerretdb, startKafka } from '../infra/services';
import {
  benchBaselineAllocation,
  benchOurAllocation,
  type AllocationFigure,
} from './bench/allocation';
import {
  BENCH_JWT_SECRET,
  benchLogDir,
  startApi,
  startBaseline,
  startWorkerProcess,
  type ApiProcess,
  type Child,
} from './bench/processes';
import { boxSpeed } from './bench/box-speed';
import { cpuMeter, cpuPerPurchase, peakMemoryMb } from './bench/cpu';
import { formatResults, type BenchResults } from './bench/report';
import { runRamp } from './bench/ramp-run';
import { formatHolding, runHolding, type HoldingFigures } from './bench/holding-run';
import {
  formatPicks,
  formatPicksPace,
  runPicks,
  runPicksPace,
  type PicksFigures,
  type PicksPaceFigures,
  type PicksShape,
} from './bench/picks-run';
import {
  formatInvoicing,
  invoicingRun,
  setUpInvoicing,
  type InvoicingFigures,
} from './bench/invoicing-run';
import { runSellout, type SelloutFigures } from './bench/sellout-run';
import { commandFigures, commandTally } from './bench/command-counts';
import { fillHistory, type HistoryFigures } from './bench/history-fill';
import {
  backupAndRestore,
  formatBackup,
  formatHistory,
  formatRest,
  quietMinute,
  type BackupFigures,
  type RestFigures,
} from './bench/rest-run';
import { runK6, loadtestsDir } from './harness/k6';
import { startPayPalApprover } from './harness/paypal-approver';
import {
  LARGE_PACKAGES,
  publishRaffle,
  putRaffleBesideOnSale,
  putRaffleOnSale,
  setUnpaidShare,
} from './harness/raffle-setup';
import { SUGGESTED_UNPAID_PERCENT } from '@vag/contracts';

const PHASES = [
  'alloc',
  'embedded',
  'two-raffles',
  'reads',
  'kafka1',
  'kafka2',
  'invoicing',
  'baseline',
  'holding',
  'picks',
  'ramp',
  'ramp-kafka1',
  'ramp-kafka2',
  'rest',
  'backup',
] as const;
type Phase = (typeof PHASES)[number];

function flag(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

const N = Number(flag('numbers', '100000'));
const RATE = flag('rate', '60');
// Worst case with the defaults (every sellout hits its cap and its bounds): about
// 5 × (150 + 90) s (embedded, two-raffles' pair, Kafka 1 and 2) + 2 × 300 s of Kafka
// senders' drain + baseline 60 + 60 s + allocation ~90 s + Kafka starts ≈ 35 minutes; a
// sellout that keeps up takes far less. The invoicing phase adds one Kafka sellout and its
// wait for the facturas (at most --invoice-settle, 20 minutes; about 4 minutes in all at
// N = 60 000 on a quiet box).
// Each ramp adds at most its steps (5 × 60 s), its rests (4 × --rest) and a settle: about
// 12–15 minutes embedded, where the box catches up within 3–4 minutes of each step.
const CAP_SECONDS = Number(flag('cap', '150'));
const SETTLE_SECONDS = Number(flag('settle', '90'));
const BASELINE_SECONDS = Number(flag('baseline-seconds', '60'));
// How long the SMTP and Twilio fakes take to accept a message. Real providers take
// 100 ms or more; fakes answering at once would make the notification part of the
// pipeline look CPU-bound, which it is not in production.
const MESSAGE_DELAY_MS = Number(flag('message-delay', '100'));
// Kafka phases: longest the e-mail/SMS senders may take for the sale's backlog.
const DRAIN_SECONDS = Number(flag('drain', '300'));
const RAMP_RATES = flag('ramp', '30,60,120,160,180').split(',').map(Number);
const STEP_SECONDS = Number(flag('step-seconds', '60'));
// Between steps: longest rest for the pipeline to catch up (bench/ramp-run.ts).
const REST_SECONDS = Number(flag('rest', '300'));
// The most a raffle may have (the api refuses more); about 27 numbers per buyer, so the
// default steps (550 buyers/s of 60 s each in all, about 890 000 numbers) do not sell out.
// They start at 30 for the Kafka layouts, whose broker shares the box: 60 is past them.
const RAMP_NUMBERS = Number(flag('ramp-numbers', '1000000'));
const RAMP_P95_MS = 250;
// two-raffles: how many one-raffle / two-raffles pairs, alternated (the box drifts).
const PAIRS = Number(flag('pairs', '1'));
// The embedded sellout counts the api's store commands too (as two-raffles always does):
// the same figures from a checkout of older code, for a before/after.
const COUNT_COMMANDS = process.argv.includes('--count-commands');
/** The second raffle's share of the numbers and of the buyers. */
const SHARE_B = 0.4;
// invoicing: how long the SRI is down, and the longest wait for the facturas afterwards.
const OUTAGE_SECONDS = Number(flag('outage', '60'));
const INVOICE_SETTLE_SECONDS = Number(flag('invoice-settle', '1200'));
// A year of past raffles before each phase's sale: how many past purchases (0: none).
const HISTORY = Number(flag('history', '0'));
// rest: how long the quiet look at the store lasts.
const QUIET_SECONDS = Number(flag('quiet-seconds', '60'));
const only = new Set(flag('only', PHASES.join(',')).split(',') as Phase[]);
const outDir = path.join(loadtestsDir, 'out');

/** An admin's token for the bench's calls to the api, valid through the longest phase. */
async function adminToken(db: Db): Promise<string> {
  const { token } = await createStaff(db, {
    role: 'admin',
    deps: { env: { JWT_TTL_SECONDS: 4 * 3600 }, jwtSecret: BENCH_JWT_SECRET },
  });
  return token;
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadAtStart = loadavg()[0] ?? 0;
  const speedAtStart = await boxSpeed();
  mkdirSync(outDir, { recursive: true });
  console.log(
    `bench: N = ${N}, peak ${RATE} buyers/s, sellouts capped at ${CAP_SECONDS} s, e-mail/SMS providers answer in ${MESSAGE_DELAY_MS} ms; logs in ${benchLogDir()}`,
  );
  const ferretdbDir = mkdtempSync(path.join(tmpdir(), 'vag-bench-ferretdb-'));
  const profileDir = process.env.BENCH_CPU_PROF;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const ferretdb = await startFerretdb({
    dir: ferretdbDir,
    cpuProfile: profileDir && path.resolve(profileDir, 'ferretdb.pprof'),
  });
  const fakes = await startFakeProviders({ messageDelayMs: MESSAGE_DELAY_MS });
  const approver = await startPayPalApprover((orderId) => fakes.paypal.approve(orderId));
  // The api, workers and baseline server reach the store as `npm start`'s api does, through
  // its Unix socket; the bench's own looks (probe, audit) go over TCP.
  const storeUrl = ferretdb.socketUrl ?? ferretdb.url;
  const mongo = new MongoClient(ferretdb.url, { retryWrites: false });
  await mongo.connect();
  const results: BenchResults = {
    numbers: N,
    rate: Number(RATE),
    messageDelayMs: MESSAGE_DELAY_MS,
    allocation: [],
    sellouts: [],
    ramps: [],
    reads: null,
    startedAt: new Date().toISOString(),
    totalSeconds: 0,
    loadAverage: { start: 0, end: 0 },
    boxSpeed: { start: 0, end: 0 },
  };

  const holdings: HoldingFigures[] = [];
  const invoicing: InvoicingFigures[] = [];
  const picks: PicksFigures[] = [];
  const picksPaces: PicksPaceFigures[] = [];
  const histories: HistoryFigures[] = [];
  const rests: RestFigures[] = [];
  const backups: BackupFigures[] = [];
  /** What the probes that wait for the pipeline count instead of reading the store. */
  const messagesReceived = () => fakes.smtp.mails.length + fakes.twilio.messages.length;
  /** Counts the CPU of the api, its workers processes (children after the api) and the store. */
  const meterOf = (api: Child, children: Child[]) => () =>
    cpuMeter(() => ({
      api: [api.pid],
      workers: children.slice(1).map((c) => c.pid),
      store: [ferretdb.pid],
    }));

  /** --history: the year of past raffles in this phase's store, before its sale. */
  async function pastYear(db: Db, url: string, token: string): Promise<HistoryFigures | null> {
    if (HISTORY <= 0) return null;
    const figures = await fillHistory({
      baseUrl: url,
      adminToken: token,
      db,
      purchases: HISTORY,
      storeDir: ferretdbDir,
      log: (line) => console.log(line),
    });
    histories.push(figures);
    console.log(formatHistory(figures));
    return figures;
  }

  /**
   * Starts an api (plus workers), puts N numbers on sale (`onSale`: the featured raffle
   * alone by default), runs the sellout, stops everything. `countCommands`: the api counts
   * its store commands over the sale.
   */
  async function sellout(options: {
    label: string;
    env: Record<string, string>;
    workers: number;
    k6Env: Record<string, string>;
    onSale?: OnSale;
    countCommands?: boolean;
    afterwards?: (url: string) => Promise<void>;
    /** Electronic invoicing on, against this SRI (bench/invoicing-run.ts). */
    invoicing?: { sri: FakeSri; secretKey: string };
  }) {
    const { label, env, workers } = options;
    const dbName = `bench_${label.replace(/\W/g, '_')}`;
    const db = mongo.db(dbName);
    await db.dropDatabase();
    if (options.invoicing) await setUpInvoicing(db, options.invoicing.secretKey);
    const tallyFile = path.join(benchLogDir(), `commands-${dbName}.json`);
    const apiEnv = {
      MONGODB_URL: `${storeUrl}${dbName}${options.countCommands ? '?monitorCommands=true' : ''}`,
      ...fakes.env,
      ...env,
    };
    const api = await startApi(
      options.countCommands ? { ...apiEnv, BENCH_COMMAND_TALLY: tallyFile } : apiEnv,
    );
    const children: Child[] = [api];
    try {
      // Kafka phases: the sale runs with `workers` processes of numbers and reports; the
      // e-mail/SMS senders (as many processes) start on the backlog once every purchase
      // has its numbers, so the notification-bound part is measured on its own.
      for (let i = 0; i < workers; i++)
        children.push(startWorkerProcess(`${i}`, apiEnv, ['numbers', 'reports']));
      const token = await adminToken(db);
      await pastYear(db, api.url, token);
      const { raffleIds, k6Raffles } = await (options.onSale ?? featuredAlone)(api.url, token);
      console.log(`${label}: selling ${N} numbers in ${raffleIds.length} raffle(s)…`);
      const commandsBefore = options.countCommands
        ? await commandTally(api.pid, tallyFile)
        : undefined;
      const invoices =
        options.invoicing &&
        invoicingRun({
          ...options.invoicing,
          db,
          outageAfterMs: 10_000,
          outageMs: OUTAGE_SECONDS * 1000,
          workers: Number(flag('invoice-workers', '1')),
          boundMs: INVOICE_SETTLE_SECONDS * 1000,
          startWorker: (name) => {
            const child = startWorkerProcess(name, apiEnv, ['invoices']);
            children.push(child);
            return child;
          },
        });
      const cpuSpent = meterOf(api, children)();
      invoices?.start();
      const figures = await runSellout({
        label,
        raffleIds,
        baseUrl: api.url,
        db,
        notifications: true,
        messagesReceived,
        settleMs: SETTLE_SECONDS * 1000,
        drainMs: DRAIN_SECONDS * 1000,
        startNotifications:
          workers > 0
            ? async () => {
                console.log(`${label}: numbers settled; ${workers} notification process(es) start`);
                for (let i = 0; i < workers; i++)
                  children.push(startWorkerProcess(`notify-${i}`, apiEnv, ['notifications']));
              }
            : undefined,
        beforeAudit: invoices
          ? async () => {
              const facturas = await invoices.finish();
              invoicing.push(facturas);
              console.log(formatInvoicing(facturas));
            }
          : undefined,
        k6Env: {
          STAFF_TOKEN: token,
          PAYPAL_APPROVE_URL: approver.url,
          RATE,
          DURATION: String(CAP_SECONDS),
          ...(k6Raffles ? { RAFFLES: k6Raffles } : {}),
          ...options.k6Env,
        },
      });
      figures.cpuSeconds = cpuSpent();
      figures.storePeakMb = peakMemoryMb(ferretdb.pid);
      if (commandsBefore)
        figures.commands = commandFigures(
          commandsBefore,
          await commandTally(api.pid, tallyFile),
          figures.completed,
        );
      results.sellouts.push(figures);
      report(figures);
      await options.afterwards?.(api.url);
    } finally {
      for (const child of children.reverse()) await child.stop();
      await db.dropDatabase().catch(() => undefined);
    }
  }

  /**
   * `run` on a fresh database with an api (workers embedded) on it and an admin's token;
   * the api stops and the database is dropped afterwards.
   */
  async function onEmbeddedApi<T>(
    dbName: string,
    run: (ctx: { api: ApiProcess; db: Db; token: string }) => Promise<T>,
    /** The api counts its store commands into this file (bench/command-tally.ts). */
    tallyFile?: string,
  ): Promise<T> {
    const db = mongo.db(dbName);
    await db.dropDatabase();
    const api = await startApi({
      MONGODB_URL: `${storeUrl}${dbName}${tallyFile ? '?monitorCommands=true' : ''}`,
      ...fakes.env,
      WORKERS: 'embedded',
      ...(tallyFile && { BENCH_COMMAND_TALLY: tallyFile }),
    });
    try {
      const token = await adminToken(db);
      if (dbName !== 'bench_rest') await pastYear(db, api.url, token);
      return await run({ api, db, token });
    } finally {
      await api.stop();
      await db.dropDatabase().catch(() => undefined);
    }
  }

  /** The holding attack on a 10 000-number raffle with the default limits and a 2 % share. */
  function holdingAttack(): Promise<HoldingFigures> {
    return onEmbeddedApi('bench_holding', async ({ api, db, token }) => {
      await setUnpaidShare(api.url, token, SUGGESTED_UNPAID_PERCENT);
      await putRaffleOnSale(api.url, token, {
        totalNumbers: 10_000,
        pricePerNumber: 1,
        packages: LARGE_PACKAGES,
      });
      console.log('holding: honest buyers and two groups of attackers on 10 000 numbers…');
      const figures = await runHolding({
        baseUrl: api.url,
        db,
        staffToken: token,
        totalNumbers: 10_000,
        outDir,
        rate: Number(flag('holding-rate', '20')),
        attackRate: Number(flag('attack-rate', '10')),
        seconds: Number(flag('holding-seconds', '60')),
      });
      console.log(formatHolding(figures));
      return figures;
    });
  }

  /** The same attackers, alone, on a pick raffle of `totalNumbers` beside the featured one. */
  function holdingPickAttack(totalNumbers: number): Promise<HoldingFigures> {
    return onEmbeddedApi(`bench_holding_pick_${totalNumbers}`, async ({ api, db, token }) => {
      await setUnpaidShare(api.url, token, SUGGESTED_UNPAID_PERCENT);
      const sale = { pricePerNumber: 1, packages: LARGE_PACKAGES };
      await putRaffleOnSale(api.url, token, { ...sale, totalNumbers: 1000 });
      const pickRaffleId = await putRaffleBesideOnSale(api.url, token, {
        ...sale,
        totalNumbers,
        name: `Rifa Elige ${totalNumbers}`,
        slug: `rifa-elige-${totalNumbers}`,
        numberMode: 'pick',
      });
      console.log(`holding: two groups of attackers on a pick raffle of ${totalNumbers} numbers…`);
      const figures = await runHolding({
        baseUrl: api.url,
        db,
        staffToken: token,
        totalNumbers,
        pickRaffleId,
        outDir,
        rate: 0,
        attackRate: Number(flag('attack-rate', '10')),
        seconds: Number(flag('holding-pick-seconds', '30')),
      });
      console.log(formatHolding(figures));
      return figures;
    });
  }

  /** One pick-your-numbers rush on a fresh store: the featured raffle, a pick raffle beside it. */
  function picksRush(rush: PicksShape): Promise<PicksFigures> {
    return onEmbeddedApi(`bench_picks_${rush}`, async ({ api, db, token }) => {
      const sale = { pricePerNumber: 1, packages: LARGE_PACKAGES };
      await putRaffleOnSale(api.url, token, { ...sale, totalNumbers: 1000 });
      const slug = 'rifa-elige-tu-numero';
      const raffleId = await putRaffleBesideOnSale(api.url, token, {
        ...sale,
        totalNumbers: 10_000,
        name: 'Rifa Elige Tu Número',
        slug,
        numberMode: 'pick',
      });
      console.log(`picks: the '${rush}' rush…`);
      const figures = await runPicks({
        baseUrl: api.url,
        db,
        staffToken: token,
        raffleId,
        raffleSlug: slug,
        rush,
        outDir,
      });
      console.log(formatPicks(figures));
      return figures;
    });
  }

  /** The random and the pick mode at the same arrival rate, on one api (bench/picks-run.ts). */
  function picksPace(): Promise<PicksPaceFigures> {
    const dbName = 'bench_picks_pace';
    const tallyFile = path.join(benchLogDir(), `commands-${dbName}.json`);
    return onEmbeddedApi(
      dbName,
      ({ api, db, token }) =>
        runPicksPace({
          baseUrl: api.url,
          db,
          staffToken: token,
          outDir,
          rate: Number(flag('pace-rate', '60')),
          buyers: Number(flag('pace-buyers', '1800')),
          rounds: Number(flag('pace-rounds', '1')),
          cpuMeter: meterOf(api, [api]),
          commands: () => commandTally(api.pid, tallyFile),
          messagesReceived,
        }),
      tallyFile,
    );
  }

  /**
   * The store at rest: a raffle on sale, nobody buying, every periodic job running; a quiet
   * look before and after the year is loaded; then (`backup`) the year backed up and restored.
   */
  function atRest(): Promise<void> {
    return onEmbeddedApi('bench_rest', async ({ api, db, token }) => {
      const meter = () => cpuMeter(() => ({ api: [api.pid], store: [ferretdb.pid] }));
      await putRaffleOnSale(api.url, token, {
        totalNumbers: N,
        pricePerNumber: 1,
        packages: LARGE_PACKAGES,
      });
      console.log(`rest: ${QUIET_SECONDS} s with nobody buying…`);
      const empty = await quietMinute(meter, QUIET_SECONDS);
      const history = await pastYear(db, api.url, token);
      const figures: RestFigures = {
        seconds: QUIET_SECONDS,
        empty: history ? empty : null,
        year: empty,
      };
      if (history) {
        console.log(`rest: ${QUIET_SECONDS} s with nobody buying, the year loaded…`);
        figures.year = await quietMinute(meter, QUIET_SECONDS);
      }
      rests.push(figures);
      console.log(formatRest(figures));
      if (!only.has('backup') || !history) return;
      const restored = mongo.db('bench_rest_restored');
      try {
        const backup = await backupAndRestore({
          storeUrl: ferretdb.url,
          db,
          restored,
          raffleIds: history.raffles.map((r) => r.id),
        });
        backups.push(backup);
        console.log(formatBackup(backup));
      } finally {
        await restored.dropDatabase().catch(() => undefined);
      }
    });
  }

  /** Starts an api (plus `workers` processes of every consumer), then the capacity ramp. */
  async function ramp(label: string, env: Record<string, string>, workers: number) {
    const dbName = `bench_${label.replace(/-/g, '_')}`;
    const db = mongo.db(dbName);
    await db.dropDatabase();
    const apiEnv = { MONGODB_URL: `${storeUrl}${dbName}`, ...fakes.env, ...env };
    const api = await startApi(apiEnv);
    const children: Child[] = [api];
    try {
      for (let i = 0; i < workers; i++) children.push(startWorkerProcess(`${i}`, apiEnv, []));
      const token = await adminToken(db);
      await pastYear(db, api.url, token);
      await putRaffleOnSale(api.url, token, {
        totalNumbers: RAMP_NUMBERS,
        pricePerNumber: 1,
        packages: LARGE_PACKAGES,
      });
      console.log(`${label}: ramp ${RAMP_RATES.join(', ')} buyers/s, ${STEP_SECONDS} s each…`);
      results.ramps.push(
        await runRamp({
          label,
          baseUrl: api.url,
          db,
          k6Env: { STAFF_TOKEN: token, PAYPAL_APPROVE_URL: approver.url },
          rates: RAMP_RATES,
          stepSeconds: STEP_SECONDS,
          p95LimitMs: RAMP_P95_MS,
          settleMs: SETTLE_SECONDS * 1000,
          restMs: REST_SECONDS * 1000,
          messagesReceived,
          cpuMeter: meterOf(api, children),
        }),
      );
    } finally {
      for (const child of children.reverse()) await child.stop();
      await db.dropDatabase().catch(() => undefined);
    }
  }

  try {
    if (only.has('alloc')) {
      for (const n of [10_000, 1_000_000])
        results.allocation.push(log(await benchOurAllocation(ferretdb.url, n, 200, 10)));
      for (const n of [10_000, 100_000])
        results.allocation.push(
          log(await benchBaselineAllocation(ferretdb.url, n, 20, 10, 30_000)),
        );
    }
    if (only.has('embedded') || only.has('reads')) {
      await sellout({
        label: 'embedded',
        env: { WORKERS: 'embedded' },
        workers: 0,
        k6Env: { PROFILE: 'spike' },
        countCommands: COUNT_COMMANDS,
        afterwards: async (url) => {
          if (!only.has('reads')) return;
          const reads = await runK6(
            'reads.js',
            { BASE_URL: url, VUS: '20', DURATION: '15' },
            path.join(outDir, 'bench-reads.json'),
          );
          results.reads = reads.summary as unknown as BenchResults['reads'];
          console.log(reads.output.trim());
        },
      });
    }
    if (only.has('two-raffles')) {
      // The same sale in one raffle and in two side by side, alternated, so the box's
      // drift falls on both alike; both published, both counting their commands.
      for (let pair = 1; pair <= PAIRS; pair++) {
        const suffix = PAIRS > 1 ? `#${pair}` : '';
        for (const [label, onSale] of [
          ['one-raffle', publishedAlone],
          ['two-raffles', twoSideBySide],
        ] as const)
          await sellout({
            label: `${label}${suffix}`,
            env: { WORKERS: 'embedded' },
            workers: 0,
            k6Env: { PROFILE: 'spike' },
            onSale,
            countCommands: true,
          });
      }
    }
    for (const workers of [1, 2]) {
      if (!only.has(`kafka${workers}` as Phase)) continue;
      const kafka = await startKafka();
      try {
        await sellout({
          label: `kafka${workers}`,
          env: { WORKERS: 'none', KAFKA_BROKERS: kafka.brokers.join(',') },
          workers,
          k6Env: { PROFILE: 'sellout' },
        });
      } finally {
        await kafka.stop();
      }
    }
    if (only.has('invoicing')) {
      const kafka = await startKafka();
      const sri = await startFakeSri();
      const secretKey = 'bench-invoice-key';
      try {
        await sellout({
          label: 'invoicing',
          env: {
            WORKERS: 'none',
            KAFKA_BROKERS: kafka.brokers.join(','),
            ...sri.env,
            INVOICE_SECRET_KEY: secretKey,
          },
          workers: 1,
          k6Env: { PROFILE: 'sellout' },
          invoicing: { sri, secretKey },
        });
      } finally {
        await sri.stop();
        await kafka.stop();
      }
    }
    if (only.has('baseline')) await baselineSellout(storeUrl, mongo, results);
    if (only.has('holding')) {
      holdings.push(await holdingAttack());
      for (const totalNumbers of [200, 1000]) holdings.push(await holdingPickAttack(totalNumbers));
    }
    if (only.has('picks'))
      for (const rush of flag('rush', 'pace,contest,grid').split(',') as Array<PicksShape | 'pace'>)
        if (rush === 'pace') picksPaces.push(await picksPace());
        else picks.push(await picksRush(rush));
    if (only.has('rest') || only.has('backup')) await atRest();
    if (only.has('ramp')) await ramp('ramp', { WORKERS: 'embedded' }, 0);
    for (const workers of [1, 2]) {
      if (!only.has(`ramp-kafka${workers}` as Phase)) continue;
      const kafka = await startKafka();
      try {
        await ramp(
          `ramp-kafka${workers}`,
          { WORKERS: 'none', KAFKA_BROKERS: kafka.brokers.join(',') },
          workers,
        );
      } finally {
        await kafka.stop();
      }
    }
  } finally {
    await mongo.close();
    await approver.stop();
    await fakes.stop();
    await ferretdb.stop();
    rmSync(ferretdbDir, { recursive: true, force: true });
  }
  results.totalSeconds = (Date.now() - started) / 1000;
  results.loadAverage = { start: loadAtStart, end: loadavg()[0] ?? 0 };
  results.boxSpeed = { start: speedAtStart, end: await boxSpeed() };
  const text = [
    formatResults(results),
    ...holdings.map(formatHolding),
    ...invoicing.map(formatInvoicing),
    ...picks.map(formatPicks),
    ...picksPaces.map(formatPicksPace),
    ...histories.map(formatHistory),
    ...rests.map(formatRest),
    ...backups.map(formatBackup),
  ].join('\n\n');
  console.log(`\n${text}`);
  writeFileSync(path.join(outDir, 'bench-results.json'), JSON.stringify(results, null, 2));
  writeFileSync(path.join(outDir, 'bench-results.md'), text);
}

/** Puts raffles on sale through the api: their ids, and sellout.js's RAFFLES for them. */
type OnSale = (url: string, token: string) => Promise<{ raffleIds: string[]; k6Raffles?: string }>;

/** Today's sale: N numbers in the featured raffle, as the single-raffle admin sets it up. */
const featuredAlone: OnSale = async (url, token) => ({
  raffleIds: [
    await putRaffleOnSale(url, token, {
      totalNumbers: N,
      pricePerNumber: 1,
      packages: LARGE_PACKAGES,
    }),
  ],
});

/** The same, published from the Rifas screen as the two-raffle sale's featured one is. */
const publishedAlone: OnSale = async (url, token) => {
  const { raffleIds } = await featuredAlone(url, token);
  await publishRaffle(url, token, raffleIds[0]!);
  return { raffleIds };
};

/**
 * N numbers over two raffles on sale at once: A, the featured one (1 − SHARE_B of them,
 * bought through the home page's paths), and B created beside it in the back office
 * (bought through /api/raffles/rifa-express/…), buyers split in the same shares.
 */
const twoSideBySide: OnSale = async (url, token) => {
  const sale = { pricePerNumber: 1, packages: LARGE_PACKAGES };
  const numbersB = Math.round(N * SHARE_B);
  const a = await putRaffleOnSale(url, token, { ...sale, totalNumbers: N - numbersB });
  await publishRaffle(url, token, a);
  const b = await putRaffleBesideOnSale(url, token, {
    ...sale,
    totalNumbers: numbersB,
    name: 'Rifa Express',
    slug: 'rifa-express',
  });
  return { raffleIds: [a, b], k6Raffles: `-:${1 - SHARE_B},rifa-express:${SHARE_B}` };
};

/** The same k6 sellout (transfers only: the baseline has no PayPal) against the pool allocator, time-boxed. */
async function baselineSellout(
  mongoBaseUrl: string,
  mongo: MongoClient,
  results: BenchResults,
): Promise<void> {
  const dbName = 'bench_baseline';
  const db = mongo.db(dbName);
  await db.dropDatabase();
  const packages = LARGE_PACKAGES.map((p) => ({ _id: `pkg-${p.quantity}`, ...p }));
  console.log(`baseline: writing the pool of ${N} numbers…`);
  const server = await startBaseline({
    MONGODB_URL: `${mongoBaseUrl}${dbName}`,
    TOTAL_NUMBERS: String(N),
    PRICE_PER_NUMBER: '1',
    PACKAGES: JSON.stringify(packages),
  });
  try {
    console.log(`baseline: selling for at most ${BASELINE_SECONDS} s…`);
    const figures = await runSellout({
      label: 'baseline',
      baseUrl: server.url,
      db,
      notifications: false,
      settleMs: 60_000,
      k6Env: {
        STAFF_TOKEN: 'baseline',
        PAYPAL_SHARE: '0',
        PROFILE: 'sellout',
        RATE,
        DURATION: String(BASELINE_SECONDS),
      },
    });
    results.sellouts.push(figures);
    report(figures);
  } finally {
    await server.stop();
    await db.dropDatabase().catch(() => undefined);
  }
}

function log(figure: AllocationFigure): AllocationFigure {
  console.log(
    `alloc ${figure.allocator} N=${figure.totalNumbers}: ${figure.msPerPurchase.toFixed(2)} ms/purchase (${figure.purchases} × ${figure.quantity} numbers${figure.cutShort ? ', time budget reached' : ''}; setup ${(figure.setupMs / 1000).toFixed(1)} s)`,
  );
  return figure;
}

function report(f: SelloutFigures): void {
  const failed = f.audit.results.filter((r) => !r.ok).map((r) => r.id);
  console.log(
    `${f.label}: ${f.completed} paid purchases (${f.withNumbers} with numbers), ${f.numbersSold}/${f.totalNumbers} numbers in ${(f.wallMs / 1000).toFixed(1)} s → ${f.purchasesPerSecond.toFixed(1)} purchases/s` +
      `; create-order p95 ${f.k6?.createOrderMs?.['p(95)']?.toFixed(1) ?? 'n/a'} ms` +
      `${f.soldOut ? ' (sold out)' : ' (NOT sold out)'}; audit ${f.audit.ok ? 'PASS' : `FAIL ${failed.join(', ')}`}`,
  );
  if (f.raffles.length > 1)
    for (const r of f.raffles)
      console.log(
        `${f.label}: raffle ${r.raffleId}: ${r.numbersSold}/${r.totalNumbers} numbers${r.soldOut ? ' (sold out)' : ''}; audit ${r.audit.ok ? 'PASS' : 'FAIL'}`,
      );
  if (f.commands)
    console.log(
      `${f.label}: ${f.commands.writesPerPaid.toFixed(2)} writes, ${f.commands.readsPerPaid.toFixed(2)} reads per paid purchase (sold-out answers: ${f.commands.soldOut.writes} writes, ${f.commands.soldOut.reads} reads; periodic passes: ${f.commands.background.writes} writes, ${f.commands.background.reads} reads)`,
    );
  if (f.cpuSeconds)
    console.log(
      `${f.label}: CPU per paid purchase: ${cpuPerPurchase(f.cpuSeconds, f.completed, f.storePeakMb)}`,
    );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
