// The e-mailed link to a buyer's data: a random token sent only to the mailbox, stored as
// its hash, valid 24 h and exchanged once for a short session (an httpOnly cookie's value,
// also stored as its hash). A reused or expired link says which, so the page can explain.
import { createHash, randomBytes } from 'node:crypto';
import { MY_DATA_LINK_HOURS, MY_DATA_SESSION_MINUTES } from '@vag/contracts';
import type { Db } from 'mongodb';
import { dataRequests } from '../db/data-requests';

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

/** Gives request `requestId` a fresh link token; answers the token (only the mail carries it). */
export async function issueAccessToken(
  db: Db,
  requestId: string,
  now = new Date(),
): Promise<string> {
  const token = newSecret();
  await dataRequests(db).updateOne(
    { _id: requestId },
    {
      $set: {
        access: {
          tokenHash: hash(token),
          expiresAt: new Date(now.getTime() + MY_DATA_LINK_HOURS * 3_600_000),
          usedAt: null,
          sessionHash: null,
          sessionExpiresAt: null,
        },
      },
    },
  );
  return token;
}

export type TokenExchange =
  | { ok: true; email: string; session: string; expiresAt: Date }
  | { ok: false; reason: 'invalid' | 'used' | 'expired' };

/** Exchanges a link token for a session, once. */
export async function exchangeAccessToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<TokenExchange> {
  const tokenHash = hash(token);
  const doc = await dataRequests(db).findOne({ 'access.tokenHash': tokenHash });
  if (!doc?.access) return { ok: false, reason: 'invalid' };
  if (doc.access.usedAt) return { ok: false, reason: 'used' };
  if (doc.access.expiresAt <= now) return { ok: false, reason: 'expired' };
  const session = newSecret();
  const expiresAt = new Date(now.getTime() + MY_DATA_SESSION_MINUTES * 60_000);
  // Conditional on the link being unused: of two clicks at once, one session only.
  const taken = await dataRequests(db).updateOne(
    { _id: doc._id, 'access.usedAt': null },
    {
      $set: {
        'access.usedAt': now,
        'access.sessionHash': hash(session),
        'access.sessionExpiresAt': expiresAt,
        status: 'done',
        doneAt: now,
        doneBy: 'titular',
        what: 'El titular abrió su enlace de acceso.',
      },
    },
  );
  if (taken.modifiedCount !== 1) return { ok: false, reason: 'used' };
  return { ok: true, email: doc.email, session, expiresAt };
}

/** The e-mail a live session opens, or null. */
export async function sessionEmail(
  db: Db,
  session: string,
  now = new Date(),
): Promise<string | null> {
  const doc = await dataRequests(db).findOne({
    'access.sessionHash': hash(session),
    'access.sessionExpiresAt': { $gt: now },
  });
  return doc?.email ?? null;
}

/** Ends every session of `email` (after a deletion nothing of theirs is left to open). */
export async function endSessions(db: Db, email: string): Promise<void> {
  await dataRequests(db).updateMany(
    { email, 'access.sessionHash': { $ne: null } },
    { $set: { 'access.sessionHash': null, 'access.sessionExpiresAt': null } },
  );
}
