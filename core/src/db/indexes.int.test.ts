// Start-up creates every unique index before the process takes a write (they guard
// invariants: one claim per purchase, one code per order, one factura per purchase…) and
// leaves only search indexes and upgrades to the background (DESIGN "Start-up and
// catch-ups"): a unique index a creator makes after another step would be missed before
// listening, and this test names it.
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testMongoBaseUrl, uniqueDbName } from '../testing/test-db';
import { ensureGuardIndexes, ensureIndexes } from './indexes';

let client: MongoClient;
const dbs: Db[] = [];
beforeAll(async () => {
  client = await new MongoClient(testMongoBaseUrl(), { retryWrites: false }).connect();
});
afterAll(async () => {
  for (const db of dbs) await db.dropDatabase().catch(() => undefined);
  await client?.close();
});

function freshDb(): Db {
  const db = client.db(uniqueDbName('idx'));
  dbs.push(db);
  return db;
}

/** Every index of the store, as 'collection.name', with whether it is unique. */
async function indexesOf(db: Db): Promise<Map<string, boolean>> {
  const all = new Map<string, boolean>();
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray())
    for (const index of await db.collection(name).indexes())
      if (index.name !== '_id_') all.set(`${name}.${index.name}`, index.unique === true);
  return all;
}

describe('start-up indexes', () => {
  it('start-up creates every unique index; the background builds leave the store as ensureIndexes does', async () => {
    const reference = freshDb();
    await ensureIndexes(reference);
    const whole = await indexesOf(reference);
    const unique = [...whole].filter(([, u]) => u).map(([name]) => name);
    expect(unique).toContain('number_claims.purchase_unique');

    const db = freshDb();
    const left = await ensureGuardIndexes(db);
    const guarded = await indexesOf(db);
    expect(
      [...guarded]
        .filter(([, u]) => u)
        .map(([name]) => name)
        .sort(),
    ).toEqual(unique.sort());
    // The others are left for later, none of them unique.
    expect(left.missing.length).toBeGreaterThan(0);
    expect(left.missing.every((index) => !index.options?.unique)).toBe(true);

    // What the background does: the missing ones built, the creators' other steps run.
    for (const index of left.missing)
      await db.collection(index.collection).createIndex(index.keys, index.options);
    for (const create of left.creators) await create(db);
    expect(await indexesOf(db)).toEqual(whole);
    expect((await ensureGuardIndexes(db)).missing).toEqual([]);
  });
});
