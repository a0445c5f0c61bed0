// Reservations asked for at the same moment (I2): near the end of a sellout the ones that
// fit still get in, the rest hear how many are left, and nobody is promised numbers that
// are not there.
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from './client';
import { getCapacity, reserveCapacity, type ReserveOutcome } from './raffle-capacity';
import { CURRENT_RAFFLE_ID } from './raffle';
import { raffleWithNumbers } from '../testing/raffle-fixtures';
import { testMongoBaseUrl, uniqueDbName } from '../testing/test-db';

const opened: Database[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) {
    await store.db.dropDatabase();
    await store.client.close();
  }
});

async function raffleOf(totalNumbers: number) {
  const store = await connectDatabase(testMongoBaseUrl() + uniqueDbName('capacity'));
  opened.push(store);
  await raffleWithNumbers(store.db, totalNumbers);
  return store.db;
}

const held = (outcomes: ReserveOutcome[]) => outcomes.filter((o) => o.ok).length;

describe('reserving capacity', () => {
  it('orders that all fit are all held, and the counters move by their sum', async () => {
    const db = await raffleOf(1000);
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, () => reserveCapacity(db, 5, CURRENT_RAFFLE_ID)),
    );
    expect(held(outcomes)).toBe(40);
    expect(await getCapacity(db, CURRENT_RAFFLE_ID)).toMatchObject({
      available: 800,
      reserved: 200,
      sold: 0,
    });
  });

  it('at the end of a sellout every order that fits is held and the rest hear how many are left', async () => {
    const db = await raffleOf(50);
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, () => reserveCapacity(db, 3, CURRENT_RAFFLE_ID)),
    );
    // 16 orders of 3 fit in 50; two numbers are left, too few for one more.
    expect(held(outcomes)).toBe(16);
    expect(outcomes.filter((o) => !o.ok)).toEqual(
      Array.from({ length: 14 }, () => ({ ok: false, reason: 'sold_out', remaining: 2 })),
    );
    expect(await getCapacity(db, CURRENT_RAFFLE_ID)).toMatchObject({ available: 2, reserved: 48 });
    // The last two still sell.
    expect(await reserveCapacity(db, 2, CURRENT_RAFFLE_ID)).toEqual({ ok: true });
    expect(await getCapacity(db, CURRENT_RAFFLE_ID)).toMatchObject({ available: 0, reserved: 50 });
  });
});
