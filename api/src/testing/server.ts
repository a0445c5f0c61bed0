// A real api server for integration and browser tests: a free port, a fresh database,
// the built storefront and admin, in-process bus and workers unless told otherwise.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { MongoClient, type Db } from 'mongodb';
import type { AppDeps } from '../context';
import { parseEnv } from '../env';
import { createLogger } from '../logger';
import { startRuntime, type Runtime } from '../runtime';
import { testMongoBaseUrl, uniqueDbName } from './test-db';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface TestServer {
  url: string;
  db: Db;
  deps: AppDeps;
  runtime: Runtime;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startTestServer(
  options: { env?: Record<string, string> } = {},
): Promise<TestServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = parseEnv({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: url,
    LOG_LEVEL: process.env.VAG_TEST_LOG_LEVEL ?? 'warn',
    JWT_SECRET: 'test-jwt-secret-not-for-production',
    MONGODB_URL: testMongoBaseUrl() + uniqueDbName('srv'),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vag-data-')),
    STOREFRONT_DIST: path.join(repoRoot, 'storefront/dist'),
    ADMIN_DIST: path.join(repoRoot, 'admin/dist'),
    ...options.env,
  });
  const runtime = await startRuntime(env, createLogger(env.LOG_LEVEL, 'test-api'));
  const server = serve({ fetch: runtime.app.fetch, port, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) =>
    server.listening ? resolve() : server.once('listening', () => resolve()),
  );
  return {
    url,
    db: runtime.deps.db,
    deps: runtime.deps,
    runtime,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Jobs and workers stop before the database goes: FerretDB dies (SIGBUS) when a
      // database's SQLite file is dropped under a reader still iterating it.
      await runtime.stop();
      const cleaner = new MongoClient(env.MONGODB_URL, { retryWrites: false });
      await cleaner
        .connect()
        .then(() => cleaner.db().dropDatabase())
        .catch(() => undefined)
        .finally(() => cleaner.close());
      rmSync(env.DATA_DIR, { recursive: true, force: true });
    },
  };
}
