// A browser that signed in to an account keeps a signed, http-only cookie naming that
// account (and its session version). A login from such a device passes the lock on its
// address: an attacker who shares the owner's address (an office, a carrier's CGNAT)
// cannot lock the owner out of a device the owner has used. A password change (a new
// session version) makes every such cookie worthless.
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { sign, verify } from 'hono/jwt';
import type { AppEnv } from '../context';
import type { UserDoc } from '@vag/core/db/users';

const COOKIE = 'vag_device';
const MAX_AGE_SECONDS = 180 * 24 * 3600;

/** Gives the browser the known-device cookie of `user` (a successful sign-in). */
export async function rememberDevice(c: Context<AppEnv>, user: UserDoc): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const token = await sign(
    {
      kind: 'device',
      sub: user._id,
      ver: user.tokenVersion ?? 0,
      iat: now,
      exp: now + MAX_AGE_SECONDS,
    },
    c.get('deps').jwtSecret,
    'HS256',
  );
  setCookie(c, COOKIE, token, {
    path: '/api/admin',
    httpOnly: true,
    sameSite: 'Strict',
    secure:
      new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https',
    maxAge: MAX_AGE_SECONDS,
  });
}

/** Whether the request comes from a device that signed in to `user` before. */
export async function isKnownDevice(c: Context<AppEnv>, user: UserDoc | null): Promise<boolean> {
  const token = getCookie(c, COOKIE);
  if (!user || !token) return false;
  try {
    const claims = await verify(token, c.get('deps').jwtSecret, 'HS256');
    return (
      claims.kind === 'device' && claims.sub === user._id && claims.ver === (user.tokenVersion ?? 0)
    );
  } catch {
    return false;
  }
}
