// What a newcomer sees on `npm start`: a first start on an empty store loads the demo
// raffle and prints how to sign in; a second start, or DEMO_DATA=false, leaves it alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER } from '@vag/contracts';
import { createLogger, parseEnv, type Env } from '@vag/core';
import { DEMO_ACCOUNTS } from '@vag/core/demo/demo-data';
import { testMongoBaseUrl, uniqueDbName } from '@vag/core/testing/test-db';
import { MongoClient } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

function serverEnv(overrides: Record<string, string> = {}): Env {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vag-server-'));
  const env = parseEnv({
    NODE_ENV: 'development',
    PORT: '0',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'test-jwt-secret-not-for-production',
    MONGODB_URL: testMongoBaseUrl() + uniqueDbName('first'),
    DATA_DIR: dataDir,
    ...overrides,
  });
  cleanups.push(async () => {
    const client = new MongoClient(env.MONGODB_URL, { retryWrites: false });
    await client
      .db()
      .dropDatabase()
      .catch(() => undefined);
    await client.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return env;
}

async function start(env: Env): Promise<{ server: RunningServer; printed: string }> {
  let printed = '';
  const server = await startServer(env, createLogger('warn'), (text) => (printed += text));
  return { server, printed };
}

async function homeData(server: RunningServer): Promise<{ lottery: unknown; packages: unknown[] }> {
  const base = `http://127.0.0.1:${server.port}/api`;
  const [lottery, packages] = await Promise.all(
    ['/lottery', '/packages'].map((p) => fetch(base + p).then((r) => r.json() as Promise<unknown>)),
  );
  return { lottery, packages: packages as unknown[] };
}

describe('startServer', () => {
  it('loads the demo raffle into an empty store and prints the URLs and staff credentials', async () => {
    const env = serverEnv();
    const { server, printed } = await start(env);
    try {
      const { lottery, packages } = await homeData(server);
      expect(lottery).toMatchObject({ name: 'Gran Rifa Navideña 2026', isActive: true });
      expect(packages.length).toBeGreaterThan(0);
      expect(printed).toContain(`${env.PUBLIC_URL}/admin/`);
      // The demo's bank account and WhatsApp are in force at once, without a restart.
      const settings = (await (
        await fetch(`http://127.0.0.1:${server.port}/api/settings`)
      ).json()) as { bankAccounts: unknown[]; whatsappNumber: string; paymentMethods: unknown };
      expect(settings.bankAccounts).toHaveLength(1);
      expect(settings.whatsappNumber).toBe('593998765432');
      expect(settings.paymentMethods).toMatchObject({ bank_transfer: true });
      expect(printed).toContain(`${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}`);
      expect(printed).toContain(DEMO_ACCOUNTS.reseller.email);
    } finally {
      await server.stop();
    }

    // The same store a second time: nothing printed, nothing loaded again.
    const again = await start(env);
    await again.server.stop();
    expect(again.printed).toBe('');
  });

  it('leaves an empty store empty with DEMO_DATA=false', async () => {
    const { server, printed } = await start(serverEnv({ DEMO_DATA: 'false' }));
    try {
      expect(printed).toBe('');
      // Its one raffle is an unpublished draft: the public hears there is none.
      expect((await homeData(server)).packages).toEqual({ msg: SERVER.raffleNotFound });
    } finally {
      await server.stop();
    }
  });
});
