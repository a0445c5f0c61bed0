// Our FerretDB build makes single-document writes atomic with per-document locks
// inside FerretDB (_module/internal/handler/document_locks.go). Upstream FerretDB v1
// reads, changes and writes a document back with nothing holding it, so concurrent
// buyers oversell: 16 buyers of 5 000 units sold 8 997. These races run on every build.
import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore, type TestStore } from './test-store';

const BUYERS = 16;
const CLIENTS = 4;
// 5 000 updates of one document, one at a time: about 10 s on a quiet box, several
// times that when other test runs share the 2 cores.
const SELL_OUT_TIMEOUT_MS = 240_000;

let store: TestStore;
beforeAll(async () => {
  store = await openTestStore(CLIENTS);
});
afterAll(() => store?.close());

/** The db handle buyer i uses: buyers are spread over the clients. */
const dbOf = (i: number): Db => store.dbs[i % store.dbs.length]!;

const buyers = <T>(run: (db: Db, buyer: number) => Promise<T>): Promise<T[]> =>
  Promise.all(Array.from({ length: BUYERS }, (_, i) => run(dbOf(i), i)));

interface Stock {
  _id: string;
  code: string;
  units: number;
}

/** Each buyer takes one unit at a time with a conditional $inc until refused. */
async function sellOut(filter: object, db: Db): Promise<number> {
  let sold = 0;
  for (;;) {
    const res = await db.collection<Stock>('stock').updateOne(filter, { $inc: { units: -1 } });
    if (res.modifiedCount === 0) return sold;
    sold += 1;
  }
}

describe('FerretDB single-document atomicity', () => {
  it(
    '16 concurrent conditional $inc by _id sell exactly 5 000 units of 5 000',
    async () => {
      await dbOf(0).collection<Stock>('stock').insertOne({ _id: 'hot', code: 'hot', units: 5000 });

      const sales = await buyers((db) => sellOut({ _id: 'hot', units: { $gte: 1 } }, db));

      expect(sales.reduce((a, b) => a + b, 0)).toBe(5000);
      expect(await dbOf(0).collection<Stock>('stock').findOne({ _id: 'hot' })).toMatchObject({
        units: 0,
      });
    },
    SELL_OUT_TIMEOUT_MS,
  );

  it('conditional $inc by an indexed field other than _id sells exactly what is in stock', async () => {
    const stock = dbOf(0).collection<Stock>('stock');
    await stock.createIndex({ code: 1 }, { unique: true });
    await stock.insertOne({ _id: 'by-code', code: 'by-code', units: 500 });

    const sales = await buyers((db) => sellOut({ code: 'by-code', units: { $gte: 1 } }, db));

    expect(sales.reduce((a, b) => a + b, 0)).toBe(500);
    expect(await stock.findOne({ _id: 'by-code' })).toMatchObject({ units: 0 });
  });

  it('20 rounds of 16 concurrent inserts of one unique key: one winner, the rest E11000', async () => {
    const orders = dbOf(0).collection<{ _id: string; claim: string }>('orders');
    await orders.createIndex({ claim: 1 }, { unique: true });

    for (let round = 0; round < 20; round++) {
      const results = await buyers((db, buyer) =>
        db
          .collection<{ _id: string; claim: string }>('orders')
          .insertOne({ _id: `r${round}-b${buyer}`, claim: `number-${round}` })
          .then(
            () => 'won',
            (error: { code?: number }) => error.code,
          ),
      );
      expect(results.filter((r) => r === 'won')).toHaveLength(1);
      expect(results.filter((r) => r === 11000)).toHaveLength(BUYERS - 1);
    }
  });

  it('16 concurrent findOneAndUpdate of one available ticket: one buyer gets it and keeps it', async () => {
    type Ticket = { _id: string; status: string; buyer?: number };
    for (let round = 0; round < 10; round++) {
      const id = `ticket-${round}`;
      await dbOf(0).collection<Ticket>('tickets').insertOne({ _id: id, status: 'AVAILABLE' });

      const taken = await buyers((db, buyer) =>
        db
          .collection<Ticket>('tickets')
          .findOneAndUpdate(
            { _id: id, status: 'AVAILABLE' },
            { $set: { status: 'SOLD', buyer } },
            { returnDocument: 'after' },
          ),
      );

      const winners = taken.filter((t) => t !== null);
      expect(winners).toHaveLength(1);
      expect(await dbOf(0).collection<Ticket>('tickets').findOne({ _id: id })).toEqual(winners[0]);
    }
  });

  it('16 concurrent upserts of one _id create it once and count every $inc', async () => {
    const counters = await buyers((db) =>
      db
        .collection<{ _id: string; n: number }>('counters')
        .updateOne({ _id: 'visits' }, { $inc: { n: 1 } }, { upsert: true }),
    );

    expect(counters.filter((r) => r.upsertedCount === 1)).toHaveLength(1);
    expect(
      await dbOf(0)
        .collection('counters')
        .findOne({ _id: 'visits' as never }),
    ).toEqual({
      _id: 'visits',
      n: BUYERS,
    });
  });

  it('an update command of 150 statements applies every one', async () => {
    const items = dbOf(0).collection<{ _id: string; n: number }>('items');
    const ids = Array.from({ length: 150 }, (_, i) => `item-${i}`);
    await items.insertMany(ids.map((_id) => ({ _id, n: 0 })));

    const res = await items.bulkWrite(
      ids.map((_id) => ({ updateOne: { filter: { _id }, update: { $inc: { n: 1 } } } })),
    );

    expect(res.modifiedCount).toBe(150);
    expect(await items.countDocuments({ n: 1 })).toBe(150);
  });
});
