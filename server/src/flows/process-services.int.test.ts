// The services of one process (the outbox relay, the settings in force, the caches) are
// made once and reach the embedded consumers, which run on a copy of the api's deps with
// a connection pool of their own.
import type { CoreDeps } from '@vag/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeRaffle, customOrder, postJson } from '@vag/api/payments/test-fixtures';
import { createStaff } from '@vag/api/testing/seed';
import { startTestServer as startApiTestServer } from '@vag/api/testing/server';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { waitFor } from '@vag/core/testing/wait';
import { startWorkers } from '@vag/workers';
import { TEST_BANK_ACCOUNT, type TestServer } from '../testing/server';

let fakes: FakeProviders;
let server: TestServer;
let workerDeps: CoreDeps | undefined;

beforeAll(async () => {
  fakes = await startFakeProviders();
  server = await startApiTestServer({
    env: fakes.env,
    startWorkers: (deps) => {
      workerDeps = deps;
      return startWorkers(deps);
    },
  });
  await activeRaffle(server.db, { totalNumbers: 200, pricePerNumber: 2 });
});
afterAll(async () => {
  await server?.stop();
  await fakes?.stop();
});

let phones = 0;
async function transferOrderMail(): Promise<string> {
  const order = customOrder('bank_transfer', 1, 2);
  const email = `servicios-${phones}@example.com`;
  const res = await postJson(`${server.url}/api/payments/create-order`, {
    ...order,
    buyer: {
      ...order.buyer,
      email,
      confirmEmail: email,
      phone: `0991${String(200000 + phones++)}`,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const mail = await waitFor(() => fakes.smtp.mails.find((m) => m.to.includes(email)), {
    message: 'the order e-mail',
  });
  return mail.text;
}

describe('services of one process', () => {
  it('the embedded consumers kick the running relay and read the settings of the api they run beside', () => {
    // A copy of deps once found no relay (it was looked up by the deps object) and
    // published inline, and kept a settings copy that no save in Ajustes refreshed.
    expect(workerDeps).toBeDefined();
    expect(server.deps.relay).toBeDefined();
    expect(workerDeps!.db).not.toBe(server.deps.db);
    expect(workerDeps!.relay).toBe(server.deps.relay);
    expect(workerDeps!.settings).toBe(server.deps.settings);
  });

  it('a bank account saved in Ajustes is in the very next order e-mail, without a restart', async () => {
    expect(await transferOrderMail()).toContain(TEST_BANK_ACCOUNT.number);
    const { token } = await createStaff(server.db, { role: 'admin' });
    const saved = await fetch(`${server.url}/api/settings/current`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bankAccounts: [{ ...TEST_BANK_ACCOUNT, number: '2209876543' }] }),
    });
    expect(saved.status).toBe(200);

    const text = await transferOrderMail();
    expect(text).toContain('2209876543');
    expect(text).not.toContain(TEST_BANK_ACCOUNT.number);
  });
});
