import { PERMISSIONS, SERVER, STAFF_API_MESSAGES, VALIDATION } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createStaff } from '../../testing/seed';
import { startTestServer, type TestServer } from '../../testing/server';

let server: TestServer;
let call: ReturnType<typeof apiCaller>;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  call = apiCaller(server.url);
  admin = (await createStaff(server.db, { role: 'admin' })).token;
});
afterAll(async () => server?.stop());

describe('resellers', () => {
  it('GET /api/resellers lists resellers only, searchable by name or e-mail with q', async () => {
    const a = await createStaff(server.db, {
      role: 'reseller',
      fullname: 'Carmen Zambrano',
      email: 'carmen@guayaquil.ec',
    });
    const b = await createStaff(server.db, {
      role: 'reseller',
      fullname: 'José Ñauta',
      email: 'jose@cuenca.ec',
    });
    const all = await call('GET', '/resellers', { token: admin });
    expect(all.json.every((r: { code: string }) => r.code.startsWith('REV-'))).toBe(true);
    expect(all.json.map((r: { _id: string }) => r._id)).toEqual(
      expect.arrayContaining([a.user._id, b.user._id]),
    );
    expect(all.json).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ role: 'admin' })]),
    );
    expect(
      (await call('GET', '/resellers?q=zambrano', { token: admin })).json.map(
        (r: { _id: string }) => r._id,
      ),
    ).toEqual([a.user._id]);
    expect(
      (await call('GET', '/resellers?q=CUENCA', { token: admin })).json.map(
        (r: { _id: string }) => r._id,
      ),
    ).toEqual([b.user._id]);
    expect(
      (await call('GET', '/resellers?q=nauta', { token: admin })).json.map(
        (r: { _id: string }) => r._id,
      ),
    ).toEqual([b.user._id]);
    expect((await call('GET', `/resellers/${a.user._id}`, { token: admin })).json).toMatchObject({
      id: a.user._id,
      fullname: 'Carmen Zambrano',
      active: true,
    });
  });

  it('PUT /api/resellers/{id} edits fullname, email and active; duplicate e-mail answers 409', async () => {
    const r = await createStaff(server.db, { role: 'reseller' });
    const other = await createStaff(server.db, { role: 'reseller' });
    const res = await call('PUT', `/resellers/${r.user._id}`, {
      token: admin,
      body: { fullname: 'Nuevo Nombre', email: 'NUEVO@correo.ec', active: false },
    });
    expect(res.json).toMatchObject({
      fullname: 'Nuevo Nombre',
      email: 'nuevo@correo.ec',
      active: false,
      code: r.user.code,
    });
    const dup = await call('PUT', `/resellers/${r.user._id}`, {
      token: admin,
      body: { fullname: 'X Y Z', email: other.user.email, active: true },
    });
    expect(dup).toMatchObject({ status: 409, json: { msg: SERVER.emailTaken } });
    const body = { fullname: 'X Y Z', email: 'libre@correo.ec', active: true };
    for (const method of ['PUT', 'DELETE'])
      expect(
        await call(method, '/resellers/no-existe', {
          token: admin,
          body: method === 'PUT' ? body : undefined,
        }),
      ).toMatchObject({ status: 404, json: { msg: STAFF_API_MESSAGES.resellerNotFound } });
    const bad = await call('PUT', `/resellers/${r.user._id}`, {
      token: admin,
      body: { fullname: '', email: 'no', active: 'sí' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toMatchObject({
      fullname: VALIDATION.fullnameRequired,
      email: VALIDATION.emailInvalidAdmin,
    });
  });

  it('DELETE /api/resellers/{id} removes a reseller and never an admin', async () => {
    const r = await createStaff(server.db, { role: 'reseller' });
    const otherAdmin = await createStaff(server.db, { role: 'admin' });
    expect((await call('DELETE', `/resellers/${r.user._id}`, { token: admin })).status).toBe(200);
    expect(await call('GET', `/resellers/${r.user._id}`, { token: admin })).toMatchObject({
      status: 404,
      json: { msg: STAFF_API_MESSAGES.resellerNotFound },
    });
    expect(
      (await call('DELETE', `/resellers/${otherAdmin.user._id}`, { token: admin })).status,
    ).toBe(404);
    expect((await call('GET', '/admin/me', { token: r.token })).status).toBe(401);
  });

  it('answers the SPEC §8 permission messages without a token and 403 to resellers', async () => {
    const r = await createStaff(server.db, { role: 'reseller' });
    expect(await call('GET', '/resellers')).toMatchObject({
      status: 401,
      json: { msg: PERMISSIONS.viewResellers },
    });
    expect(await call('PUT', '/resellers/x', { body: {} })).toMatchObject({
      status: 401,
      json: { msg: PERMISSIONS.updateResellers },
    });
    expect(await call('DELETE', '/resellers/x')).toMatchObject({
      status: 401,
      json: { msg: PERMISSIONS.deleteResellers },
    });
    expect((await call('GET', '/resellers', { token: r.token })).status).toBe(403);
  });
});
