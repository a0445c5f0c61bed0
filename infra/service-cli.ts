// `start | stop | status` for a long-lived local FerretDB or Kafka (infra/ferretdb.mjs,
// infra/kafka.mjs): data and a pid file under data/, the process left running after
// the command returns. Starting one that already runs is a no-op.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { say } from './lib/log';
import { dataDir } from './lib/paths';
import { pingKafka, pingMongo, startFerretdb, startKafka } from './services';

interface ServiceDef {
  name: string;
  address: string;
  start(): Promise<{ pid: number }>;
  ping(): Promise<void>;
}

const ferretdbPort = Number(process.env.FERRETDB_PORT ?? 27017);
const kafkaPort = Number(process.env.KAFKA_PORT ?? 9092);
const kafkaControllerPort = Number(process.env.KAFKA_CONTROLLER_PORT ?? kafkaPort + 1);

export const services: Record<string, ServiceDef> = {
  ferretdb: {
    name: 'FerretDB',
    address: `mongodb://127.0.0.1:${ferretdbPort}/`,
    start: () =>
      startFerretdb({ dir: path.join(dataDir, 'ferretdb'), port: ferretdbPort, detached: true }),
    ping: () => pingMongo(`mongodb://127.0.0.1:${ferretdbPort}/`),
  },
  kafka: {
    name: 'Kafka',
    address: `127.0.0.1:${kafkaPort}`,
    start: () =>
      startKafka({
        dir: path.join(dataDir, 'kafka'),
        port: kafkaPort,
        controllerPort: kafkaControllerPort,
        detached: true,
      }),
    ping: () => pingKafka([`127.0.0.1:${kafkaPort}`]),
  },
};

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function readPid(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
}

export async function main(key: string, command: string | undefined): Promise<number> {
  const def = services[key];
  if (!def) throw new Error(`unknown service ${key}`);
  const pidFile = path.join(dataDir, `${key}.pid`);
  const pid = readPid(pidFile);

  switch (command) {
    case 'start': {
      if (pid) {
        say.ok(`${def.name} already running (pid ${pid}) at ${def.address}`);
        return 0;
      }
      const answering = await def.ping().then(
        () => true,
        () => false,
      );
      if (answering) {
        say.warn(
          `something already answers at ${def.address} (not started by this script); leaving it alone`,
        );
        return 0;
      }
      say.step(`starting ${def.name}…`);
      const started = await def.start();
      writeFileSync(pidFile, String(started.pid));
      say.ok(
        `${def.name} running (pid ${started.pid}) at ${def.address}; stop with: node infra/${key}.mjs stop`,
      );
      return 0;
    }
    case 'stop': {
      if (!pid) {
        rmSync(pidFile, { force: true });
        say.ok(`${def.name} is not running`);
        return 0;
      }
      process.kill(pid, 'SIGTERM');
      const deadline = Date.now() + 30_000;
      while (isAlive(pid)) {
        if (Date.now() > deadline) {
          process.kill(pid, 'SIGKILL');
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      rmSync(pidFile, { force: true });
      say.ok(`${def.name} stopped`);
      return 0;
    }
    case 'status': {
      say.ok(
        pid ? `${def.name} running (pid ${pid}) at ${def.address}` : `${def.name} not running`,
      );
      return pid ? 0 : 3;
    }
    default:
      console.error(`usage: node infra/${key}.mjs start|stop|status`);
      return 2;
  }
}
