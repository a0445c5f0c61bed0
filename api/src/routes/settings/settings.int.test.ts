import { PERMISSIONS, SECRET_MASK, SERVER } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSettings } from '../../db/settings';
import { type ApiCaller, startServerWithStaff } from '../../testing/seed';
import type { TestServer } from '../../testing/server';

let server: TestServer;
let call: ApiCaller;
let admin: string;
let reseller: string;
beforeAll(async () => ({ server, call, admin, reseller } = await startServerWithStaff()));
afterAll(async () => server?.stop());

const full = {
  email: 'info@voyaganar.ec',
  contactNumber: '+593 99 123 4567',
  mongoDBConnection: 'mongodb://usuario:clave@db.voyaganar.ec:27017/rifas',
  socialMedia: {
    facebook: 'https://facebook.com/voyaganar',
    instagram: 'https://instagram.com/voyaganar',
    tiktok: 'https://tiktok.com/@voyaganar',
  },
  payment: {
    stripeSecretKey: 'sk_test_51ABCDEF0000wxyz',
    stripePublishableKey: 'pk_test_123',
    paypalClientId: 'AYcliente',
    paypalSecret: 'EPsecreto987654',
  },
};

describe('settings', () => {
  it('PUT /api/settings/{id} saves the full object; GET shows the public part to visitors and masked secrets to staff', async () => {
    const { json: before } = await call('GET', '/settings');
    const saved = await call('PUT', `/settings/${before._id}`, { token: admin, body: full });
    expect(saved.status).toBe(200);
    expect(saved.json.payment.stripeSecretKey).toBe(`${SECRET_MASK}wxyz`);

    const visitor = await call('GET', '/settings');
    expect(visitor.json).toEqual({
      _id: before._id,
      id: before._id,
      email: full.email,
      contactNumber: full.contactNumber,
      socialMedia: full.socialMedia,
    });
    const text = JSON.stringify(visitor.json);
    for (const secret of ['sk_test', 'EPsecreto', 'mongodb://', 'AYcliente'])
      expect(text).not.toContain(secret);

    const staff = await call('GET', '/settings', { token: reseller });
    expect(staff.json.mongoDBConnection).toBe(`${SECRET_MASK}ifas`);
    expect(staff.json.payment).toEqual({
      stripeSecretKey: `${SECRET_MASK}wxyz`,
      stripePublishableKey: 'pk_test_123',
      paypalClientId: 'AYcliente',
      paypalSecret: `${SECRET_MASK}7654`,
    });
  });

  it('keeps stored secrets when the masked values come back, replaces them when new ones are sent', async () => {
    await call('PUT', '/settings/current', { token: admin, body: full });
    const { json: shown } = await call('GET', '/settings', { token: admin });
    await call('PUT', '/settings/current', {
      token: admin,
      body: {
        ...shown,
        email: 'ventas@voyaganar.ec',
        payment: { ...shown.payment, paypalSecret: 'nuevo-secreto-1234' },
      },
    });
    const stored = await getSettings(server.db);
    expect(stored.email).toBe('ventas@voyaganar.ec');
    expect(stored.mongoDBConnection).toBe(full.mongoDBConnection);
    expect(stored.payment.stripeSecretKey).toBe(full.payment.stripeSecretKey);
    expect(stored.payment.paypalSecret).toBe('nuevo-secreto-1234');
  });

  it('a visitor with an invalid token still gets the public settings', async () => {
    const res = await call('GET', '/settings', { token: 'forjado' });
    expect(res.status).toBe(200);
    expect(res.json).not.toHaveProperty('payment');
  });

  it("PUT answers 401 'No tienes permisos para actualizar la configuración.' without a token, 403 to resellers, 404 for another id", async () => {
    expect(await call('PUT', '/settings/current', { body: full })).toMatchObject({
      status: 401,
      json: { msg: PERMISSIONS.updateSettings },
    });
    expect((await call('PUT', '/settings/current', { token: reseller, body: full })).status).toBe(
      403,
    );
    expect(await call('PUT', '/settings/otro', { token: admin, body: full })).toMatchObject({
      status: 404,
      json: { msg: SERVER.notFound },
    });
    expect(
      (
        await call('PUT', '/settings/current', {
          token: admin,
          body: { ...full, socialMedia: 'x' },
        })
      ).status,
    ).toBe(400);
  });
});
