import { PERMISSIONS, SERVER, TOASTS, VALIDATION } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCaller, startServerWithStaff } from '../../testing/seed';
import type { TestServer } from '../../testing/server';

let server: TestServer;
let call: ApiCaller;
let admin: string;
let reseller: string;
beforeAll(async () => ({ server, call, admin, reseller } = await startServerWithStaff()));
afterAll(async () => server?.stop());

const valid = { name: 'Paquete Oro', quantity: 20, price: 18.5, isPopular: true };

// The store's raffle is a draft until its sale opens: its admin reads what it sets up.
describe('packages', () => {
  it('POST /api/packages creates a package an admin sees in GET /api/packages and GET /api/packages/{id}', async () => {
    const created = await call('POST', '/packages', { token: admin, body: valid });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      ...valid,
      _id: expect.any(String),
      msg: TOASTS.packageAdded,
    });
    expect(created.json.id).toBe(created.json._id);
    const list = await call('GET', '/packages', { token: admin });
    expect(list.status).toBe(200);
    expect(list.json).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ _id: created.json._id, name: 'Paquete Oro' }),
      ]),
    );
    const one = await call('GET', `/packages/${created.json._id}`, { token: admin });
    expect(one.json).toEqual({ _id: created.json._id, id: created.json._id, ...valid });
  });

  it("POST and PUT /api/packages with isPopular move the 'Más popular' badge: one package keeps it", async () => {
    const first = await call('POST', '/packages', {
      token: admin,
      body: { ...valid, name: 'Uno' },
    });
    const second = await call('POST', '/packages', {
      token: admin,
      body: { ...valid, name: 'Dos', isPopular: false },
    });
    await call('PUT', `/packages/${second.json._id}`, {
      token: admin,
      body: { ...valid, name: 'Dos' },
    });
    const popular = (await call('GET', '/packages', { token: admin })).json.filter(
      (p: { isPopular: boolean }) => p.isPopular,
    );
    expect(popular.map((p: { name: string }) => p.name)).toEqual(['Dos']);
    expect(
      (await call('GET', `/packages/${first.json._id}`, { token: admin })).json.isPopular,
    ).toBe(false);
  });

  it('defaults isPopular to false', async () => {
    const created = await call('POST', '/packages', {
      token: admin,
      body: { name: 'Básico', quantity: 1, price: 1 },
    });
    expect(created.json.isPopular).toBe(false);
  });

  it('PUT /api/packages/{id} updates and DELETE removes it; both answer 404 for unknown ids', async () => {
    const { json } = await call('POST', '/packages', { token: admin, body: valid });
    const updated = await call('PUT', `/packages/${json._id}`, {
      token: admin,
      body: { ...valid, price: 15 },
    });
    expect(updated.json).toMatchObject({ price: 15, msg: TOASTS.packageUpdated });
    expect(
      await call('PUT', `/packages/${json._id}`, { token: admin, body: { ...valid, quantity: 0 } }),
    ).toMatchObject({
      status: 400,
      json: {
        msg: VALIDATION.quantityPositive,
        errors: { quantity: VALIDATION.quantityPositive },
      },
    });
    expect((await call('GET', `/packages/${json._id}`, { token: admin })).json.price).toBe(15);
    const deleted = await call('DELETE', `/packages/${json._id}`, { token: admin });
    expect(deleted.json).toMatchObject({ _id: json._id, msg: TOASTS.packageDeleted });
    expect(await call('GET', `/packages/${json._id}`, { token: admin })).toMatchObject({
      status: 404,
      json: { msg: SERVER.packageNotFound },
    });
    expect(await call('PUT', `/packages/no-existe`, { token: admin, body: valid })).toMatchObject({
      status: 404,
    });
    expect(await call('DELETE', `/packages/no-existe`, { token: admin })).toMatchObject({
      status: 404,
      json: { msg: SERVER.packageNotFound },
    });
  });

  it.each([
    [{ ...valid, name: 'ab' }, 'name', VALIDATION.packageNameMin],
    [{ ...valid, name: undefined }, 'name', VALIDATION.packageNameMin],
    [{ ...valid, quantity: 0 }, 'quantity', VALIDATION.quantityPositive],
    [{ ...valid, quantity: 2.5 }, 'quantity', VALIDATION.quantityPositive],
    [{ ...valid, quantity: '10' }, 'quantity', VALIDATION.quantityPositive],
    [{ ...valid, price: 0 }, 'price', VALIDATION.pricePositive],
    [{ ...valid, price: -3 }, 'price', VALIDATION.pricePositive],
  ])('POST /api/packages answers 400 for %o', async (body, field, msg) => {
    const res = await call('POST', '/packages', { token: admin, body });
    expect(res.status).toBe(400);
    expect(res.json.msg).toBe(msg);
    expect(res.json.errors[field]).toBe(msg);
  });

  it('answers each call its SPEC §8 permission message without a token, and 403 to resellers', async () => {
    expect(await call('POST', '/packages', { body: valid })).toMatchObject({
      status: 401,
      json: { msg: PERMISSIONS.createPackages },
    });
    expect(await call('PUT', '/packages/x', { body: valid })).toMatchObject({
      status: 401,
      json: { msg: PERMISSIONS.updatePackages },
    });
    expect(await call('DELETE', '/packages/x')).toMatchObject({
      status: 401,
      json: { msg: PERMISSIONS.deletePackages },
    });
    expect(await call('POST', '/packages', { token: reseller, body: valid })).toMatchObject({
      status: 403,
      json: { msg: SERVER.forbidden },
    });
  });

  it('serves react-admin list conventions: sort, range, filter and Content-Range', async () => {
    for (const [name, quantity] of [
      ['Zeta pack', 5],
      ['Alfa pack', 50],
      ['Media pack', 25],
    ] as const) {
      await call('POST', '/packages', { token: admin, body: { name, quantity, price: quantity } });
    }
    const q = (o: Record<string, unknown>) =>
      Object.entries(o)
        .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
        .join('&');
    const res = await call(
      'GET',
      `/packages?${q({ sort: ['name', 'ASC'], range: [0, 1], filter: { q: 'pack' } })}`,
      { token: admin },
    );
    expect(res.json.map((p: { name: string }) => p.name)).toEqual(['Alfa pack', 'Media pack']);
    expect(res.headers.get('content-range')).toBe('packages 0-1/3');
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
    const bad = await call('GET', '/packages?sort=nope', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toHaveProperty('sort');
  });
});
