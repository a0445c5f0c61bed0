// The token of a message's "Dejar de recibir noticias" link (/baja?t=…): an opaque random
// id, kept in the store (`unsubscribe_links`) with the e-mail it withdraws and an expiry a
// year after it was made (SPEC §2, /baja). The link says nothing about whom it is for, and
// withdraws that e-mail's marketing consent and nothing else. An e-mail reuses its newest
// link while that has most of its year left, so the messages of one month share one.
//
// Links sent before these ids carried the e-mail in base64url and its HMAC-SHA256 under a
// random key kept in `app_secrets`; they keep working until LEGACY_LINKS_UNTIL.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from 'mongodb';

/** How long a link works: a year, longer than anyone keeps a newsletter unread. */
export const UNSUBSCRIBE_LINK_TTL_MS = 365 * 24 * 3600_000;
/** A new message gets a new link once the newest one has less than this left (11 months). */
const REUSE_WHILE_LEFT_MS = UNSUBSCRIBE_LINK_TTL_MS - 30 * 24 * 3600_000;
/** The end of 2027 in Ecuador: links signed the old way work until then. */
export const LEGACY_LINKS_UNTIL = new Date('2027-12-31T23:59:59-05:00');

export interface UnsubscribeLinkDoc {
  _id: string;
  email: string;
  createdAt: Date;
  expiresAt: Date;
}

const links = (db: Db) => db.collection<UnsubscribeLinkDoc>('unsubscribe_links');

export async function ensureUnsubscribeLinkIndexes(db: Db): Promise<void> {
  await links(db).createIndex({ email: 1, expiresAt: -1 });
}

const normal = (email: string) => email.trim().toLowerCase();

/** The link's token for this e-mail: its newest one while it has most of its year left, else a new one. */
export async function unsubscribeToken(db: Db, email: string, now = new Date()): Promise<string> {
  const address = normal(email);
  const recent = await links(db).findOne(
    { email: address, expiresAt: { $gt: new Date(now.getTime() + REUSE_WHILE_LEFT_MS) } },
    { sort: { expiresAt: -1 } },
  );
  if (recent) return recent._id;
  const doc: UnsubscribeLinkDoc = {
    _id: randomBytes(24).toString('base64url'),
    email: address,
    createdAt: now,
    expiresAt: new Date(now.getTime() + UNSUBSCRIBE_LINK_TTL_MS),
  };
  await links(db).insertOne(doc);
  return doc._id;
}

export type UnsubscribeTokenReading =
  { email: string } | { refused: 'invalid' } | { refused: 'expired' };

/** The e-mail a token withdraws, or why it withdraws none. */
export async function readUnsubscribeToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<UnsubscribeTokenReading> {
  if (token.includes('.')) return readLegacyToken(db, token, now);
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return { refused: 'invalid' };
  const link = await links(db).findOne({ _id: token });
  if (!link) return { refused: 'invalid' };
  return link.expiresAt > now ? { email: link.email } : { refused: 'expired' };
}

/** The link of a message to that e-mail, on the public site. */
export async function unsubscribeUrl(db: Db, site: string, email: string): Promise<string> {
  return `${site.replace(/\/+$/, '')}/baja?t=${await unsubscribeToken(db, email)}`;
}

const LEGACY_KEY_ID = 'unsubscribe-link';

/** `<e-mail in base64url>.<HMAC>`, as links were signed before the opaque ids. */
async function readLegacyToken(db: Db, token: string, now: Date): Promise<UnsubscribeTokenReading> {
  const [encoded, given] = token.split('.');
  if (!encoded || !given || !/^[A-Za-z0-9_-]{1,400}$/.test(encoded)) return { refused: 'invalid' };
  const stored = await db
    .collection<{ _id: string; key: string }>('app_secrets')
    .findOne({ _id: LEGACY_KEY_ID });
  if (!stored) return { refused: 'invalid' };
  const email = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(
    createHmac('sha256', stored.key).update(`vag:unsubscribe:v1\n${email}`).digest('base64url'),
  );
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual))
    return { refused: 'invalid' };
  return now <= LEGACY_LINKS_UNTIL ? { email } : { refused: 'expired' };
}
