// Our FerretDB build searches a collection's indexes for equality lookups on any
// indexed field (_module/internal/backends/sqlite/index_pushdown.go); upstream scans the
// table for every field but _id. A lookup must still find exactly what the scan found,
// including MongoDB's rule that {f: 'x'} also matches arrays holding 'x'.
import { Double, Int32, Long, ObjectId, type Db, type Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore, type TestStore } from './test-store';

const owner = new ObjectId();

// Scalars, arrays, arrays of documents, missing fields and numbers of every type.
const documents: Document[] = [
  { _id: 'a', email: 'ana@example.ec', tags: 'vip', buyer: { email: 'b@x.ec' }, n: 5, owner },
  { _id: 'b', email: 'ñandú@example.ec', tags: ['vip', 'new'], buyer: [{ email: 'b@x.ec' }] },
  { _id: 'c', email: 'c@example.ec', tags: ['new'], buyer: { email: ['b@x.ec', 'z@x.ec'] } },
  { _id: 'd', email: 'd@example.ec', n: new Double(5), oid: 'x' },
  { _id: 'e', email: 'e"quote@example.ec', n: Long.fromNumber(5), tags: [] },
  { _id: 'f', email: '😀@example.ec', n: new Double(-0), oid: ['x'] },
  { _id: 'g', n: new Int32(0), buyer: 'b@x.ec', owner: owner.toHexString() },
  { _id: 'h', n: 0.1 + 0.2, tags: [{ name: 'vip' }] },
  { _id: 'i', n: 2 ** 53 + 2, buyer: { email: 'b@x.ec', name: 'Ana' } },
  { _id: 'j', n: 1e-7, tags: 'VIP' },
];

const filters: Document[] = [
  { email: 'ana@example.ec' },
  { email: 'ñandú@example.ec' },
  { email: 'e"quote@example.ec' },
  { email: '😀@example.ec' },
  { email: 'nobody@example.ec' },
  { tags: 'vip' },
  { tags: 'new' },
  { tags: { $eq: 'vip' } },
  { tags: { $in: ['new', 'VIP'] } },
  { 'buyer.email': 'b@x.ec' },
  { 'buyer.email': 'z@x.ec' },
  { n: 5 },
  { n: new Double(5) },
  { n: Long.fromNumber(5) },
  { n: 0 },
  { n: new Double(-0) },
  { n: 0.1 + 0.2 },
  { n: 2 ** 53 + 2 },
  { n: 1e-7 },
  { owner },
  { oid: 'x' },
  { email: 'ana@example.ec', tags: 'new' },
];

let store: TestStore;
let indexed: Db;
beforeAll(async () => {
  store = await openTestStore(1);
  indexed = store.dbs[0]!;
  const withIndexes = indexed.collection('indexed');
  await withIndexes.createIndex({ email: 1 }, { unique: true, sparse: false });
  await withIndexes.createIndex({ tags: 1 });
  await withIndexes.createIndex({ 'buyer.email': 1, n: -1 });
  await withIndexes.createIndex({ n: 1 });
  await withIndexes.createIndex({ owner: 1 });
  await withIndexes.createIndex({ oid: 1 });
  // FerretDB's unique index would refuse two documents without an e-mail (null twice).
  await withIndexes.insertMany(documents.map((d) => ({ email: `none-${d._id}`, ...d })));
  await indexed
    .collection('scanned')
    .insertMany(documents.map((d) => ({ email: `none-${d._id}`, ...d })));
});
afterAll(() => store?.close());

const ids = async (collection: string, filter: Document): Promise<string[]> =>
  (await indexed.collection(collection).find(filter).toArray()).map((d) => String(d._id)).sort();

const plan = async (filter: Document): Promise<string> =>
  JSON.stringify((await indexed.command({ explain: { find: 'indexed', filter } })).queryPlanner);

describe('FerretDB equality lookups on indexed fields', () => {
  it.each(filters.map((filter) => [JSON.stringify(filter), filter]))(
    'find(%s) returns the documents a scan returns',
    async (_, filter) => {
      expect(await ids('indexed', filter as Document)).toEqual(
        await ids('scanned', filter as Document),
      );
    },
  );

  it('finds scalars, arrays holding the value and arrays of documents', async () => {
    expect(await ids('indexed', { tags: 'vip' })).toEqual(['a', 'b']);
    expect(await ids('indexed', { 'buyer.email': 'b@x.ec' })).toEqual(['a', 'b', 'c', 'i']);
    expect(await ids('indexed', { n: 5 })).toEqual(['a', 'd', 'e']);
    expect(await ids('indexed', { n: 0 })).toEqual(['f', 'g']);
  });

  it('searches the index for strings, numbers, ObjectIds and dotted paths', async () => {
    for (const filter of [{ email: 'ana@example.ec' }, { tags: 'vip' }, { n: 5 }, { owner }]) {
      expect(await plan(filter)).toMatch(/SEARCH \S+ USING INDEX \S+_(email|tags|n|owner)_1 /);
    }
    expect(await plan({ 'buyer.email': 'b@x.ec' })).toMatch(/USING INDEX \S+buyer\.email_1_n_-1/);
  });

  it('scans when the index cannot be trusted: escaped strings, huge integers, rowid names', async () => {
    for (const filter of [{ email: 'e"quote@example.ec' }, { n: 2 ** 53 + 2 }, { oid: 'x' }]) {
      expect(await plan(filter)).toMatch(/SCAN/);
    }
  });

  it('updates and deletes by an indexed field touch the documents a scan finds', async () => {
    const tagged = await indexed
      .collection('indexed')
      .updateMany({ tags: 'new' }, { $set: { seen: true } });
    expect(tagged.modifiedCount).toBe(2);
    const removed = await indexed.collection('indexed').deleteMany({ 'buyer.email': 'z@x.ec' });
    expect(removed.deletedCount).toBe(1);
    expect(await ids('indexed', { seen: true })).toEqual(['b']);
  });
});
