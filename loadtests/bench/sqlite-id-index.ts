// EXPERIMENT for RESULTS.md, not a product change: FerretDB v1.24's SQLite backend
// indexes `_id` as `_ferretdb_sjson->"_id"` but looks documents up with
// `_ferretdb_sjson->'$._id'`, so SQLite never uses the index and every find, update
// and findAndModify by _id scans the whole table (EXPLAIN: `SCAN`). This adds the index
// its lookups can use, straight into the SQLite file, to measure what the fix would give.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export function sqliteAvailable(): boolean {
  try {
    execFileSync('sqlite3', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Adds `(_ferretdb_sjson->'$._id')` indexes to every collection table of a database; answers how many. */
export function addIdLookupIndexes(ferretdbDir: string, dbName: string): number {
  const file = path.join(ferretdbDir, `${dbName}.sqlite`);
  const tables = execFileSync('sqlite3', [
    file,
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_ferretdb%' ESCAPE '\\'",
  ])
    .toString()
    .split('\n')
    .filter(Boolean);
  for (const table of tables) {
    execFileSync('sqlite3', [
      '-cmd',
      '.timeout 10000',
      file,
      `CREATE INDEX IF NOT EXISTS "${table}_id_lookup" ON "${table}" (_ferretdb_sjson->'$._id')`,
    ]);
  }
  return tables.length;
}
