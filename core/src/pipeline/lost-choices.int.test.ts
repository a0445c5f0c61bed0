// Pick mode holds a buyer's chosen numbers before anything else of the order is written:
// when the process dies right after that write, the reconciler gives those numbers back
// once no create-order can write the purchase any more, and leaves every other hold alone.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { InProcessBus } from '../bus/in-process-bus';
import { holdNumbers, listRaffleHolds } from '../db/number-holds';
import { ORDER_LOST_MS } from '../db/raffle-capacity';
import { CURRENT_RAFFLE_ID } from '../db/raffle-numbers';
import type { CoreDeps } from '../deps';
import { parseEnv } from '../env';
import { createLogger } from '../logger';
import { withCoreServices } from '../services';
import { insertPurchase, raffleWithNumbers } from '../testing/raffle-fixtures';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import { reconcileOnce } from './reconciler';

let store: TestDatabase;
let deps: CoreDeps;

beforeEach(async () => {
  store = await createTestDatabase();
  deps = withCoreServices({
    env: parseEnv({}),
    db: store.db,
    bus: new InProcessBus(),
    log: createLogger('silent', 'lost-choices-test'),
  });
  await raffleWithNumbers(store.db, 100);
});
afterEach(async () => store?.drop());

const choose = (purchaseId: string, numbers: number[]) =>
  holdNumbers(store.db, { raffleId: CURRENT_RAFFLE_ID, purchaseId, numbers, fresh: true });

async function heldNumbers(): Promise<number[]> {
  return (await listRaffleHolds(store.db, CURRENT_RAFFLE_ID))
    .map((h) => h.number)
    .sort((a, b) => a - b);
}

it('frees the numbers of an order whose purchase never came, once it is past ORDER_LOST_MS', async () => {
  const lost = randomUUID();
  await choose(lost, [7, 8]);
  const pending = await insertPurchase(store.db, { status: 'PENDING', quantity: 1 });
  await choose(pending, [20]);

  // A moment later the order may still be on its way: nothing moves.
  await reconcileOnce(deps, { confirmDelayMs: 10 });
  expect(await heldNumbers()).toEqual([7, 8, 20]);

  await reconcileOnce(deps, {
    confirmDelayMs: 10,
    now: new Date(Date.now() + ORDER_LOST_MS + 1_000),
  });
  // The lost order's numbers can be chosen again; the written order keeps its own.
  expect(await heldNumbers()).toEqual([20]);
  expect(await choose(randomUUID(), [7, 8])).toEqual({ ok: true });
});
