// `npm run restore -- <file> [--replace]`: brings a backup into the store at MONGODB_URL.
// The store must be empty; --replace drops each collection of the archive before.
import { connectDatabase } from '../../core/src/db/client';
import { parseEnv } from '../../core/src/env';
import { restoreDatabase } from './archive';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) throw new Error('uso: npm run restore -- <archivo.jsonl.gz> [--replace]');
  const env = parseEnv();
  const { client, db } = await connectDatabase(env.MONGODB_URL);
  try {
    const started = Date.now();
    const { collections } = await restoreDatabase(db, file, {
      replace: args.includes('--replace'),
    });
    const total = Object.values(collections).reduce((a, b) => a + b, 0);
    console.log(
      `✓ restaurado en ${db.databaseName}: ${Object.keys(collections).length} colecciones, ${total} documentos en ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    `✗ restauración fallida: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
});
