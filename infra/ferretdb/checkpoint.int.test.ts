// Our FerretDB build turns SQLite's automatic checkpoint off (it ran inside the commit of
// whichever write filled 1 000 pages, and every other write queued behind it) and moves
// the write-ahead log into each database file from a goroutine of its own
// (_module/internal/backends/sqlite/metadata/pool/checkpoint.go). Without it the WAL
// would grow for as long as the store runs, and a restart would replay all of it.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitFor } from '../../core/src/testing/wait';
import { startFerretdb, type Ferretdb } from '../services';

const dir = mkdtempSync(path.join(tmpdir(), 'vag-checkpoint-'));
let store: Ferretdb;
let client: MongoClient;

beforeAll(async () => {
  store = await startFerretdb({ dir });
  client = await new MongoClient(store.url, { retryWrites: false }).connect();
});
afterAll(async () => {
  await client?.close();
  await store?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const fileOf = (db: string) => path.join(dir, `${db}.sqlite`);
const bytes = (file: string) => (existsSync(file) ? statSync(file).size : 0);

/**
 * Writes about 4.5 MB of documents while the store runs and waits until the database
 * file holds them: only a checkpoint writes pages into the file, the WAL holds them
 * until then.
 */
async function writeThrough(db: string): Promise<void> {
  const docs = client.db(db).collection('docs');
  for (let batch = 0; batch < 10; batch++)
    await docs.insertMany(
      Array.from({ length: 500 }, (_, i) => ({ batch, i, pad: 'x'.repeat(800) })),
    );
  await waitFor(() => bytes(fileOf(db)) > 4_000_000, {
    message: `the file of ${db} to hold its documents`,
    timeoutMs: 30_000,
  });
}

it('moves what is written into the database file while the store runs', async () => {
  await writeThrough('sellout');
  expect(await client.db('sellout').collection('docs').countDocuments()).toBe(5_000);
});

it('drops a database between checkpoints and goes on checkpointing the others', async () => {
  await writeThrough('dropped');
  await client.db('dropped').dropDatabase();
  await writeThrough('later');
  expect(existsSync(fileOf('dropped'))).toBe(false);
});
