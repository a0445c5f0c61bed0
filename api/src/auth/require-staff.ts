// requireStaff(): the guard on every staff route. No token answers 401 with the call's
// own SPEC §8 permission message; an expired, forged or revoked token (its account gone,
// inactive, its session version behind the account's, or the session logged out) answers 401 'Sesión inválida o
// expirada.'; a signed-in user of the wrong role answers 403.
import { PERMISSIONS, SERVER } from '@vag/contracts';
import { createMiddleware } from 'hono/factory';
import { uniqueSymbol } from 'hono-openapi';
import type { Context } from 'hono';
import type { AppDeps, AppEnv, StaffUser } from '../context';
import { findUserById, type StaffRole, type UserDoc } from '@vag/core/db/users';
import { apiError } from '../lib/errors';
import { staffSpec } from '../lib/openapi';
import { verifyStaffToken } from './token';

/** The account a token speaks for, while the token is still one of its live sessions. */
async function sessionUser(
  deps: Pick<AppDeps, 'db' | 'jwtSecret'>,
  token: string,
): Promise<UserDoc | null> {
  const claims = await verifyStaffToken(token, deps.jwtSecret);
  const user = claims ? await findUserById(deps.db, claims.sub) : null;
  if (!claims || !user || !user.active) return null;
  if (claims.jti && user.revokedSessions?.[claims.jti]) return null;
  return (claims.ver ?? 0) === (user.tokenVersion ?? 0) ? user : null;
}

export const ADMIN_ONLY: readonly StaffRole[] = ['admin'];
export const ALL_STAFF: readonly StaffRole[] = ['admin', 'reseller'];

export interface RequireStaffOptions {
  /** 403 message for a signed-in user of another role. */
  forbiddenMsg?: string;
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * @param roles who may call; all staff when omitted.
 * @param permissionMsg the 401 message without a token (SPEC §8), e.g. PERMISSIONS.createPackages.
 */
export function requireStaff(
  roles?: readonly StaffRole[],
  permissionMsg: string = PERMISSIONS.notAuthenticated,
  options: RequireStaffOptions = {},
) {
  const guard = createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw apiError(401, permissionMsg);
    const user = await sessionUser(c.get('deps'), token);
    if (!user) throw apiError(401, SERVER.invalidToken);
    if (roles && !roles.includes(user.role))
      throw apiError(403, options.forbiddenMsg ?? SERVER.forbidden);
    c.set('staff', {
      id: user._id,
      email: user.email,
      role: user.role,
      ...(user.code ? { code: user.code } : {}),
    });
    await next();
  });
  // The guard documents itself on every route it protects: token, roles, 401 and 403.
  return Object.assign(guard, {
    [uniqueSymbol]: { spec: staffSpec(roles ?? ALL_STAFF, ALL_STAFF) },
  });
}

/** The signed-in staff member when a valid token came along, without refusing anyone (public calls that show more to staff). */
export function optionalStaff() {
  return createMiddleware<AppEnv>(async (c, next) => {
    await staffOf(c);
    await next();
  });
}

/**
 * The staff member this request is signed in as (null: a visitor or an invalid token):
 * the one a guard already checked, else the token's, read once and kept on the request.
 */
export async function staffOf(c: Context<AppEnv>): Promise<StaffUser | null> {
  const known = c.get('staff') as StaffUser | undefined;
  if (known) return known;
  const token = bearerToken(c.req.header('authorization'));
  const user = token ? await sessionUser(c.get('deps'), token) : null;
  if (!user) return null;
  const staff: StaffUser = {
    id: user._id,
    email: user.email,
    role: user.role,
    ...(user.code ? { code: user.code } : {}),
  };
  c.set('staff', staff);
  return staff;
}
