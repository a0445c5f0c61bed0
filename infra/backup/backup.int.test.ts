// `npm run backup` and `npm run restore` against the real document store: a store with
// the product's collections and indexes and documents of every BSON type we use goes
// into one archive and comes back equal, collection by collection and index by index.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Binary, BSON, Double, Int32, Long, MongoClient, ObjectId, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureIndexes } from '../../core/src/db/indexes';
import { createStaff } from '../../api/src/testing/seed';
import { testMongoBaseUrl, uniqueDbName } from '../../core/src/testing/test-db';
import { repoRoot } from '../lib/paths';
import { run } from '../lib/run';
import { collectionNames } from './archive';

// Each npm run starts tsx: slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 240_000 });

const dir = mkdtempSync(path.join(tmpdir(), 'vag-backup-'));
const source = testMongoBaseUrl() + uniqueDbName('bksrc');
const target = testMongoBaseUrl() + uniqueDbName('bkdst');
let client: MongoClient;
let sourceDb: Db;
let targetDb: Db;

beforeAll(async () => {
  client = new MongoClient(testMongoBaseUrl(), { retryWrites: false });
  await client.connect();
  sourceDb = client.db(new URL(source).pathname.slice(1));
  targetDb = client.db(new URL(target).pathname.slice(1));
  // The product's collections and indexes, a staff account, and a collection of odd types.
  await ensureIndexes(sourceDb);
  await createStaff(sourceDb, { role: 'admin' });
  await createStaff(sourceDb, { role: 'reseller' });
  await sourceDb.collection('purchases').insertMany(
    Array.from({ length: 1_200 }, (_, i) => ({
      _id: `compra-${String(i).padStart(5, '0')}` as never,
      status: i % 3 ? 'COMPLETED' : 'PENDING',
      quantity: i % 7,
      amount: new Double(i * 1.5),
      createdAt: new Date(Date.UTC(2026, 10, 1) + i * 60_000),
      buyer: { email: `comprador${i}@correo.ec`, name: 'Ñandú Pérez' },
      assignedNumbers: [String(i).padStart(4, '0')],
    })),
  );
  await sourceDb.collection('tipos').insertOne({
    _id: new ObjectId(),
    entero: new Int32(7),
    largo: Long.fromString('9007199254740993'),
    real: new Double(2.5),
    fecha: new Date('2026-11-23T12:34:56.789Z'),
    binario: new Binary(Buffer.from([0, 1, 2, 255])),
    nulo: null,
    si: true,
    anidado: { lista: ['a', 'b'], objeto: { n: 1 } },
  });
});

afterAll(async () => {
  await sourceDb?.dropDatabase();
  await targetDb?.dropDatabase();
  await client?.close();
  rmSync(dir, { recursive: true, force: true });
});

const npm = (script: string, args: string[], url: string) =>
  run('npm', ['run', '--silent', script, '--', ...args], {
    cwd: repoRoot,
    env: { MONGODB_URL: url, LOG_LEVEL: 'silent' },
  });

async function snapshot(db: Db) {
  const out: Record<string, { docs: string; indexes: unknown[] }> = {};
  for (const name of await collectionNames(db)) {
    const collection = db.collection(name);
    const docs = await collection.find({}, { sort: { _id: 1 } }).toArray();
    const indexes = (await collection.listIndexes().toArray())
      .map(({ name: indexName, key, unique }) => ({ name: indexName, key, unique: !!unique }))
      .sort((a, b) => String(a.name).localeCompare(String(b.name)));
    out[name] = { docs: BSON.EJSON.stringify(docs, { relaxed: false }), indexes };
  }
  return out;
}

describe('npm run backup / npm run restore', () => {
  it('round-trips every collection, document and index into an empty store', async () => {
    const file = path.join(dir, 'respaldo.jsonl.gz');
    const said = await npm('backup', [file], source);
    expect(said).toMatch(/✓ respaldo de .*: \d+ colecciones, 1203 documentos/);
    expect(statSync(file).size).toBeGreaterThan(0);

    await npm('restore', [file], target);
    const [before, after] = await Promise.all([snapshot(sourceDb), snapshot(targetDb)]);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['purchases', 'users', 'tipos']));
    for (const name of Object.keys(before)) {
      expect(after[name]!.indexes, `indexes of ${name}`).toEqual(before[name]!.indexes);
      expect(after[name]!.docs, `documents of ${name}`).toBe(before[name]!.docs);
    }
    const users = before.users!.indexes as { name: string; unique: boolean }[];
    expect(users.find((i) => i.name === 'email_1')?.unique).toBe(true);
  });

  it('refuses to restore into a store that holds documents, unless told --replace', async () => {
    const file = path.join(dir, 'respaldo-2.jsonl.gz');
    await npm('backup', [file], source);
    await expect(npm('restore', [file], source)).rejects.toThrow(/no está vacía/);
    await targetDb.collection('purchases').deleteMany({ status: 'PENDING' });
    // A collection the store no longer has is created, not a reason to stop.
    await targetDb.collection('tipos').drop();
    await npm('restore', [file, '--replace'], target);
    expect(await targetDb.collection('purchases').countDocuments()).toBe(1_200);
    expect(await targetDb.collection('tipos').countDocuments()).toBe(1);
  });
});
