// The document store in one gzip'd file of JSON lines: a header, then per collection a
// line with its name and indexes followed by one line per document in canonical
// Extended JSON (types such as dates, ObjectIds and Decimal128 come back exactly).
// Streamed both ways, so the size of the store is not bounded by memory.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { BSON, type Db, type Document, type IndexDescription } from 'mongodb';

export const ARCHIVE_FORMAT = 'voy-a-ganar-backup';
const VERSION = 1;
const BATCH = 500;

type Line =
  | { format: typeof ARCHIVE_FORMAT; version: number; createdAt: string; database: string }
  | { collection: string; indexes: Document[] }
  | { c: string; d: Document };

const toLine = (value: Line) => `${BSON.EJSON.stringify(value, { relaxed: false })}\n`;

export interface ArchiveSummary {
  collections: Record<string, number>;
}

/** Writes every collection of `db` (documents and indexes) to `file`. */
export async function backupDatabase(db: Db, file: string): Promise<ArchiveSummary> {
  const out = new PassThrough();
  const written = pipeline(out, createGzip(), createWriteStream(file));
  const write = async (line: Line) => {
    if (!out.write(toLine(line))) await once(out, 'drain');
  };
  const summary: ArchiveSummary = { collections: {} };
  try {
    await write({
      format: ARCHIVE_FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      database: db.databaseName,
    });
    for (const name of await collectionNames(db)) {
      const collection = db.collection(name);
      await write({ collection: name, indexes: await collection.listIndexes().toArray() });
      let count = 0;
      for await (const doc of collection.find({}, { sort: { _id: 1 } })) {
        await write({ c: name, d: doc });
        count++;
      }
      summary.collections[name] = count;
    }
  } finally {
    out.end();
  }
  await written;
  return summary;
}

/** The user collections of `db`, sorted (system collections are the server's own). */
export async function collectionNames(db: Db): Promise<string[]> {
  const all = await db.listCollections({}, { nameOnly: true }).toArray();
  return all
    .map((c) => c.name)
    .filter((name) => !name.startsWith('system.'))
    .sort();
}

export class StoreNotEmptyError extends Error {}

/**
 * Brings an archive back into `db`. A store that already holds documents is refused
 * unless `replace` is set; then each collection of the archive is dropped first.
 */
export async function restoreDatabase(
  db: Db,
  file: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<ArchiveSummary> {
  const occupied = await nonEmptyCollections(db);
  if (occupied.length > 0 && !replace)
    throw new StoreNotEmptyError(
      `la base de datos ${db.databaseName} no está vacía (${occupied.join(', ')}); use --replace para reemplazar sus colecciones`,
    );

  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  const summary: ArchiveSummary = { collections: {} };
  let header = false;
  let batch: { name: string; docs: Document[] } | null = null;
  const flush = async () => {
    if (batch && batch.docs.length > 0) await db.collection(batch.name).insertMany(batch.docs);
    if (batch) batch.docs = [];
  };

  for await (const text of lines) {
    if (text.trim() === '') continue;
    const line = BSON.EJSON.parse(text, { relaxed: false }) as Line;
    if (!header) {
      // Canonical Extended JSON keeps number types, so the version comes back as an Int32.
      if (!('format' in line) || line.format !== ARCHIVE_FORMAT || Number(line.version) !== VERSION)
        throw new Error(`${file} no es un respaldo de Voy a Ganar (formato ${VERSION})`);
      header = true;
    } else if ('collection' in line) {
      await flush();
      await recreateCollection(db, line.collection, line.indexes, replace);
      batch = { name: line.collection, docs: [] };
      summary.collections[line.collection] = 0;
    } else if ('c' in line && batch?.name === line.c) {
      batch.docs.push(line.d);
      summary.collections[line.c] = (summary.collections[line.c] ?? 0) + 1;
      if (batch.docs.length >= BATCH) await flush();
    } else {
      throw new Error(`${file}: línea fuera de lugar (${text.slice(0, 80)})`);
    }
  }
  await flush();
  if (!header) throw new Error(`${file} está vacío`);
  return summary;
}

async function nonEmptyCollections(db: Db): Promise<string[]> {
  const names: string[] = [];
  for (const name of await collectionNames(db))
    if (await db.collection(name).findOne({}, { projection: { _id: 1 } })) names.push(name);
  return names;
}

async function recreateCollection(
  db: Db,
  name: string,
  indexes: Document[],
  replace: boolean,
): Promise<void> {
  // Not in this store (MongoDB before 7.0 says so; FerretDB answers true): nothing to
  // drop. Any other failure would leave the old collection and its indexes behind, so
  // the restore stops with its own cause.
  if (replace) await db.collection(name).drop().catch(unless('NamespaceNotFound'));
  // Already there (empty): keep it.
  await db.createCollection(name).catch(unless('NamespaceExists'));
  const specs: IndexDescription[] = indexes
    .filter((index) => index.name !== '_id_')
    .map(({ key, v: _v, ns: _ns, ...options }) => ({ key, ...options }) as IndexDescription);
  if (specs.length > 0) await db.collection(name).createIndexes(specs);
}

/** A catch handler that ignores the server's `codeName` error and rethrows any other. */
function unless(codeName: string): (error: unknown) => void {
  return (error) => {
    if ((error as { codeName?: string }).codeName !== codeName) throw error;
  };
}
