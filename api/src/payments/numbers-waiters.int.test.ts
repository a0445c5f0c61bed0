// Waiting for a confirmed transfer's numbers on the in-process bus instead of polling.
import { makeEvent, TOPICS } from '@vag/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { CURRENT_RAFFLE_ID } from '@vag/core/db/raffle-numbers';
import { startTestServer, type TestServer } from '../testing/server';
import { waitForNumbers } from './numbers-waiters';

let server: TestServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

describe('waitForNumbers', () => {
  it('answers as soon as numbers.assigned passes, and null when nothing comes in time', async () => {
    // No numbers worker: only the events this test publishes assign anything.
    server = await startTestServer({ env: { WORKERS: 'none' } });
    const { deps } = server;
    const purchaseId = crypto.randomUUID();

    const waiting = waitForNumbers(deps, purchaseId, 30_000);
    await deps.bus.publish([
      {
        topic: TOPICS['numbers.assigned'],
        key: purchaseId,
        value: makeEvent('numbers.assigned', {
          purchaseId,
          raffleId: CURRENT_RAFFLE_ID,
          numbers: ['0042', '0007'],
          instantPrizes: [],
        }),
      },
    ]);
    // The purchase is not even in the store: only the event can have answered.
    expect(await waiting).toEqual(['0042', '0007']);

    expect(await waitForNumbers(deps, crypto.randomUUID(), 200)).toBeNull();
  });
});
