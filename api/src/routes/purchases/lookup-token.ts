// The token of a lookup e-mail's list link: it opens GET /purchases/by-email/{email} for
// that e-mail until it expires, and nothing else. HMAC-SHA256 under a key derived from
// the api's secret for this use only, so it cannot stand for a staff session or another
// e-mail; checked in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'vag:purchase-lookup:v1';

const normal = (email: string) => email.trim().toLowerCase();

function signature(secret: string, email: string, expiresMs: number): string {
  const key = createHmac('sha256', secret).update(PURPOSE).digest();
  return createHmac('sha256', key)
    .update(`${normal(email)}\n${expiresMs}`)
    .digest('base64url');
}

/** `<expiry in base 36>.<signature>`. */
export function signLookupToken(secret: string, email: string, expiresAt: Date): string {
  const expiresMs = expiresAt.getTime();
  return `${expiresMs.toString(36)}.${signature(secret, email, expiresMs)}`;
}

export function lookupTokenValid(
  secret: string,
  email: string,
  token: string | undefined,
  now = new Date(),
): boolean {
  const [expiry, given] = (token ?? '').split('.');
  if (!expiry || !given || !/^[0-9a-z]{1,12}$/.test(expiry)) return false;
  const expiresMs = parseInt(expiry, 36);
  if (!(expiresMs > now.getTime())) return false;
  const expected = Buffer.from(signature(secret, email, expiresMs));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
