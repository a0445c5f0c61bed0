// A paid pick-mode purchase whose chosen numbers cannot all be its own (a hold it lost
// went to another buyer meanwhile) is not numbered: the numbers it still had are free
// again for the next buyer, not left held by an order that will never sell them.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { holdNumbers, listRaffleHolds, releasePurchaseNumbers } from '../db/number-holds';
import { CURRENT_RAFFLE_ID } from '../db/raffle-numbers';
import { insertPurchase, raffleWithNumbers } from '../testing/raffle-fixtures';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import { assignPickedNumbers } from './assign-picked';

let store: TestDatabase;

beforeEach(async () => {
  store = await createTestDatabase();
  await raffleWithNumbers(store.db, 100);
});
afterEach(async () => store?.drop());

const choose = (purchaseId: string, numbers: number[]) =>
  holdNumbers(store.db, { raffleId: CURRENT_RAFFLE_ID, purchaseId, numbers, fresh: true });

it('a paid order whose chosen number another buyer took gives back the ones it still had', async () => {
  const paid = await insertPurchase(store.db, { status: 'COMPLETED', quantity: 3 });
  expect(await choose(paid, [10, 11, 12])).toEqual({ ok: true });
  // The sweeper gave 12 back as the late payment came in, and another buyer took it.
  await releasePurchaseNumbers(store.db, CURRENT_RAFFLE_ID, paid, [12]);
  const other = randomUUID();
  expect(await choose(other, [12])).toEqual({ ok: true });

  const outcome = await assignPickedNumbers(store.db, {
    _id: paid,
    raffleId: CURRENT_RAFFLE_ID,
    quantity: 3,
    pickedNumbers: ['10', '11', '12'],
  });
  expect(outcome.ok).toBe(false);
  // Only the other buyer's number is taken: 10 and 11 can be chosen again.
  const holds = await listRaffleHolds(store.db, CURRENT_RAFFLE_ID);
  expect(holds).toEqual([{ number: 12, state: 'held' }]);
  expect(await choose(randomUUID(), [10, 11])).toEqual({ ok: true });
});
