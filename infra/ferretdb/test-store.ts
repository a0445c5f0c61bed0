// A database of its own on the FerretDB the test run's global setup started
// (VAG_TEST_MONGODB_URL), reached through several clients as several api and worker
// processes would reach it, dropped when the test is done.
import { randomUUID } from 'node:crypto';
import { MongoClient, type Db } from 'mongodb';

export interface TestStore {
  /** One Db handle per client, each on its own connections. */
  dbs: Db[];
  close(): Promise<void>;
}

export async function openTestStore(clients: number): Promise<TestStore> {
  const base = process.env.VAG_TEST_MONGODB_URL;
  if (!base) throw new Error('VAG_TEST_MONGODB_URL is not set: run tests through `npm test`');
  const url = `${base.endsWith('/') ? base : `${base}/`}store_${randomUUID().slice(0, 8)}`;
  const opened = await Promise.all(
    Array.from({ length: clients }, () => new MongoClient(url, { retryWrites: false }).connect()),
  );
  const dbs = opened.map((client) => client.db());
  return {
    dbs,
    async close() {
      await dbs[0]?.dropDatabase();
      await Promise.all(opened.map((client) => client.close()));
    },
  };
}
