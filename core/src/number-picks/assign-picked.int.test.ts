// A paid pick-mode purchase whose chosen numbers cannot all be its own (a hold it lost
// went to another buyer meanwhile) is not numbered: the numbers it still had are free
// again for the next buyer, not left held by an order that will never sell them. Paid
// orders numbered at the same time are recorded together, each counted as sold once.
import { randomUUID } from 'node:crypto';
import { MongoClient, type CommandStartedEvent } from 'mongodb';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { holdNumbers, listRaffleHolds, releasePurchaseNumbers } from '../db/number-holds';
import { getPurchase } from '../db/purchases';
import { CURRENT_RAFFLE_ID, getRaffleNumbers } from '../db/raffle-numbers';
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

it('paid orders numbered at once are recorded together, each counted as sold once however often delivered', async () => {
  const orders = [];
  for (let i = 0; i < 12; i++) {
    const purchaseId = await insertPurchase(store.db, { status: 'COMPLETED', quantity: 2 });
    expect(await choose(purchaseId, [2 * i, 2 * i + 1])).toEqual({ ok: true });
    orders.push({
      _id: purchaseId,
      raffleId: CURRENT_RAFFLE_ID,
      quantity: 2,
      pickedNumbers: [String(2 * i).padStart(2, '0'), String(2 * i + 1).padStart(2, '0')],
    });
  }
  const watcher = new MongoClient(store.url, { retryWrites: false, monitorCommands: true });
  let purchaseWrites = 0;
  watcher.on('commandStarted', (e: CommandStartedEvent) => {
    if (e.commandName === 'update' && e.command.update === 'purchases') purchaseWrites++;
  });
  await watcher.connect();
  try {
    const db = watcher.db(store.db.databaseName);
    // Every order delivered twice at once, as a redelivery racing the first delivery.
    const outcomes = await Promise.all(
      [...orders, ...orders].map((order) => assignPickedNumbers(db, order)),
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    // Fewer writes than orders: those asked for while one was in flight went together.
    expect(purchaseWrites).toBeLessThan(orders.length);
  } finally {
    await watcher.close();
  }
  const raffle = await getRaffleNumbers(store.db, CURRENT_RAFFLE_ID);
  expect({ sold: raffle.sold, reserved: raffle.reserved }).toEqual({ sold: 24, reserved: 0 });
  for (const order of orders)
    expect((await getPurchase(store.db, order._id))?.assignedNumbers).toEqual(order.pickedNumbers);
});
