// Staff accounts under /api/admin: login (with the lock-out of auth/login-lockout.ts),
// logout, registration (admins), own profile and password, user list.
import {
  PERMISSIONS,
  SERVER,
  STAFF_API_MESSAGES,
  changePasswordSchema,
  loginSchema,
  registerSchema,
  changePasswordResponseSchema,
  loginResponseSchema,
  profileSchema,
  registerResponseSchema,
  userListItemSchema,
} from '@vag/contracts';
import { Hono } from 'hono';
import { z } from 'zod';
import { ADMIN_ONLY, ALL_STAFF, bearerToken, requireStaff, verifyStaffToken } from '../../auth';
import { clientAddress } from '../../auth/client-address';
import { isKnownDevice, rememberDevice } from '../../auth/known-device';
import {
  clearFailedLogins,
  lockedOut,
  pairLockedUntil,
  recordFailedLogin,
} from '../../auth/login-lockout';
import { decoyPasswordHash, verifyPassword } from '@vag/core/auth/password';
import { rateLimit } from '../../auth/rate-limit';
import { bodyLimitOf, KB } from '../../lib/route-facts';
import { signStaffToken } from '../../auth/token';
import type { AppEnv } from '../../context';
import {
  changePassword,
  createUser,
  DuplicateEmailError,
  endAllSessions,
  findUserByEmail,
  findUserById,
  listUsers,
  revokeSession,
  takeFailedLogins,
  type UserDoc,
} from '@vag/core/db/users';
import { apiError } from '../../lib/errors';
import { listResponse, withId } from '../../lib/simple-rest';
import { validate } from '../../lib/validate';
import { JSON_BODY, describe, LIST } from '../../lib/openapi';

function userListItem(doc: UserDoc) {
  return withId({
    _id: doc._id,
    code: doc.code,
    fullname: doc.fullname,
    email: doc.email,
    role: doc.role,
    active: doc.active,
    createdAt: doc.createdAt,
  });
}

export const adminRouter = new Hono<AppEnv>()
  .post(
    '/login',
    describe({
      operationId: 'login',
      tag: 'admin',
      summary: 'Inicia sesión del personal.',
      response: loginResponseSchema,
      errors: [...JSON_BODY, 401, 429],
    }),
    bodyLimitOf(2 * KB),
    rateLimit('login'),
    validate('json', loginSchema),
    async (c) => {
      const deps = c.get('deps');
      const { email, password } = c.req.valid('json');
      const attempt = { email, address: clientAddress(c, deps.env.TRUST_PROXY) };
      const user = await findUserByEmail(deps.db, email);
      const lockedUntil = await pairLockedUntil(deps, attempt);
      if (lockedUntil && !(await isKnownDevice(c, user))) throw lockedOut(lockedUntil);
      // An unknown e-mail costs the same hash check as a wrong password, and answers alike.
      const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
      if (!user || !ok || !user.active) {
        await recordFailedLogin(deps, attempt);
        throw apiError(401, SERVER.invalidCredentials);
      }
      if (!lockedUntil) await clearFailedLogins(deps, attempt);
      await rememberDevice(c, user);
      const failed = await takeFailedLogins(deps.db, user._id);
      return c.json({
        token: await signStaffToken(deps, user),
        user: { _id: user._id, email: user.email, role: user.role },
        ...(failed
          ? { failedLogins: { count: failed.count, lastAt: failed.lastAt.toISOString() } }
          : {}),
      });
    },
  )
  .post(
    '/logout',
    describe({
      operationId: 'logout',
      tag: 'admin',
      summary: 'Cierra la sesión: el token deja de valer en el servidor.',
      response: z.object({ msg: z.string() }),
    }),
    requireStaff(ALL_STAFF, PERMISSIONS.notAuthenticated),
    async (c) => {
      const deps = c.get('deps');
      const claims = await verifyStaffToken(
        bearerToken(c.req.header('authorization')) ?? '',
        deps.jwtSecret,
      );
      const id = c.get('staff').id;
      // A token from before session ids cannot be named: every session of the account ends.
      if (claims?.jti)
        await revokeSession(deps.db, id, {
          tokenId: claims.jti,
          expiresAt: new Date(claims.exp * 1000),
        });
      else await endAllSessions(deps.db, id);
      return c.json({ msg: SERVER.loggedOut });
    },
  )
  .post(
    '/change-password',
    describe({
      operationId: 'changePassword',
      tag: 'admin',
      summary: 'Cambia la contraseña propia y cierra las demás sesiones de la cuenta.',
      response: changePasswordResponseSchema,
      errors: [...JSON_BODY],
    }),
    bodyLimitOf(2 * KB),
    requireStaff(ALL_STAFF, PERMISSIONS.profile),
    validate('json', changePasswordSchema),
    async (c) => {
      const deps = c.get('deps');
      const { currentPassword, newPassword } = c.req.valid('json');
      const user = await findUserById(deps.db, c.get('staff').id);
      if (!user) throw apiError(401, SERVER.invalidToken);
      if (!(await verifyPassword(currentPassword, user.passwordHash)))
        throw apiError(400, SERVER.currentPasswordWrong, {
          currentPassword: SERVER.currentPasswordWrong,
        });
      // Every session of the account ends here; this one goes on with a fresh token.
      const changed = await changePassword(deps.db, user._id, newPassword);
      if (!changed) throw apiError(401, SERVER.invalidToken);
      return c.json({ msg: SERVER.passwordChanged, token: await signStaffToken(deps, changed) });
    },
  )
  .post(
    '/register',
    describe({
      operationId: 'register',
      tag: 'admin',
      summary: 'Registra un usuario (administrador o revendedor).',
      status: 201,
      response: registerResponseSchema,
      errors: [...JSON_BODY, 409],
    }),
    requireStaff(ADMIN_ONLY, PERMISSIONS.registerNoToken, {
      forbiddenMsg: PERMISSIONS.registerNotAdmin,
    }),
    validate('json', registerSchema),
    async (c) => {
      const { name, email, password, role } = c.req.valid('json');
      try {
        const user = await createUser(c.get('deps').db, { fullname: name, email, password, role });
        return c.json({ msg: STAFF_API_MESSAGES.userRegistered, user: userListItem(user) }, 201);
      } catch (error) {
        if (error instanceof DuplicateEmailError)
          throw apiError(409, SERVER.emailTaken, { email: SERVER.emailTaken });
        throw error;
      }
    },
  )
  .get(
    '/me',
    describe({
      operationId: 'me',
      tag: 'admin',
      summary: 'Perfil del usuario actual.',
      response: profileSchema,
    }),
    requireStaff(ALL_STAFF, PERMISSIONS.profile),
    async (c) => {
      const user = await findUserById(c.get('deps').db, c.get('staff').id);
      if (!user) throw apiError(401, SERVER.invalidToken);
      return c.json({
        _id: user._id,
        email: user.email,
        role: user.role,
        code: user.code,
        fullname: user.fullname,
      });
    },
  )
  .get(
    '/',
    describe({
      operationId: 'listUsers',
      tag: 'admin',
      summary: 'Lista de usuarios del personal.',
      response: z.array(userListItemSchema),
      errors: LIST,
    }),
    requireStaff(ADMIN_ONLY, PERMISSIONS.notAuthenticated),
    async (c) => {
      const rows = (await listUsers(c.get('deps').db)).map(userListItem);
      return listResponse(c, 'users', rows, ['fullname', 'email', 'code']);
    },
  );
