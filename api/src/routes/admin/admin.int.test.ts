import { PERMISSIONS, SERVER, VALIDATION } from '@vag/contracts';
import { sign } from 'hono/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKOUT } from '../../auth/login-lockout';
import { verifyPassword } from '@vag/core/auth/password';
import { findUserByEmail } from '@vag/core/db/users';
import { apiCaller, createStaff } from '../../testing/seed';
import { roomInWindow } from '../../testing/rate-limits';
import { startTestServer, type TestServer } from '../../testing/server';

let server: TestServer;
beforeAll(async () => {
  // TRUST_PROXY lets each call come from its own address, so the per-address login
  // limit only bites in the test about it.
  server = await startTestServer({
    env: { ADMIN_EMAIL: 'Primero@VoyAGanar.ec', ADMIN_PASSWORD: 'Inicio123!', TRUST_PROXY: 'true' },
  });
});
afterAll(async () => server?.stop());

let nextAddress = 1;
function call(
  method: string,
  path: string,
  { body, token, ip }: { body?: unknown; token?: string; ip?: string } = {},
) {
  const address = ip ?? `10.0.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;
  return apiCaller(server.url)(method, path, {
    body,
    token,
    headers: { 'x-forwarded-for': address },
  });
}

describe('POST /api/admin/login', () => {
  it('signs in the first admin created from ADMIN_EMAIL / ADMIN_PASSWORD at start', async () => {
    const res = await call('POST', '/admin/login', {
      body: { email: 'primero@voyaganar.ec', password: 'Inicio123!' },
    });
    expect(res.status).toBe(200);
    expect(res.json.token).toEqual(expect.any(String));
    expect(res.json.user).toEqual({
      _id: expect.any(String),
      email: 'primero@voyaganar.ec',
      role: 'admin',
    });
    const me = await call('GET', '/admin/me', { token: res.json.token });
    expect(me.json).toMatchObject({ email: 'primero@voyaganar.ec', role: 'admin', code: null });
  });

  it('stores the password as a salted scrypt hash', async () => {
    const user = await findUserByEmail(server.db, 'primero@voyaganar.ec');
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
    expect(user?.passwordHash).not.toContain('Inicio123!');
    expect(await verifyPassword('Inicio123!', user!.passwordHash)).toBe(true);
  });

  it("answers a wrong password and an unknown e-mail alike with 401 'Credenciales inválidas'", async () => {
    const { user } = await createStaff(server.db, { role: 'admin', password: 'Correcta1' });
    const wrong = await call('POST', '/admin/login', {
      body: { email: user.email, password: 'Incorrecta1' },
    });
    const unknown = await call('POST', '/admin/login', {
      body: { email: 'nadie@voyaganar.ec', password: 'Incorrecta1' },
    });
    expect(wrong).toMatchObject({ status: 401, json: { msg: SERVER.invalidCredentials } });
    expect(unknown).toMatchObject({ status: 401, json: { msg: SERVER.invalidCredentials } });
  });

  it("answers 400 'Correo electrónico inválido' and 'La contraseña debe tener al menos 6 caracteres'", async () => {
    const badEmail = await call('POST', '/admin/login', {
      body: { email: 'no-es-correo', password: 'Clave123' },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.json.msg).toBe(VALIDATION.emailInvalidAdmin);
    expect(badEmail.json.errors.email).toBe(VALIDATION.emailInvalidAdmin);
    const shortPassword = await call('POST', '/admin/login', {
      body: { email: 'a@b.ec', password: '123' },
    });
    expect(shortPassword.json).toMatchObject({
      msg: VALIDATION.passwordMin,
      errors: { password: VALIDATION.passwordMin },
    });
  });

  it('answers 400 in Spanish to malformed JSON and wrong types', async () => {
    const malformed = await call('POST', '/admin/login', { body: '{"email": ' });
    expect(malformed).toMatchObject({ status: 400, json: { msg: SERVER.invalidJson } });
    const types = await call('POST', '/admin/login', { body: { email: 42, password: ['x'] } });
    expect(types.status).toBe(400);
    expect(types.json.msg).toBe(VALIDATION.emailInvalidAdmin);
  });

  it('refuses a reseller deactivated by an admin', async () => {
    const { user, password, token } = await createStaff(server.db, { role: 'reseller' });
    const admin = await createStaff(server.db, { role: 'admin' });
    await call('PUT', `/resellers/${user._id}`, {
      token: admin.token,
      body: { fullname: user.fullname, email: user.email, active: false },
    });
    expect(
      (await call('POST', '/admin/login', { body: { email: user.email, password } })).status,
    ).toBe(401);
    expect(await call('GET', '/admin/me', { token })).toMatchObject({
      status: 401,
      json: { msg: SERVER.invalidToken },
    });
  });

  it("limits attempts per address: the 11th within a minute answers 429 'Demasiados intentos…' with Retry-After, whatever the e-mail", async () => {
    await roomInWindow(60_000);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push(
        (
          await call('POST', '/admin/login', {
            ip: '203.0.113.7',
            body: { email: `x${i}@example.ec`, password: 'mala-clave' },
          })
        ).status,
      );
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    const refused = await call('POST', '/admin/login', {
      ip: '203.0.113.7',
      body: { email: 'x10@example.ec', password: 'mala-clave' },
    });
    expect(refused).toMatchObject({ status: 429, json: { msg: SERVER.tooManyAttempts } });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect(
      (
        await call('POST', '/admin/login', {
          ip: '203.0.113.8',
          body: { email: 'x@example.ec', password: 'mala-clave' },
        })
      ).status,
    ).toBe(401);
  });

  it("locks the attacker, not the owner: 5 failures from one address answer 429 'Demasiados intentos fallidos…' there, even with the right password, while the owner signs in from elsewhere", async () => {
    await roomInWindow(LOCKOUT.windowMs);
    const { user, password } = await createStaff(server.db, { role: 'admin' });
    const attacker = '198.51.100.66';
    const statuses: number[] = [];
    for (let i = 0; i < LOCKOUT.failures; i++)
      statuses.push(
        (
          await call('POST', '/admin/login', {
            ip: attacker,
            body: { email: user.email, password: 'mala-clave' },
          })
        ).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const locked = await call('POST', '/admin/login', {
      ip: attacker,
      body: { email: user.email.toUpperCase(), password },
    });
    expect(locked).toMatchObject({ status: 429, json: { msg: SERVER.accountLocked } });
    expect(SERVER.accountLocked).toBe(
      'Demasiados intentos fallidos desde esta conexión. Intente nuevamente en unos minutos.',
    );
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOCKOUT.firstLockMs / 1000);
    // The owner, from the office, is not locked out.
    const owner = await call('POST', '/admin/login', {
      ip: '192.0.2.10',
      body: { email: user.email, password },
    });
    expect(owner.status).toBe(200);
  });

  it('locks one address longer each time: the second lock lasts twice the first', async () => {
    await roomInWindow(LOCKOUT.windowMs);
    const { user } = await createStaff(server.db, { role: 'admin' });
    const attacker = '198.51.100.67';
    const fail = () =>
      call('POST', '/admin/login', {
        ip: attacker,
        body: { email: user.email, password: 'mala' + 'x'.repeat(6) },
      });
    for (let i = 0; i < LOCKOUT.failures; i++) expect((await fail()).status).toBe(401);
    const first = Number((await fail()).headers.get('retry-after'));
    expect(first).toBeLessThanOrEqual(60);
    // The first lock runs out (its document goes, as the sweeper removes an ended lock).
    await server.db.collection('rate_limits').deleteMany({ limiter: 'login-lock' });
    expect((await fail()).status).toBe(401);
    const second = await fail();
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(Number(second.headers.get('retry-after'))).toBeLessThanOrEqual(120);
  });

  it('lets a device that signed in before through a locked address (the owner behind the attacker’s address)', async () => {
    await roomInWindow(LOCKOUT.windowMs);
    const { user, password } = await createStaff(server.db, { role: 'admin' });
    const shared = '198.51.100.68';
    const login = (body: unknown, cookie?: string, address = shared) =>
      fetch(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': address,
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify(body),
      });
    const first = await login({ email: user.email, password });
    expect(first.status).toBe(200);
    const setCookie = first.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    const device = setCookie.split(';')[0]!;

    for (let i = 0; i < LOCKOUT.failures; i++)
      expect((await login({ email: user.email, password: 'mala-clave' })).status).toBe(401);
    expect((await login({ email: user.email, password })).status).toBe(429);
    expect((await login({ email: user.email, password }, device)).status).toBe(200);
    // The owner's way in does not reopen the address to the attacker.
    expect((await login({ email: user.email, password })).status).toBe(429);
    // The cookie speaks for its own account only (here from another shared address, as
    // each address has its own 10 tries a minute).
    const other = await createStaff(server.db, { role: 'admin' });
    const elsewhere = '198.51.100.69';
    for (let i = 0; i < LOCKOUT.failures; i++)
      expect(
        (await login({ email: other.user.email, password: 'mala-clave' }, undefined, elsewhere))
          .status,
      ).toBe(401);
    expect(
      (await login({ email: other.user.email, password: other.password }, device, elsewhere))
        .status,
    ).toBe(429);
  });

  it('tells the owner of failed attempts at the next sign-in, once', async () => {
    const { user, password } = await createStaff(server.db, { role: 'admin' });
    for (let i = 0; i < 3; i++)
      expect(
        (
          await call('POST', '/admin/login', {
            body: { email: user.email, password: 'mala-clave' },
          })
        ).status,
      ).toBe(401);
    const next = await call('POST', '/admin/login', { body: { email: user.email, password } });
    expect(next.status).toBe(200);
    expect(next.json.failedLogins.count).toBe(3);
    expect(Date.now() - Date.parse(next.json.failedLogins.lastAt)).toBeLessThan(60_000);
    const after = await call('POST', '/admin/login', { body: { email: user.email, password } });
    expect(after.json.failedLogins).toBeUndefined();
  });

  it('counts failures again from zero after a successful login', async () => {
    await roomInWindow(LOCKOUT.windowMs);
    const { user, password } = await createStaff(server.db, { role: 'admin' });
    const fail = async () =>
      (await call('POST', '/admin/login', { body: { email: user.email, password: 'mala-clave' } }))
        .status;
    for (let i = 0; i < LOCKOUT.failures - 1; i++) expect(await fail()).toBe(401);
    expect(
      (await call('POST', '/admin/login', { body: { email: user.email, password } })).status,
    ).toBe(200);
    for (let i = 0; i < LOCKOUT.failures - 1; i++) expect(await fail()).toBe(401);
    expect(
      (await call('POST', '/admin/login', { body: { email: user.email, password } })).status,
    ).toBe(200);
  });
});

describe('POST /api/admin/change-password', () => {
  async function signIn(email: string, password: string): Promise<string> {
    const res = await call('POST', '/admin/login', { body: { email, password } });
    expect(res.status).toBe(200);
    return res.json.token as string;
  }

  it('changes the password and ends every other session of the account; the answer carries a new token', async () => {
    const { user, password } = await createStaff(server.db, { role: 'reseller' });
    const laptop = await signIn(user.email, password);
    const phone = await signIn(user.email, password);
    const res = await call('POST', '/admin/change-password', {
      token: laptop,
      body: { currentPassword: password, newPassword: 'Nueva456!' },
    });
    expect(res).toMatchObject({
      status: 200,
      json: { msg: 'Contraseña actualizada. Inicie sesión nuevamente con la nueva contraseña.' },
    });
    for (const old of [laptop, phone])
      expect(await call('GET', '/admin/me', { token: old })).toMatchObject({
        status: 401,
        json: { msg: SERVER.invalidToken },
      });
    expect((await call('GET', '/admin/me', { token: res.json.token })).json.email).toBe(user.email);
    expect(
      (await call('POST', '/admin/login', { body: { email: user.email, password } })).status,
    ).toBe(401);
    await signIn(user.email, 'Nueva456!');
  });

  it("answers 400 'La contraseña actual es incorrecta.' and keeps the sessions", async () => {
    const { user, password, token } = await createStaff(server.db, { role: 'admin' });
    const res = await call('POST', '/admin/change-password', {
      token,
      body: { currentPassword: 'no-es-esta', newPassword: 'Nueva456!' },
    });
    expect(res).toMatchObject({
      status: 400,
      json: {
        msg: 'La contraseña actual es incorrecta.',
        errors: { currentPassword: 'La contraseña actual es incorrecta.' },
      },
    });
    expect((await call('GET', '/admin/me', { token })).status).toBe(200);
    await signIn(user.email, password);
  });

  it.each([
    [{ currentPassword: 'Clave123!', newPassword: '123' }, VALIDATION.passwordMin],
    [
      { currentPassword: 'Clave123!', newPassword: 'Clave123!' },
      'La nueva contraseña debe ser distinta de la actual',
    ],
    [{ currentPassword: '', newPassword: 'Nueva456!' }, 'La contraseña actual es requerida'],
  ])('answers 400 in Spanish to %j', async (body, msg) => {
    const { token } = await createStaff(server.db, { role: 'admin' });
    const res = await call('POST', '/admin/change-password', { token, body });
    expect(res).toMatchObject({ status: 400, json: { msg } });
  });

  it('answers 401 without a token', async () => {
    const res = await call('POST', '/admin/change-password', {
      body: { currentPassword: 'Clave123!', newPassword: 'Nueva456!' },
    });
    expect(res.status).toBe(401);
    expect(res.json.msg).toEqual(expect.any(String));
  });
});

describe('deactivating a reseller', () => {
  it('ends their sessions for good: reactivating the account does not bring old tokens back', async () => {
    const { user, password, token } = await createStaff(server.db, { role: 'reseller' });
    const admin = await createStaff(server.db, { role: 'admin' });
    const edit = (active: boolean) =>
      call('PUT', `/resellers/${user._id}`, {
        token: admin.token,
        body: { fullname: user.fullname, email: user.email, active },
      });
    expect((await edit(false)).status).toBe(200);
    expect((await call('GET', '/admin/me', { token })).status).toBe(401);
    expect((await edit(true)).status).toBe(200);
    expect(await call('GET', '/admin/me', { token })).toMatchObject({
      status: 401,
      json: { msg: SERVER.invalidToken },
    });
    const fresh = await call('POST', '/admin/login', { body: { email: user.email, password } });
    expect((await call('GET', '/admin/me', { token: fresh.json.token })).status).toBe(200);
  });
});

describe('POST /api/admin/register', () => {
  it('lets an admin register a reseller, who gets a readable referral code and can sign in', async () => {
    const admin = await createStaff(server.db, { role: 'admin' });
    const res = await call('POST', '/admin/register', {
      token: admin.token,
      body: {
        name: 'María Cedeño',
        email: 'Maria.Cedeno@Example.ec',
        password: 'Clave123',
        role: 'reseller',
      },
    });
    expect(res.status).toBe(201);
    expect(res.json.user).toMatchObject({
      fullname: 'María Cedeño',
      email: 'maria.cedeno@example.ec',
      role: 'reseller',
    });
    expect(res.json.user.code).toMatch(/^REV-[2-9A-HJ-NP-Z]{6}$/);
    const login = await call('POST', '/admin/login', {
      body: { email: 'maria.cedeno@example.ec', password: 'Clave123' },
    });
    expect(login.json.user.role).toBe('reseller');
    const me = await call('GET', '/admin/me', { token: login.json.token });
    expect(me.json).toMatchObject({
      email: 'maria.cedeno@example.ec',
      role: 'reseller',
      code: res.json.user.code,
    });
  });

  it('defaults the role to reseller and refuses a duplicate e-mail with 409', async () => {
    const admin = await createStaff(server.db, { role: 'admin' });
    const body = { name: 'Pedro Loor', email: 'pedro.loor@example.ec', password: 'Clave123' };
    expect(
      (await call('POST', '/admin/register', { token: admin.token, body })).json.user.role,
    ).toBe('reseller');
    const again = await call('POST', '/admin/register', {
      token: admin.token,
      body: { ...body, email: 'PEDRO.LOOR@example.ec' },
    });
    expect(again).toMatchObject({ status: 409, json: { msg: SERVER.emailTaken } });
  });

  it.each([
    [
      { name: 'Al', email: 'x@example.ec', password: 'Clave123', role: 'admin' },
      VALIDATION.userNameMin,
    ],
    [
      { name: 'Alicia', email: 'x', password: 'Clave123', role: 'admin' },
      VALIDATION.emailInvalidAdmin,
    ],
    [
      { name: 'Alicia', email: 'x@example.ec', password: '123', role: 'admin' },
      VALIDATION.passwordMin,
    ],
    [
      { name: 'Alicia', email: 'x@example.ec', password: 'Clave123', role: 'jefe' },
      VALIDATION.roleRequired,
    ],
  ])('answers 400 with the SPEC message for %o', async (body, msg) => {
    const admin = await createStaff(server.db, { role: 'admin' });
    const res = await call('POST', '/admin/register', { token: admin.token, body });
    expect(res).toMatchObject({ status: 400, json: { msg } });
  });

  it("answers 401 'No tiene permisos para esta acción' without a token and 403 'Acceso denegado: Solo los administradores…' to a reseller", async () => {
    const body = {
      name: 'Alicia',
      email: 'alicia@example.ec',
      password: 'Clave123',
      role: 'admin',
    };
    expect(await call('POST', '/admin/register', { body })).toMatchObject({
      status: 401,
      json: { msg: PERMISSIONS.registerNoToken },
    });
    const reseller = await createStaff(server.db, { role: 'reseller' });
    expect(await call('POST', '/admin/register', { token: reseller.token, body })).toMatchObject({
      status: 403,
      json: { msg: PERMISSIONS.registerNotAdmin },
    });
  });
});

describe('GET /api/admin/me and GET /api/admin', () => {
  it("answers 401 'No tiene permisos para obtener información del perfil' without a token", async () => {
    expect(await call('GET', '/admin/me')).toMatchObject({
      status: 401,
      json: { msg: PERMISSIONS.profile },
    });
  });

  it("answers 401 'Sesión inválida o expirada.' to expired and forged tokens", async () => {
    const { user } = await createStaff(server.db, { role: 'admin' });
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await sign(
      { sub: user._id, email: user.email, role: 'admin', iat: past - 60, exp: past },
      server.deps.jwtSecret,
      'HS256',
    );
    const forged = await sign(
      { sub: user._id, email: user.email, role: 'admin', exp: past + 7200 },
      'otro-secreto',
      'HS256',
    );
    for (const token of [expired, forged, 'no.es.jwt']) {
      expect(await call('GET', '/admin/me', { token })).toMatchObject({
        status: 401,
        json: { msg: SERVER.invalidToken },
      });
    }
  });

  it('lists staff users with code, fullname, email and role for admins only', async () => {
    const admin = await createStaff(server.db, { role: 'admin', fullname: 'Ana Admin' });
    const reseller = await createStaff(server.db, {
      role: 'reseller',
      fullname: 'Rolando Revende',
    });
    const res = await call('GET', '/admin', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: reseller.user._id,
          fullname: 'Rolando Revende',
          email: reseller.user.email,
          role: 'reseller',
          code: reseller.user.code,
        }),
        expect.objectContaining({ id: admin.user._id, fullname: 'Ana Admin', role: 'admin' }),
      ]),
    );
    expect(JSON.stringify(res.json)).not.toContain('passwordHash');
    expect(res.headers.get('content-range')).toMatch(/^users 0-\d+\/\d+$/);
    expect((await call('GET', '/admin', { token: reseller.token })).status).toBe(403);
  });

  it('pages the user list the react-admin way', async () => {
    const admin = await createStaff(server.db, { role: 'admin' });
    const res = await call(
      'GET',
      `/admin?sort=${encodeURIComponent('["email","ASC"]')}&range=${encodeURIComponent('[0,1]')}`,
      { token: admin.token },
    );
    expect(res.json).toHaveLength(2);
    expect(res.headers.get('content-range')).toMatch(/^users 0-1\/\d+$/);
    expect(res.headers.get('access-control-expose-headers')).toBe('Content-Range');
    const bad = await call('GET', '/admin?range=nope', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toHaveProperty('range');
  });
});

describe('POST /api/admin/logout', () => {
  it('ends that session on the server: a copy of the token answers 401 after, the account’s other sessions go on', async () => {
    const { user, password } = await createStaff(server.db, { role: 'reseller' });
    const signIn = async () =>
      (await call('POST', '/admin/login', { body: { email: user.email, password } })).json
        .token as string;
    const [token, otherDevice] = [await signIn(), await signIn()];
    expect((await call('GET', '/admin/me', { token })).status).toBe(200);

    expect(await call('POST', '/admin/logout', { token })).toMatchObject({
      status: 200,
      json: { msg: SERVER.loggedOut },
    });
    expect(await call('GET', '/admin/me', { token })).toMatchObject({
      status: 401,
      json: { msg: SERVER.invalidToken },
    });
    expect((await call('GET', '/admin/me', { token: otherDevice })).status).toBe(200);
    expect((await call('POST', '/admin/logout')).status).toBe(401);
  });
});
