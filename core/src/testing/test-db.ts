// A fresh database on the test document store (started once per run by the test
// runner's global setup, see infra/testing), dropped when the test is done.
import { randomUUID } from 'node:crypto';
import { MongoClient, type Db } from 'mongodb';
import { ensureIndexes } from '../db/indexes';

export function testMongoBaseUrl(): string {
  const url = process.env.VAG_TEST_MONGODB_URL;
  if (!url)
    throw new Error(
      'VAG_TEST_MONGODB_URL is not set: run tests through `npm test` (vitest global setup starts FerretDB)',
    );
  return url.endsWith('/') ? url : `${url}/`;
}

export function uniqueDbName(prefix = 't'): string {
  return `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
}

export interface TestDatabase {
  url: string;
  client: MongoClient;
  db: Db;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = testMongoBaseUrl() + uniqueDbName();
  const client = new MongoClient(url, { retryWrites: false });
  await client.connect();
  const db = client.db();
  await ensureIndexes(db);
  return {
    url,
    client,
    db,
    drop: async () => {
      await db.dropDatabase().catch(() => undefined);
      await client.close();
    },
  };
}
