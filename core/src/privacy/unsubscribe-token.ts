// The token of a message's "Dejar de recibir noticias" link (/baja?t=…): the e-mail and an
// HMAC-SHA256 of it, so the link withdraws that e-mail's marketing consent and nothing
// else. It does not expire: a withdrawal must work from any message, however old. The
// key is random, made once and kept in the store (`app_secrets`), so the api and the
// workers, which share no other secret, sign and check alike.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from 'mongodb';
import { isDuplicateKey } from '../db/raffle-numbers';

const SECRET_ID = 'unsubscribe-link';

const secrets = (db: Db) => db.collection<{ _id: string; key: string }>('app_secrets');
const keys = new WeakMap<Db, Promise<string>>();

async function loadKey(db: Db): Promise<string> {
  const stored = await secrets(db).findOne({ _id: SECRET_ID });
  if (stored) return stored.key;
  try {
    await secrets(db).insertOne({ _id: SECRET_ID, key: randomBytes(32).toString('base64url') });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  return (await secrets(db).findOne({ _id: SECRET_ID }))!.key;
}

function signingKey(db: Db): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const normal = (email: string) => email.trim().toLowerCase();
const sign = (key: string, email: string) =>
  createHmac('sha256', key).update(`vag:unsubscribe:v1\n${email}`).digest('base64url');

/** `<e-mail in base64url>.<signature>`. */
export async function unsubscribeToken(db: Db, email: string): Promise<string> {
  const address = normal(email);
  return `${Buffer.from(address).toString('base64url')}.${sign(await signingKey(db), address)}`;
}

/** The e-mail a token stands for, or null when it is not one we signed. */
export async function emailOfUnsubscribeToken(db: Db, token: string): Promise<string | null> {
  const [encoded, given] = token.split('.');
  if (!encoded || !given || !/^[A-Za-z0-9_-]{1,400}$/.test(encoded)) return null;
  const email = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(sign(await signingKey(db), email));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? email : null;
}

/** The link of a message to that e-mail, on the public site. */
export async function unsubscribeUrl(db: Db, site: string, email: string): Promise<string> {
  return `${site.replace(/\/+$/, '')}/baja?t=${await unsubscribeToken(db, email)}`;
}
