// The holds ledger in the store: a buyer's entries are found by any one of their keys,
// also entries written before the keys had fields of their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from './client';
import { buyerHolds, ensureOrderHoldIndexes, insertHold, type HoldEntry } from './order-holds';
import { testMongoBaseUrl, uniqueDbName } from '../testing/test-db';

let store: Database;
beforeAll(async () => {
  store = await connectDatabase(testMongoBaseUrl() + uniqueDbName('orderholds'));
});
afterAll(async () => {
  await store?.db.dropDatabase();
  await store?.client.close();
});

const entry = (id: string, buyerKeys: string[], raffleId = 'current'): HoldEntry => ({
  _id: id,
  raffleId,
  buyerKeys,
  address: '203.0.113.9',
  quantity: 5,
  state: 'held',
  holdUntil: new Date(Date.UTC(2026, 11, 1)),
  createdAt: new Date(Date.UTC(2026, 10, 28)),
});

describe('the holds ledger', () => {
  it("finds a buyer's entries by e-mail, phone or cédula, once each, in the raffle asked", async () => {
    await ensureOrderHoldIndexes(store.db);
    await insertHold(
      store.db,
      entry('a', ['e:ana@example.com', 'p:+593991234567', 'd:1710034065']),
    );
    await insertHold(store.db, entry('b', ['e:otra@example.com', 'p:+593991234567']));
    await insertHold(store.db, entry('c', ['e:ana@example.com', 'p:+593990000000'], 'express'));
    await insertHold(store.db, entry('d', ['e:nadie@example.com', 'p:+593980000000']));

    const found = await buyerHolds(store.db, 'current', [
      'e:ana@example.com',
      'p:+593991234567',
      'd:1710034065',
    ]);
    expect(found.map((h) => h._id).sort()).toEqual(['a', 'b']);
    expect(
      (await buyerHolds(store.db, 'express', ['e:ana@example.com'])).map((h) => h._id),
    ).toEqual(['c']);
  });

  it('entries stored with only their list of keys are found after the start-up step', async () => {
    await store.db
      .collection<HoldEntry>('order_holds')
      .insertOne(entry('old', ['e:antes@example.com', 'd:0926687856']));
    expect(await buyerHolds(store.db, 'current', ['d:0926687856'])).toEqual([]);

    await ensureOrderHoldIndexes(store.db);
    await ensureOrderHoldIndexes(store.db);
    const found = await buyerHolds(store.db, 'current', ['d:0926687856']);
    expect(found.map((h) => h._id)).toEqual(['old']);
    expect(found[0]).toMatchObject({ keyE: 'e:antes@example.com', keyD: 'd:0926687856' });
  });
});
