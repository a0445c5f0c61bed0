import { PERMISSIONS, SALE_TEXTS, SERVER, STAFF_API_MESSAGES, VALIDATION } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCaller, startServerWithStaff } from '../../testing/seed';
import type { TestServer } from '../../testing/server';

let server: TestServer;
let call: ApiCaller;
let admin: string;
let reseller: string;
beforeAll(async () => ({ server, call, admin, reseller } = await startServerWithStaff()));
afterAll(async () => server?.stop());

const hero = {
  name: 'Gran Rifa Navideña 2026',
  prize: 'Toyota Hilux 0 km',
  pricePerNumber: 1.5,
  imageUrl: 'https://voyaganar.ec/hilux.jpg',
  endDate: '2026-12-24T23:59:59.000-05:00',
};

describe('lottery (hero)', () => {
  it('GET /api/lottery shows the default raffle created at start to its admin, without secrets; a visitor hears 404 until it is published', async () => {
    // Never published: a draft (SPEC §7).
    expect(await call('GET', '/lottery')).toMatchObject({
      status: 404,
      json: { msg: SERVER.raffleNotFound },
    });
    for (const path of ['/lottery', '/packages', '/raffle/raffle-progress'])
      for (const token of [undefined, reseller])
        expect(
          (await call('GET', path, { token })).status,
          `${path} as ${token ?? 'visitor'}`,
        ).toBe(404);
    const res = await call('GET', '/lottery', { token: admin });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      _id: 'current',
      isActive: false,
      soldOut: false,
      totalNumbers: 10000,
    });
    expect(new Date(res.json.endDate).toISOString()).toBe(res.json.endDate);
    expect(res.json).not.toHaveProperty('secretKey');
    expect(res.json).not.toHaveProperty('available');
  });

  it('PUT /api/lottery saves the hero fields for an admin', async () => {
    const res = await call('PUT', '/lottery', { token: admin, body: hero });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ...hero, endDate: '2026-12-25T04:59:59.000Z' });
    expect((await call('GET', '/lottery', { token: admin })).json).toMatchObject({
      name: hero.name,
      prize: hero.prize,
      pricePerNumber: 1.5,
    });
  });

  it('PUT /api/lottery changes the raffle size (and its width) only before numbers are generated', async () => {
    const res = await call('PUT', '/lottery', {
      token: admin,
      body: { ...hero, totalNumbers: 100000 },
    });
    expect(res.json).toMatchObject({ totalNumbers: 100000, numberWidth: 5 });
    const padded = await call('PUT', '/lottery', {
      token: admin,
      body: { ...hero, totalNumbers: 100000, numberWidth: 6 },
    });
    expect(padded.json).toMatchObject({ totalNumbers: 100000, numberWidth: 6 });
    // Never narrower than the raffle needs.
    expect(
      (
        await call('PUT', '/lottery', {
          token: admin,
          body: { ...hero, totalNumbers: 100000, numberWidth: 2 },
        })
      ).json.numberWidth,
    ).toBe(5);
    const tooBig = await call('PUT', '/lottery', {
      token: admin,
      body: { ...hero, totalNumbers: 1_000_001 },
    });
    expect(tooBig).toMatchObject({
      status: 400,
      json: { msg: STAFF_API_MESSAGES.totalNumbersTooLarge },
    });
    await server.db
      .collection('raffles')
      .updateOne({ _id: 'current' as never }, { $set: { numbersGenerated: true } });
    const locked = await call('PUT', '/lottery', {
      token: admin,
      body: { ...hero, totalNumbers: 500 },
    });
    expect(locked).toMatchObject({ status: 409, json: { msg: SERVER.numbersAlreadyGenerated } });
    // The hero form re-sends the same size: that is fine.
    expect(
      (await call('PUT', '/lottery', { token: admin, body: { ...hero, totalNumbers: 100000 } }))
        .status,
    ).toBe(200);
    await server.db
      .collection('raffles')
      .updateOne(
        { _id: 'current' as never },
        { $set: { numbersGenerated: false, totalNumbers: 10000, numberWidth: 4 } },
      );
  });

  it.each([
    [{ ...hero, name: '' }, VALIDATION.heroNameRequired],
    [{ ...hero, prize: undefined }, VALIDATION.heroPrizeRequired],
    [{ ...hero, pricePerNumber: -1 }, VALIDATION.priceNotNegative],
    [{ ...hero, pricePerNumber: 'uno' }, VALIDATION.priceNotNegative],
    [{ ...hero, endDate: '24/12/2026' }, VALIDATION.isoDateInvalid],
  ])('PUT /api/lottery answers 400 for %o', async (body, msg) => {
    expect(await call('PUT', '/lottery', { token: admin, body })).toMatchObject({
      status: 400,
      json: { msg },
    });
  });

  it('PATCH /api/lottery/is-active closes and reopens the sale', async () => {
    expect(
      await call('PATCH', '/lottery/is-active', { token: admin, body: { isActive: true } }),
    ).toMatchObject({ status: 200, json: { isActive: true } });
    expect((await call('GET', '/lottery')).json.isActive).toBe(true);
    expect(
      (await call('PATCH', '/lottery/is-active', { token: admin, body: { isActive: false } })).json,
    ).toEqual({ isActive: false, msg: SALE_TEXTS.closed });
    expect(
      (await call('PATCH', '/lottery/is-active', { token: admin, body: { isActive: 'sí' } }))
        .status,
    ).toBe(400);
  });

  it('answers the SPEC §8 permission messages without a token and 403 to resellers', async () => {
    expect(await call('PUT', '/lottery', { body: hero })).toMatchObject({
      status: 401,
      json: { msg: PERMISSIONS.updateHero },
    });
    expect(await call('PATCH', '/lottery/is-active', { body: { isActive: true } })).toMatchObject({
      status: 401,
      json: { msg: PERMISSIONS.changeHeroStatus },
    });
    expect((await call('PUT', '/lottery', { token: reseller, body: hero })).status).toBe(403);
    expect(
      (await call('PATCH', '/lottery/is-active', { token: reseller, body: { isActive: true } }))
        .status,
    ).toBe(403);
  });
});
