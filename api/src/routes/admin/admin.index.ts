// Staff accounts under /api/admin: login, registration (admins), own profile, user list.
import {
  PERMISSIONS,
  SERVER,
  STAFF_API_MESSAGES,
  loginSchema,
  registerSchema,
} from '@vag/contracts';
import { Hono } from 'hono';
import { ADMIN_ONLY, ALL_STAFF, requireStaff } from '../../auth';
import { decoyPasswordHash, verifyPassword } from '../../auth/password';
import { signStaffToken } from '../../auth/token';
import type { AppEnv } from '../../context';
import {
  createUser,
  DuplicateEmailError,
  findUserByEmail,
  findUserById,
  listUsers,
  type UserDoc,
} from '../../db/users';
import { apiError } from '../../lib/errors';
import { listResponse, withId } from '../../lib/simple-rest';
import { validate } from '../../lib/validate';
import { clientAddress, loginLimiters } from './login-limits';

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
    async (c, next) => {
      const deps = c.get('deps');
      if (!loginLimiters(deps).ip.hit(clientAddress(c, deps.env.TRUST_PROXY)))
        throw apiError(429, SERVER.tooManyAttempts);
      await next();
    },
    validate('json', loginSchema),
    async (c) => {
      const deps = c.get('deps');
      const { email, password } = c.req.valid('json');
      if (!loginLimiters(deps).email.hit(email)) throw apiError(429, SERVER.tooManyAttempts);
      const user = await findUserByEmail(deps.db, email);
      // An unknown e-mail costs the same hash check as a wrong password, and answers alike.
      const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
      if (!user || !ok || !user.active) throw apiError(401, SERVER.invalidCredentials);
      loginLimiters(deps).email.reset(email);
      const token = await signStaffToken(deps, user);
      return c.json({ token, user: { _id: user._id, email: user.email, role: user.role } });
    },
  )
  .post(
    '/register',
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
  .get('/me', requireStaff(ALL_STAFF, PERMISSIONS.profile), async (c) => {
    const user = await findUserById(c.get('deps').db, c.get('staff').id);
    if (!user) throw apiError(401, SERVER.invalidToken);
    return c.json({
      _id: user._id,
      email: user.email,
      role: user.role,
      code: user.code,
      fullname: user.fullname,
    });
  })
  .get('/', requireStaff(ADMIN_ONLY, PERMISSIONS.notAuthenticated), async (c) => {
    const rows = (await listUsers(c.get('deps').db)).map(userListItem);
    return listResponse(c, 'users', rows, ['fullname', 'email', 'code']);
  });
