// A random signing key made once and kept in the store (`app_secrets`), so the api and
// the workers, which share no other secret, sign and check alike.
import { randomBytes } from 'node:crypto';
import type { Db } from 'mongodb';
import { isDuplicateKey } from '../db/raffle-numbers';

const secrets = (db: Db) => db.collection<{ _id: string; key: string }>('app_secrets');
const cache = new WeakMap<Db, Map<string, Promise<string>>>();

async function loadKey(db: Db, id: string): Promise<string> {
  const stored = await secrets(db).findOne({ _id: id });
  if (stored) return stored.key;
  try {
    await secrets(db).insertOne({ _id: id, key: randomBytes(32).toString('base64url') });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  return (await secrets(db).findOne({ _id: id }))!.key;
}

export function storedKey(db: Db, id: string): Promise<string> {
  let keys = cache.get(db);
  if (!keys) cache.set(db, (keys = new Map()));
  let key = keys.get(id);
  if (!key) {
    key = loadKey(db, id);
    key.catch(() => keys.delete(id));
    keys.set(id, key);
  }
  return key;
}
