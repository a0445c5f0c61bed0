// Real services on this machine for tests and scripts: FerretDB (MongoDB wire protocol
// on SQLite), a single-node KRaft Kafka and stripe-mock. Each start picks free ports
// unless told, waits until the service really answers and returns how to reach it and
// how to stop it. Without a `dir` the data lives in a temporary folder removed on stop.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { freePort, spawnService, waitUntilReady, type ServiceProcess } from './lib/process';
import { ensureFerretdb, ensureKafka, ensureStripeMock } from './tools';

export interface StartOptions {
  /** Data folder kept between runs; a temporary one (removed on stop) when omitted. */
  dir?: string;
  /** Listening port; a free one when omitted. */
  port?: number;
  /** Leave the process running after this one exits (the CLI `start` commands). */
  detached?: boolean;
  /** Own process group, so a terminal's Ctrl-C leaves it to us to stop (npm start). */
  ownGroup?: boolean;
  timeoutMs?: number;
}

export interface FerretdbOptions extends StartOptions {
  /** Writes a Go CPU profile of the store's whole run to this file (pprof format). */
  cpuProfile?: string;
}

export interface RunningService {
  /** Process id, for pid files. */
  pid: number;
  stop(): Promise<void>;
}

/** A data folder and a log file: the given dir, or a fresh temporary one. */
function workspace(
  name: string,
  dir: string | undefined,
): { dir: string; logFile: string; cleanup(): void } {
  if (dir) {
    const abs = path.resolve(dir);
    mkdirSync(abs, { recursive: true });
    return { dir: abs, logFile: `${abs}.log`, cleanup: () => undefined };
  }
  const root = mkdtempSync(path.join(tmpdir(), `vag-${name}-`));
  const data = path.join(root, 'data');
  mkdirSync(data);
  return {
    dir: data,
    logFile: path.join(root, `${name}.log`),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

function stopper(service: ServiceProcess, cleanup: () => void, graceMs: number) {
  return async () => {
    await service.stop(graceMs);
    cleanup();
  };
}

// ---------------------------------------------------------------------------------
// FerretDB

export interface Ferretdb extends RunningService {
  /** e.g. mongodb://127.0.0.1:27017/ — append a database name. */
  url: string;
  /**
   * The same store through a Unix socket beside its data, for a client on this machine:
   * each command costs both sides less than over TCP. Absent where the socket's path
   * would be too long for the system (about 100 bytes).
   */
  socketUrl?: string;
}

/** Unix sockets' paths are limited to 108 bytes on Linux (sun_path), the terminator included. */
const MAX_SOCKET_PATH = 100;

export async function pingMongo(url: string): Promise<void> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 1_000, connectTimeoutMS: 1_000 });
  try {
    await client.db('admin').command({ ping: 1 });
  } finally {
    await client.close().catch(() => undefined);
  }
}

export async function startFerretdb(options: FerretdbOptions = {}): Promise<Ferretdb> {
  const bin = await ensureFerretdb();
  const port = options.port ?? (await freePort());
  const ws = workspace('ferretdb', options.dir);
  const profile = options.cpuProfile ? ['-cpu-profile', options.cpuProfile] : [];
  // Beside the log, as `<dir>.sock`: not inside the data folder, which holds only databases.
  const socket = ws.logFile.replace(/\.log$/, '.sock');
  const unix = socket.length <= MAX_SOCKET_PATH ? ['-unix', socket] : [];
  const service = spawnService(
    bin,
    ['-listen', `127.0.0.1:${port}`, ...unix, '-dir', ws.dir, ...profile],
    { logFile: ws.logFile, detached: options.detached, ownGroup: options.ownGroup },
  );
  const url = `mongodb://127.0.0.1:${port}/`;
  const socketUrl = unix.length ? `mongodb://${encodeURIComponent(socket)}/` : undefined;
  try {
    await waitUntilReady(
      'FerretDB',
      service,
      () => Promise.all([pingMongo(url), socketUrl && pingMongo(socketUrl)]),
      options.timeoutMs ?? 30_000,
    );
  } catch (error) {
    ws.cleanup();
    throw error;
  }
  return {
    url,
    socketUrl,
    pid: service.child.pid ?? 0,
    stop: stopper(service, ws.cleanup, 10_000),
  };
}

// ---------------------------------------------------------------------------------
// Kafka (KRaft: one process is both broker and controller)

export interface KafkaService extends RunningService {
  brokers: string[];
}

export interface KafkaOptions extends StartOptions {
  /** Port of the KRaft controller listener; a free one when omitted. */
  controllerPort?: number;
}

// Tuned for a small machine and quick tests: few partitions for the internal topics
// (50 by default, slow to create), no delay before the first consumer rebalance.
function serverProperties(dir: string, port: number, controllerPort: number): string {
  return `process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:${controllerPort}
listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}
advertised.listeners=PLAINTEXT://127.0.0.1:${port}
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=${path.join(dir, 'kraft')}
num.partitions=4
default.replication.factor=1
min.insync.replicas=1
auto.create.topics.enable=true
delete.topic.enable=true
group.initial.rebalance.delay.ms=0
offsets.topic.replication.factor=1
offsets.topic.num.partitions=4
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=4
`;
}

