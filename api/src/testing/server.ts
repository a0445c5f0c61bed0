// A real api server for integration and browser tests: a free port, a fresh database,
// the built storefront and admin and the in-process bus. Without `startWorkers` no event
// consumer runs (WORKERS=none); server/ passes the workers for whole-product tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveApi } from '../lib/http-server';
import { MongoClient, type Db } from 'mongodb';
import type { AppDeps } from '../context';
import { NO_PURCHASE_LIMITS } from '@vag/contracts';
import { getSettings, replaceSettings } from '@vag/core/db/settings';
import { parseEnv } from '@vag/core/env';
import { createLogger } from '@vag/core/logger';
import { INDEXES_CATCH_UP } from '@vag/core/db/indexes';
import { waitFor } from '@vag/core/testing/wait';
import { testMongoBaseUrl, uniqueDbName } from '@vag/core/testing/test-db';
import { startRuntime, type Runtime, type RuntimeOptions } from '../runtime';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface TestServer {
  url: string;
  db: Db;
  deps: AppDeps;
  runtime: Runtime;
  stop(): Promise<void>;
}

/** The account a test store's transfers are paid to (a valid cédula as holder id). */
export const TEST_BANK_ACCOUNT = {
  bank: 'Banco Pichincha',
  type: 'Ahorros',
  number: '2201234567',
  holder: 'Voy a Ganar S.A.',
  holderId: '1710034065',
} as const;

/**
 * Bank transfer is offered only with an account: tests get one unless they ask otherwise.
 * Tests buy many times as one buyer (one phone, one cédula) from 127.0.0.1, so the purchase
 * limits are off, as the create-order rate limits are; purchase-limits.int.test.ts sets them.
 */
async function prepareTestSettings(deps: AppDeps, bankAccount: boolean): Promise<void> {
  const { _id: _i, updatedAt: _u, ...current } = await getSettings(deps.db, deps.env);
  await replaceSettings(deps.db, {
    ...current,
    ...(bankAccount ? { bankAccounts: [{ ...TEST_BANK_ACCOUNT }] } : {}),
    purchaseLimits: { ...current.purchaseLimits, ...NO_PURCHASE_LIMITS },
  });
  deps.settings.forget();
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
  options: { env?: Record<string, string>; bankAccount?: false } & RuntimeOptions = {},
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
    WORKERS: options.startWorkers ? 'embedded' : 'none',
    // Tests buy many times from 127.0.0.1; the create-order limit has its own test.
    CREATE_ORDER_LIMIT_PER_MINUTE: '0',
    CREATE_ORDER_ADDRESS_LIMIT_PER_MINUTE: '0',
    ...options.env,
  });
  const runtime = await startRuntime(env, createLogger(env.LOG_LEVEL, 'test-api'), {
    startWorkers: env.WORKERS === 'embedded' ? options.startWorkers : undefined,
  });
  // A test reads a store with every index, as a process does once its builds are done
  // (on a new store they take a moment: the collections are empty).
  await waitFor(() => !runtime.deps.catchUps.running().includes(INDEXES_CATCH_UP), {
    message: 'the indexes built',
  });
  await prepareTestSettings(runtime.deps, options.bankAccount !== false);
  const server = serveApi(runtime.app.fetch, { port, hostname: '127.0.0.1' });
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
