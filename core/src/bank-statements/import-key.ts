// The key a machine (an operator's script, a bank's notification) sends as X-Import-Key
// to POST a statement. 32 random bytes, shown to staff once; only its SHA-256 is stored
// (a random key that long needs no slow hash), compared in constant time. A new key
// replaces the old one.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from 'mongodb';
import { importKeyRecord, saveImportKeyHash } from '../db/bank-statements';

const PREFIX = 'vagik_';

function hashOf(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export async function createImportKey(db: Db, createdBy: string): Promise<string> {
  const key = PREFIX + randomBytes(32).toString('base64url');
  await saveImportKeyHash(db, hashOf(key), createdBy);
  return key;
}

export async function importKeyValid(db: Db, given: string): Promise<boolean> {
  const record = await importKeyRecord(db);
  if (!record || !given) return false;
  const a = Buffer.from(record.hash, 'hex');
  const b = Buffer.from(hashOf(given), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export { importKeyRecord };
