import { FORM, PERMISSIONS, SERVER, VALIDATION } from '@vag/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getRaffleNumbers } from '@vag/core/db/raffle-numbers';
import { whoHolds } from '@vag/core/raffle/allocate';
import {
  insertPurchase,
  purchasePaidMessage,
  raffleWithNumbers,
  watchNumbersAssigned,
} from '@vag/core/testing/raffle-fixtures';
import { staffToken } from '@vag/api/testing/seed';
import { startTestServer, type TestServer } from '../testing/server';
import { waitFor } from '@vag/core/testing/wait';
import { CURRENT_RAFFLE_ID } from '@vag/core/db/raffle';

let srv: TestServer;
let watcher: Awaited<ReturnType<typeof watchNumbersAssigned>>;
let admin: { authorization: string };
let reseller: { authorization: string };

beforeEach(async () => {
  srv = await startTestServer();
  watcher = await watchNumbersAssigned(srv.deps.bus);
  admin = (await staffToken(srv.deps, 'admin')).auth;
  reseller = (await staffToken(srv.deps, 'reseller')).auth;
});
afterEach(async () => {
  await watcher.stop();
  await srv.stop();
});

async function call(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
) {
  const res = await fetch(`${srv.url}/api/raffle${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
}

async function sell(quantity: number): Promise<string> {
  const id = await insertPurchase(srv.db, { quantity });
  await srv.deps.bus.publish([purchasePaidMessage(id, quantity)]);
  await watcher.settled(id);
  return id;
}

describe('POST /api/raffle/generate-raffle-numbers', () => {
  it('answers 401 without a token and 403 for a reseller', async () => {
    expect(await call('POST', '/generate-raffle-numbers')).toMatchObject({
      status: 401,
      body: { msg: PERMISSIONS.notAuthenticated },
    });
    expect(await call('POST', '/generate-raffle-numbers', { headers: reseller })).toMatchObject({
      status: 403,
      body: { msg: SERVER.forbidden },
    });
    expect((await getRaffleNumbers(srv.db, CURRENT_RAFFLE_ID)).numbersGenerated).toBe(false);
  });

  it('generates the raffle numbers once and answers 409 the second time', async () => {
    const res = await call('POST', '/generate-raffle-numbers', { headers: admin });
    expect(res).toMatchObject({ status: 200, body: { msg: SERVER.numbersGenerated(10000) } });
    const raffle = await getRaffleNumbers(srv.db, CURRENT_RAFFLE_ID);
    expect(raffle).toMatchObject({
      numbersGenerated: true,
      available: 10000,
      reserved: 0,
      sold: 0,
      nextPosition: 0,
      soldOut: false,
      numberWidth: 4,
    });
    expect(raffle.secretKey).toMatch(/^[0-9a-f]{64}$/);
    expect(res.text).not.toContain(raffle.secretKey);
    expect(await call('POST', '/generate-raffle-numbers', { headers: admin })).toMatchObject({
      status: 409,
      body: { msg: SERVER.numbersAlreadyGenerated },
    });
  });
});

describe('GET /api/raffle/raffle-progress', () => {
  it('answers percentage, assigned and total, counting sold numbers, and the numbers still free', async () => {
    await raffleWithNumbers(srv.db, 200);
    expect(await call('GET', '/raffle-progress')).toMatchObject({
      status: 200,
      body: { percentage: 0, assigned: 0, total: 200 },
    });
    await sell(3);
    await sell(2);
    // Answers are cached for a second per process.
    const progress = await waitFor(async () => {
      const { body } = await call('GET', '/raffle-progress');
      return body.assigned === 5 ? body : null;
    });
    expect(progress).toEqual({ percentage: 2.5, assigned: 5, total: 200, available: 195 });
  });

  it('answers the default size before anything is generated, to its admin only (a draft)', async () => {
    expect((await call('GET', '/raffle-progress')).status).toBe(404);
    // Nothing is free to buy until the numbers are generated.
    expect((await call('GET', '/raffle-progress', { headers: admin })).body).toEqual({
      percentage: 0,
      assigned: 0,
      total: 10000,
      available: 0,
    });
  });
});

describe('POST /api/raffle/assign-random-prizes', () => {
  it('answers 401 without a token and 403 for a reseller', async () => {
    const body = { prizes: [{ amount: 10 }] };
    expect(await call('POST', '/assign-random-prizes', { body })).toMatchObject({
      status: 401,
      body: { msg: PERMISSIONS.notAuthenticated },
    });
    expect(await call('POST', '/assign-random-prizes', { body, headers: reseller })).toMatchObject({
      status: 403,
    });
  });

  it.each([
    ['no list', {}, VALIDATION.prizeAmountsAtLeastOne],
    ['an empty list', { prizes: [] }, VALIDATION.prizeAmountsAtLeastOne],
    ['an amount of 0', { prizes: [{ amount: 5 }, { amount: 0 }] }, VALIDATION.prizeAmountMin],
    ['an amount that is not a number', { prizes: [{ amount: 'diez' }] }, VALIDATION.prizeAmountMin],
    [
      '11 amounts',
      { prizes: Array.from({ length: 11 }, () => ({ amount: 5 })) },
      FORM.prizeLimitReached,
    ],
  ])('answers 400 for %s', async (_case, body, msg) => {
    await raffleWithNumbers(srv.db, 100);
    const res = await call('POST', '/assign-random-prizes', { body, headers: admin });
    expect(res).toMatchObject({ status: 400, body: { msg } });
    expect((await call('GET', '/instant-prizes')).body).toEqual([]);
  });

  it('answers 409 before the numbers are generated', async () => {
    expect(
      await call('POST', '/assign-random-prizes', {
        body: { prizes: [{ amount: 5 }] },
        headers: admin,
      }),
    ).toMatchObject({
      status: 409,
      body: { msg: SERVER.numbersNotGenerated },
    });
  });

  it('places each amount on a distinct unsold number, once', async () => {
    await raffleWithNumbers(srv.db, 1000);
    const res = await call('POST', '/assign-random-prizes', {
      body: { prizes: [{ amount: 100 }, { amount: 50 }, { amount: 25.5 }] },
      headers: admin,
    });
    expect(res).toMatchObject({ status: 200, body: { msg: SERVER.prizesAssigned(3) } });

    const list = (await call('GET', '/instant-prizes')).body as Array<Record<string, unknown>>;
    expect(list).toHaveLength(3);
    expect(list.map((p) => p.prizeAmount).sort()).toEqual([100, 25.5, 50]);
    expect(new Set(list.map((p) => p.number)).size).toBe(3);
    for (const prize of list) {
      expect(Object.keys(prize).sort()).toEqual([
        '_id',
        'delivered',
        'id',
        'number',
        'prizeAmount',
        'status',
      ]);
      expect(prize).toMatchObject({ status: 'available', delivered: false });
      expect(prize.number).toMatch(/^\d{3}$/);
      expect(await whoHolds(srv.db, 'current', prize.number as string)).toBeNull();
    }

    expect(
      await call('POST', '/assign-random-prizes', {
        body: { prizes: [{ amount: 5 }] },
        headers: admin,
      }),
    ).toMatchObject({
      status: 409,
      body: { msg: SERVER.prizesAlreadyAssigned },
    });
  });

  it('answers 409 when fewer numbers exist than prizes', async () => {
    await raffleWithNumbers(srv.db, 1);
    const res = await call('POST', '/assign-random-prizes', {
      body: { prizes: [{ amount: 5 }, { amount: 5 }] },
      headers: admin,
    });
    expect(res).toMatchObject({ status: 409, body: { msg: SERVER.notEnoughFreeNumbers } });
    // The refusal leaves the way open for a smaller assignment.
    expect(
      (
        await call('POST', '/assign-random-prizes', {
          body: { prizes: [{ amount: 5 }] },
          headers: admin,
        })
      ).status,
    ).toBe(200);
  });

  it("answers 409 'Los premios instantáneos ya no se pueden cambiar' once a number is sold", async () => {
    await raffleWithNumbers(srv.db, 100);
    await sell(1);
    const res = await call('POST', '/assign-random-prizes', {
      body: { prizes: [{ amount: 5 }] },
      headers: admin,
    });
    expect(res).toMatchObject({ status: 409, body: { msg: SERVER.prizesLocked } });
    expect((await call('GET', '/instant-prizes')).body).toEqual([]);
  });

  it('lets the buyer who reaches a prize number win it', async () => {
    await raffleWithNumbers(srv.db, 20);
    await call('POST', '/assign-random-prizes', {
      body: { prizes: [{ amount: 75 }] },
      headers: admin,
    });
    const buyer = await sell(20);
    const [prize] = (await call('GET', '/instant-prizes')).body as Array<Record<string, unknown>>;
    expect(prize).toMatchObject({ status: 'pending', prizeAmount: 75 });
    expect(prize).not.toHaveProperty('purchaseId');
    const purchase = await srv.db.collection('purchases').findOne({ _id: buyer as never });
    expect(purchase?.instantPrizesWon).toEqual([{ number: prize!.number, amount: 75 }]);
  });
});

describe('PUT /api/raffle/{id}', () => {
  async function onePrize(): Promise<string> {
    await raffleWithNumbers(srv.db, 100);
    await call('POST', '/assign-random-prizes', {
      body: { prizes: [{ amount: 10 }] },
      headers: admin,
    });
    return ((await call('GET', '/instant-prizes')).body as Array<{ _id: string }>)[0]!._id;
  }

  it('updates the amount and the delivered tick', async () => {
    const id = await onePrize();
    const res = await call('PUT', `/${id}`, {
      body: { prizeAmount: 40, delivered: true },
      headers: admin,
    });
    expect(res).toMatchObject({ status: 200, body: { _id: id, prizeAmount: 40, delivered: true } });
    expect((await call('GET', '/instant-prizes')).body[0]).toMatchObject({
      prizeAmount: 40,
      delivered: true,
    });
  });

  it("answers 400 'El monto debe ser mayor a 0' for an amount below 1", async () => {
    const id = await onePrize();
    expect(
      await call('PUT', `/${id}`, { body: { prizeAmount: 0, delivered: false }, headers: admin }),
    ).toMatchObject({
      status: 400,
      body: { msg: VALIDATION.prizeAmountMin, errors: { prizeAmount: VALIDATION.prizeAmountMin } },
    });
  });

  it('answers 404 for an unknown prize, 401 without a token, 403 for a reseller', async () => {
    const id = await onePrize();
    const body = { prizeAmount: 5, delivered: false };
    expect(await call('PUT', '/no-such-prize', { body, headers: admin })).toMatchObject({
      status: 404,
      body: { msg: SERVER.prizeNotFound },
    });
    expect(await call('PUT', `/${id}`, { body })).toMatchObject({
      status: 401,
      body: { msg: PERMISSIONS.notAuthenticated },
    });
    expect((await call('PUT', `/${id}`, { body, headers: reseller })).status).toBe(403);
  });
});

describe('DELETE /api/raffle/delete-raffle-numbers', () => {
  it('deletes the prize numbers and, with nothing sold, lets the numbers be generated afresh', async () => {
    await raffleWithNumbers(srv.db, 100);
    const oldKey = (await getRaffleNumbers(srv.db, CURRENT_RAFFLE_ID)).secretKey;
    await call('POST', '/assign-random-prizes', {
      body: { prizes: [{ amount: 10 }, { amount: 20 }] },
      headers: admin,
    });

    expect(await call('DELETE', '/delete-raffle-numbers', { headers: admin })).toMatchObject({
      status: 200,
      body: { msg: SERVER.numbersDeleted },
    });
    expect((await call('GET', '/instant-prizes')).body).toEqual([]);
    expect((await getRaffleNumbers(srv.db, CURRENT_RAFFLE_ID)).numbersGenerated).toBe(false);

    expect((await call('POST', '/generate-raffle-numbers', { headers: admin })).status).toBe(200);
    expect((await getRaffleNumbers(srv.db, CURRENT_RAFFLE_ID)).secretKey).not.toBe(oldKey);
    expect(
      (
        await call('POST', '/assign-random-prizes', {
          body: { prizes: [{ amount: 5 }] },
          headers: admin,
        })
      ).status,
    ).toBe(200);
  });

  it("answers 409 'la rifa ya tiene ventas' and keeps numbers and prizes once a number is sold", async () => {
    await raffleWithNumbers(srv.db, 100);
    await call('POST', '/assign-random-prizes', {
      body: { prizes: [{ amount: 10 }] },
      headers: admin,
    });
    await sell(4);
    expect(await call('DELETE', '/delete-raffle-numbers', { headers: admin })).toMatchObject({
      status: 409,
      body: { msg: SERVER.numbersHaveSales },
    });
    expect((await call('GET', '/instant-prizes')).body).toHaveLength(1);
    expect(await getRaffleNumbers(srv.db, CURRENT_RAFFLE_ID)).toMatchObject({
      numbersGenerated: true,
      sold: 4,
      nextPosition: 4,
    });
  });

  it('answers 401 without a token and 403 for a reseller', async () => {
    expect(await call('DELETE', '/delete-raffle-numbers')).toMatchObject({
      status: 401,
      body: { msg: PERMISSIONS.notAuthenticated },
    });
    expect((await call('DELETE', '/delete-raffle-numbers', { headers: reseller })).status).toBe(
      403,
    );
  });
});