// Warnings and errors only, plus the one line saying the server is up.
const log4jProperties = `log4j.rootLogger=WARN, stderr
log4j.appender.stderr=org.apache.log4j.ConsoleAppender
log4j.appender.stderr.Target=System.err
log4j.appender.stderr.layout=org.apache.log4j.PatternLayout
log4j.appender.stderr.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.server.KafkaRaftServer=INFO
`;

// Small heap, quick start: serial GC and the C1 compiler only suit a test broker.
const jvmFlags = [
  '-Xms128m',
  '-Xmx512m',
  '-XX:+UseSerialGC',
  '-XX:TieredStopAtLevel=1',
  '-Djava.awt.headless=true',
];

/**
 * Kafka's cluster ids are 16 random bytes in unpadded base64url. One that starts with
 * '-' reads as an option on StorageTool's command line (format fails, 1 start in 64),
 * so, like Kafka's own Uuid.randomUuid(), draw again.
 */
function newClusterId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

export async function pingKafka(brokers: string[]): Promise<void> {
  const admin = new Kafka({
    clientId: 'vag-infra-probe',
    brokers,
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1_000,
    retry: { retries: 0 },
  }).admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    if (cluster.brokers.length === 0 || cluster.controller === null)
      throw new Error('no broker or controller yet');
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

export async function startKafka(options: KafkaOptions = {}): Promise<KafkaService> {
  const lib = await ensureKafka();
  const port = options.port ?? (await freePort());
  const controllerPort = options.controllerPort ?? (await freePort());
  const ws = workspace('kafka', options.dir);
  const config = path.join(ws.dir, 'server.properties');
  const log4j = path.join(ws.dir, 'log4j.properties');
  writeFileSync(config, serverProperties(ws.dir, port, controllerPort));
  writeFileSync(log4j, log4jProperties);
  const classpath = `${lib}/*`;
  const javaArgs = [...jvmFlags, `-Dlog4j.configuration=file:${log4j}`, '-cp', classpath];

  // Format the storage once per data folder (a kept folder keeps its cluster id).
  const idFile = path.join(ws.dir, 'cluster-id');
  if (!existsSync(path.join(ws.dir, 'kraft', 'meta.properties'))) {
    if (!existsSync(idFile)) writeFileSync(idFile, newClusterId());
    const clusterId = readFileSync(idFile, 'utf8').trim();
    const format = spawnService(
      'java',
      [
        ...javaArgs,
        'kafka.tools.StorageTool',
        'format',
        '-t',
        clusterId,
        '-c',
        config,
        '--ignore-formatted',
      ],
      { logFile: ws.logFile },
    );
    const code = await format.exited;
    if (code !== 0) {
      ws.cleanup();
      throw new Error(
        `Kafka storage format failed (${code}). Log ${ws.logFile}:\n${format.logTail()}`,
      );
    }
  }

  const service = spawnService('java', [...javaArgs, 'kafka.Kafka', config], {
    logFile: ws.logFile,
    detached: options.detached,
    ownGroup: options.ownGroup,
  });
  const brokers = [`127.0.0.1:${port}`];
  try {
    await waitUntilReady('Kafka', service, () => pingKafka(brokers), options.timeoutMs ?? 90_000);
  } catch (error) {
    ws.cleanup();
    throw error;
  }
  // Throwaway data needs no orderly shutdown; a kept folder gets one.
  return {
    brokers,
    pid: service.child.pid ?? 0,
    stop: stopper(service, ws.cleanup, options.dir ? 20_000 : 0),
  };
}

// ---------------------------------------------------------------------------------
// stripe-mock (Stripe's API answered from its OpenAPI fixtures, stateless)

export interface StripeMock extends RunningService {
  /** e.g. http://127.0.0.1:12111 — give it to the Stripe SDK as its API base. */
  url: string;
}

export async function startStripeMock(
  options: Omit<StartOptions, 'dir'> = {},
): Promise<StripeMock> {
  const bin = await ensureStripeMock();
  const port = options.port ?? (await freePort());
  const ws = workspace('stripe-mock', undefined);
  // Only -http-addr: without it stripe-mock also opens HTTPS on its default port.
  const service = spawnService(bin, ['-http-addr', `127.0.0.1:${port}`], {
    logFile: ws.logFile,
    detached: options.detached,
    ownGroup: options.ownGroup,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(
      'stripe-mock',
      service,
      async () => {
        // Any HTTP answer will do (401 without a key): the server is up.
        await fetch(`${url}/v1/customers`, { signal: AbortSignal.timeout(1_000) });
      },
      options.timeoutMs ?? 30_000,
    );
  } catch (error) {
    ws.cleanup();
    throw error;
  }
  return { url, pid: service.child.pid ?? 0, stop: stopper(service, ws.cleanup, 5_000) };
}
