// The caller's address, the subject of the per-address rate limits and holding ceiling.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The caller's address. Behind a trusted proxy (TRUST_PROXY) it is the right-most
 * X-Forwarded-For entry: the one our proxy appended for the connection it received. Every
 * entry left of it was sent by the client, who can write anything there.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'local';
  }
}
