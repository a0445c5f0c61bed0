// `npm start`: the whole product in one process on this machine. FerretDB keeps its
// files in $DATA_DIR/ferretdb (unless MONGODB_URL points elsewhere), the api serves the
// built storefront and admin, runs the workers in-process and uses the in-process bus.
// Ctrl-C stops the api first, then FerretDB.
import path from 'node:path';
import { parseEnv, type Env } from '../core/src/env';
import { buildFrontends } from './frontends';
import { say } from './lib/log';
import { SERVER_NODE_FLAGS } from './lib/node-flags';
import { repoRoot } from './lib/paths';
import { spawnService, type ServiceProcess } from './lib/process';
import { pingMongo, startFerretdb, type Ferretdb } from './services';
import { ensureFerretdb } from './tools';
import { ensureSystemPrograms, START_PROGRAMS } from './system-packages';

const FERRETDB_PORT = 27017;

async function startDatabase(env: Env): Promise<Ferretdb | undefined> {
  if (process.env.MONGODB_URL) {
    say.ok(`using MONGODB_URL=${env.MONGODB_URL}`);
    return undefined;
  }
  const local = `mongodb://127.0.0.1:${FERRETDB_PORT}/`;
  const alreadyUp = await pingMongo(local).then(
    () => true,
    () => false,
  );
  if (alreadyUp) {
    say.ok(`a document store already answers at ${local}; using it`);
    return undefined;
  }
  await ensureSystemPrograms(START_PROGRAMS);
  await ensureFerretdb();
  const dir = path.resolve(repoRoot, env.DATA_DIR, 'ferretdb');
  say.step(
    `starting FerretDB on 127.0.0.1:${FERRETDB_PORT} (data in ${path.relative(repoRoot, dir)})…`,
  );
  const ferretdb = await startFerretdb({ dir, port: FERRETDB_PORT, ownGroup: true });
  say.ok('FerretDB ready');
  return ferretdb;
}

/**
 * The store we started, for the api beside it: through its Unix socket when it has one
 * (each command costs both sides less than over TCP), with MONGODB_URL's database.
 */
function localUrl(ferretdb: Ferretdb, configured: string): string {
  const database = new URL(configured).pathname.replace(/^\//, '');
  return `${ferretdb.socketUrl ?? ferretdb.url}${database}`;
}

async function waitForHealth(api: ServiceProcess, url: string): Promise<boolean> {
  const deadline = Date.now() + 120_000;
  while (api.isRunning() && Date.now() < deadline) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return false;
}

export async function main(): Promise<number> {
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }

  if (!(await buildFrontends()))
    say.warn('continuing with the last good build (or none): see the errors above');
  const database = await startDatabase(env);

  say.step('starting the server…');
  const api = spawnService(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/src/main.ts'],
    {
      cwd: repoRoot,
      logFile: 'inherit',
      ownGroup: true,
      env: database ? { MONGODB_URL: localUrl(database, env.MONGODB_URL) } : {},
    },
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say.step(`${signal}: stopping…`);
    api.child.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  const origin = `http://localhost:${env.PORT}`;
  void waitForHealth(api, `http://127.0.0.1:${env.PORT}/api/health`).then((healthy) => {
    if (!healthy || stopping) return;
    console.log(
      [
        '',
        `  Voy a Ganar is running`,
        `    site        ${origin}/`,
        `    admin       ${origin}/admin/`,
        `    api health  ${origin}/api/health`,
        `  Ctrl-C to stop.`,
        '',
      ].join('\n'),
    );
  });

  const code = await api.exited;
  await database?.stop();
  if (stopping) say.ok('stopped');
  return typeof code === 'number' ? code : stopping ? 0 : 1;
}
