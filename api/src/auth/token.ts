// Staff sessions are HS256 JWTs carrying the user id and role; `exp` comes from
// JWT_TTL_SECONDS. The middleware re-reads the account on each call, so a deleted or
// deactivated reseller loses access at once even with a token still in date; `ver` is the
// account's session version, raised by a password change or a deactivation, which ends
// every token signed before it. `jti` names the session, so a logout can end that one alone.
import { randomUUID } from 'node:crypto';
import { sign, verify } from 'hono/jwt';
import type { AppDeps } from '../context';
import type { StaffRole } from '@vag/core/db/users';

export interface StaffClaims {
  sub: string;
  email: string;
  role: StaffRole;
  /** The account's tokenVersion when signed (absent in tokens from before versions: 0). */
  ver?: number;
  /** The session's id, which a logout revokes (absent in tokens from before logouts). */
  jti?: string;
  iat: number;
  exp: number;
}

export async function signStaffToken(
  deps: { env: Pick<AppDeps['env'], 'JWT_TTL_SECONDS'>; jwtSecret: string },
  user: { _id: string; email: string; role: StaffRole; tokenVersion?: number },
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  const claims: StaffClaims = {
    sub: user._id,
    email: user.email,
    role: user.role,
    ver: user.tokenVersion ?? 0,
    jti: randomUUID(),
    iat: now,
    exp: now + deps.env.JWT_TTL_SECONDS,
  };
  return sign({ ...claims }, deps.jwtSecret, 'HS256');
}

/**
 * Tokens whose signature was checked, by secret: staff send the same token with every
 * call (a cashier confirming transfers in a sale, dozens a second), and checking its
 * HMAC through Web Crypto cost ~2 % of the api's CPU. Expiry is still checked on every
 * use; revocation is the account read of require-staff.ts, which runs every time too.
 */
const verified = new Map<string, { secret: string; claims: StaffClaims }>();
const MAX_VERIFIED = 1_000;

/** The claims of a valid, unexpired token signed with our secret; null for anything else. */
export async function verifyStaffToken(token: string, secret: string): Promise<StaffClaims | null> {
  const known = verified.get(token);
  if (known?.secret === secret)
    return known.claims.exp > Math.floor(Date.now() / 1000) ? known.claims : null;
  const claims = await verifySignedToken(token, secret);
  if (claims) {
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(token, { secret, claims });
  }
  return claims;
}

async function verifySignedToken(token: string, secret: string): Promise<StaffClaims | null> {
  try {
    const payload = await verify(token, secret, 'HS256');
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.exp !== 'number' ||
      (payload.role !== 'admin' && payload.role !== 'reseller') ||
      (payload.ver !== undefined && typeof payload.ver !== 'number') ||
      (payload.jti !== undefined && typeof payload.jti !== 'string')
    )
      return null;
    return payload as unknown as StaffClaims;
  } catch {
    return null;
  }
}
