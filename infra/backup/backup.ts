// `npm run backup [-- <file>]`: the whole document store at MONGODB_URL (as the api reads
// it) into one gzip'd archive, by default backups/vag-<database>-<UTC time>.jsonl.gz.
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { connectDatabase } from '../../core/src/db/client';
import { parseEnv } from '../../core/src/env';
import { repoRoot } from '../lib/paths';
import { backupDatabase } from './archive';

async function main(): Promise<void> {
  const env = parseEnv();
  const { client, db } = await connectDatabase(env.MONGODB_URL);
  try {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.resolve(
      process.argv[2] ?? path.join(repoRoot, 'backups', `vag-${db.databaseName}-${stamp}.jsonl.gz`),
    );
    mkdirSync(path.dirname(file), { recursive: true });
    const started = Date.now();
    const { collections } = await backupDatabase(db, file);
    const total = Object.values(collections).reduce((a, b) => a + b, 0);
    // Time and size: what a year's store costs to keep safe (loadtests/RESULTS.md).
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const mb = (statSync(file).size / 1e6).toFixed(1);
    console.log(
      `✓ respaldo de ${db.databaseName}: ${Object.keys(collections).length} colecciones, ${total} documentos → ${file} (${mb} MB en ${seconds} s)`,
    );
  } finally {
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(`✗ respaldo fallido: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
