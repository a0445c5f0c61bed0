import { PERMISSIONS, SERVER, VALIDATION } from '@vag/contracts';
import { sign } from 'hono/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../auth/password';
import { findUserByEmail } from '../../db/users';
import { apiCaller, createStaff } from '../../testing/seed';
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

  it('limits attempts per address: the 11th within a minute answers 429 whatever the e-mail', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await call('POST', '/admin/login', {
            ip: '203.0.113.7',
            body: { email: `x${i}@example.ec`, password: 'mala-clave' },
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
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

  it("limits attempts per e-mail: the 6th within a minute answers 429 'Demasiados intentos…'", async () => {
    const { user, password } = await createStaff(server.db, { role: 'admin' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await call('POST', '/admin/login', {
            body: { email: user.email, password: 'mala-clave' },
          })
        ).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const blocked = await call('POST', '/admin/login', { body: { email: user.email, password } });
    expect(blocked).toMatchObject({ status: 429, json: { msg: SERVER.tooManyAttempts } });
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
