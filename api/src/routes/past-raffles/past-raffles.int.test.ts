import { PERMISSIONS, STAFF_API_MESSAGES, VALIDATION } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCaller, startServerWithStaff } from '../../testing/seed';
import type { TestServer } from '../../testing/server';

let server: TestServer;
let call: ApiCaller;
let admin: string;
let reseller: string;
beforeAll(async () => ({ server, call, admin, reseller } = await startServerWithStaff()));
afterAll(async () => server?.stop());

const valid = {
  activityName: 'Rifa del Día de la Madre',
  date: '2026-05-10',
  prize: 'Moto Honda 150',
  winner: 'Lucía Andrade, Cuenca',
  image: 'https://voyaganar.ec/img/moto.jpg',
  instagramPostUrl: 'https://www.instagram.com/p/abc123/',
};

describe('past raffles', () => {
  it('POST, GET, PUT and DELETE /api/past-raffles work for an admin', async () => {
    const created = await call('POST', '/past-raffles', { token: admin, body: valid });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ ...valid, _id: expect.any(String) });
    expect(created.json.id).toBe(created.json._id);
    const list = await call('GET', '/past-raffles');
    expect(list.json).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ _id: created.json._id, winner: valid.winner }),
      ]),
    );
    const updated = await call('PUT', `/past-raffles/${created.json._id}`, {
      token: admin,
      body: { ...valid, winner: 'Jorge Vera, Quito' },
    });
    expect(updated.json.winner).toBe('Jorge Vera, Quito');
    expect(
      await call('PUT', `/past-raffles/${created.json._id}`, {
        token: admin,
        body: { ...valid, image: 'no es url' },
      }),
    ).toMatchObject({
      status: 400,
      json: { msg: VALIDATION.urlInvalid, errors: { image: VALIDATION.urlInvalid } },
    });
    expect(
      await call('PUT', '/past-raffles/no-existe', { token: admin, body: valid }),
    ).toMatchObject({ status: 404, json: { msg: STAFF_API_MESSAGES.pastRaffleNotFound } });
    expect((await call('GET', `/past-raffles/${created.json._id}`)).json.winner).toBe(
      'Jorge Vera, Quito',
    );
    expect(
      (await call('DELETE', `/past-raffles/${created.json._id}`, { token: admin })).status,
    ).toBe(200);
    expect(await call('GET', `/past-raffles/${created.json._id}`)).toMatchObject({
      status: 404,
      json: { msg: STAFF_API_MESSAGES.pastRaffleNotFound },
    });
    expect(
      (await call('DELETE', `/past-raffles/${created.json._id}`, { token: admin })).status,
    ).toBe(404);
  });

  it.each([
    ['activityName', '', VALIDATION.activityNameRequired],
    ['date', '', VALIDATION.dateRequired],
    ['prize', '   ', VALIDATION.prizeRequired],
    ['winner', undefined, VALIDATION.winnerRequired],
    ['image', 'no es url', VALIDATION.urlInvalid],
    ['instagramPostUrl', 'javascript:alert(1)', VALIDATION.urlInvalid],
  ])('POST /api/past-raffles answers 400 when %s is %o', async (field, value, msg) => {
    const res = await call('POST', '/past-raffles', {
      token: admin,
      body: { ...valid, [field]: value },
    });
    expect(res.status).toBe(400);
    expect(res.json.errors[field]).toBe(msg);
  });

  it('answers the SPEC §8 permission messages without a token and 403 to resellers', async () => {
    expect(await call('POST', '/past-raffles', { body: valid })).toMatchObject({
      status: 401,
      json: { msg: PERMISSIONS.createPastRaffles },
    });
    expect(await call('PUT', '/past-raffles/x', { body: valid })).toMatchObject({
      status: 401,
      json: { msg: PERMISSIONS.updatePastRaffles },
    });
    expect((await call('DELETE', '/past-raffles/x')).status).toBe(401);
    expect((await call('POST', '/past-raffles', { token: reseller, body: valid })).status).toBe(
      403,
    );
  });
});
