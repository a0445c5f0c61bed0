// The ticket's public link for WhatsApp: WhatsApp's servers fetch a message's media
// without cookies or our order key, so the link itself carries the right to read that
// one ticket, signed, for a week (long enough for Twilio's and WhatsApp's retries, short
// enough that a forwarded message stops opening the ticket). Anything else is a 404.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from 'mongodb';
import { storedKey } from './secret-key';

const KEY_ID = 'ticket-media-link';
export const TICKET_LINK_TTL_MS = 7 * 24 * 3600 * 1000;

const sign = (key: string, purchaseId: string, expires: string) =>
  createHmac('sha256', key)
    .update(`vag:ticket-media:v1\n${purchaseId}\n${expires}`)
    .digest('base64url');

/** `<purchase id in base64url>.<expiry, seconds base 36>.<signature>.pdf`. */
export async function ticketMediaToken(
  db: Db,
  purchaseId: string,
  now: Date = new Date(),
): Promise<string> {
  const expires = Math.floor((now.getTime() + TICKET_LINK_TTL_MS) / 1000).toString(36);
  const id = Buffer.from(purchaseId).toString('base64url');
  return `${id}.${expires}.${sign(await storedKey(db, KEY_ID), purchaseId, expires)}.pdf`;
}

/** The purchase a token names, or null when forged, malformed or expired. */
export async function purchaseOfTicketToken(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<string | null> {
  const match = /^([A-Za-z0-9_-]{1,200})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})\.pdf$/.exec(token);
  if (!match) return null;
  const [, id, expires, given] = match as unknown as [string, string, string, string];
  if (parseInt(expires, 36) * 1000 <= now.getTime()) return null;
  const purchaseId = Buffer.from(id, 'base64url').toString('utf8');
  const expected = Buffer.from(sign(await storedKey(db, KEY_ID), purchaseId, expires));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? purchaseId : null;
}
