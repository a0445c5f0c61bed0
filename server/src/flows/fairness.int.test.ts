import {
  DEFAULT_DRAW_RULE,
  ecuadorDay,
  fairnessExportSchema,
  instantPrizesCommitment,
  keyCommitment,
  PERMISSIONS,
  purchaseReference,
  SERVER,
  soldListHash,
  verifyFairness,
  type DrawRule,
  type FairnessExport,
} from '@vag/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reserveCapacity } from '@vag/core/db/raffle-capacity';
import { getRaffleNumbers } from '@vag/core/db/raffle-numbers';
import { sweepExpiredReservations } from '@vag/core/pipeline/sweeper';
import { closeSaleIfDue, commitUnsoldLegacyRaffle } from '@vag/core/raffle/fairness';
import {
  insertPurchase,
  purchasePaidMessage,
  raffleWithNumbers,
  watchNumbersAssigned,
} from '@vag/core/testing/raffle-fixtures';
import { staffToken } from '@vag/api/testing/seed';
import { startTestServer, type TestServer } from '../testing/server';
import { waitFor } from '@vag/core/testing/wait';
import { CURRENT_RAFFLE_ID, stampRaffle } from '@vag/core/db/raffle';

let srv: TestServer;
let watcher: Awaited<ReturnType<typeof watchNumbersAssigned>>;
let admin: { authorization: string };

beforeEach(async () => {
  srv = await startTestServer();
  watcher = await watchNumbersAssigned(srv.deps.bus);
  admin = (await staffToken(srv.deps, 'admin')).auth;
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
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function record(headers: Record<string, string> = {}): Promise<FairnessExport> {
  const { status, body } = await call('GET', '/fairness', { headers });
  expect(status).toBe(200);
  return fairnessExportSchema.parse(body);
}

/** A paid purchase of `quantity` numbers, numbered by the worker; answers its id and numbers. */
async function sell(quantity: number): Promise<{ id: string; numbers: string[] }> {
  const id = await insertPurchase(srv.db, { quantity });
  await srv.deps.bus.publish([purchasePaidMessage(id, quantity)]);
  await watcher.settled(id);
  const purchase = await srv.db
    .collection<{ _id: string; assignedNumbers: string[] }>('purchases')
    .findOne({ _id: id });
  return { id, numbers: purchase!.assignedNumbers };
}

/** The end date just passed: the sale closes now, so today's draw comes after it. */
async function endDateInThePast(): Promise<void> {
  await srv.db
    .collection<{ _id: string }>('raffles')
    .updateOne({ _id: 'current' }, { $set: { endDate: new Date(Date.now() - 1000) } });
}

async function closed(): Promise<FairnessExport> {
  return waitFor(
    async () => {
      const data = await record();
      return data.closing ? data : null;
    },
    { message: 'the sale to close' },
  );
}

const FIXED_RULE: DrawRule = {
  ...DEFAULT_DRAW_RULE,
  // A past draw: a result is recorded after its draw, never before (POST /draw refuses).
  draw: { kind: 'fixed', date: '2025-12-20', drawNumber: 7012 },
};

describe('GET /api/raffle/fairness', () => {
  it('publishes the key commitment and the empty prize list when the numbers are generated', async () => {
    // Before its sale opens the record is its admin's; the public reads it from then on.
    expect((await record(admin)).commitment).toBeNull();
    expect((await call('POST', '/generate-raffle-numbers', { headers: admin })).status).toBe(200);
    expect((await call('GET', '/fairness')).status).toBe(404);
    await stampRaffle(srv.db, CURRENT_RAFFLE_ID, 'publishedAt');
    srv.deps.storefrontCache.invalidate();

    const data = await record();
    const { secretKey } = await getRaffleNumbers(srv.db, CURRENT_RAFFLE_ID);
    const commitment = data.commitment!;
    expect(commitment).toMatchObject({ totalNumbers: 10000, numberWidth: 4 });
    expect(keyCommitment({ ...commitment, key: secretKey! })).toBe(commitment.keyHash);
    expect(Date.now() - Date.parse(commitment.committedAt)).toBeLessThan(60_000);
    expect(data).toMatchObject({
      rule: DEFAULT_DRAW_RULE,
      lockedAt: null,
      closing: null,
      draw: null,
      reveal: null,
      claims: [],
    });
    expect(JSON.stringify(data)).not.toContain(secretKey);
  });

  it('publishes the salted hash of the instant-prize numbers when they are assigned', async () => {
    await raffleWithNumbers(srv.db, 500);
    const before = (await record()).commitment!;
    await call('POST', '/assign-random-prizes', {
      body: { prizes: [{ amount: 10 }, { amount: 20 }] },
      headers: admin,
    });
    const after = (await record()).commitment!;
    expect(after.keyHash).toBe(before.keyHash);
    expect(after.prizesHash).not.toBe(before.prizesHash);

    const prizes = (await call('GET', '/instant-prizes')).body as Array<{ number: string }>;
    const raffle = await srv.db
      .collection<{ _id: string; fairness: { prizesSalt: string } }>('raffles')
      .findOne({ _id: 'current' });
    const numbers = prizes.map((p) => p.number);
    expect(instantPrizesCommitment(after.raffleRef, raffle!.fairness.prizesSalt, numbers)).toBe(
      after.prizesHash,
    );
  });

  it('lists the claims by purchase reference, never the purchase id, and the time of the first sale', async () => {
    await raffleWithNumbers(srv.db, 100);
    const first = await sell(3);
    const second = await sell(2);
    const data = await record();
    expect(data.claims).toEqual([
      { reference: purchaseReference(first.id), start: 0, count: 3 },
      { reference: purchaseReference(second.id), start: 3, count: 2 },
    ]);
    expect(data.lockedAt).not.toBeNull();
    expect(JSON.stringify(data)).not.toContain(first.id);
  });
});

describe('raffles generated before commitments existed', () => {
  const forgetCommitment = () =>
    srv.db
      .collection<{ _id: string }>('raffles')
      .updateOne({ _id: 'current' }, { $unset: { fairness: '' } });

  it('get their commitment, prizes included, while nothing is sold', async () => {
    await raffleWithNumbers(srv.db, 100);
    await call('POST', '/assign-random-prizes', {
      body: { prizes: [{ amount: 5 }] },
      headers: admin,
    });
    await forgetCommitment();
    expect(await commitUnsoldLegacyRaffle(srv.db, CURRENT_RAFFLE_ID)).toBe(true);

    const { commitment } = await record();
    const { secretKey } = await getRaffleNumbers(srv.db, CURRENT_RAFFLE_ID);
    expect(keyCommitment({ ...commitment!, key: secretKey! })).toBe(commitment!.keyHash);
    const prizes = (await call('GET', '/instant-prizes')).body as Array<{ number: string }>;
    const raffle = await srv.db
      .collection<{ _id: string; fairness: { prizesSalt: string } }>('raffles')
      .findOne({ _id: 'current' });
    expect(
      instantPrizesCommitment(commitment!.raffleRef, raffle!.fairness.prizesSalt, [
        prizes[0]!.number,
      ]),
    ).toBe(commitment!.prizesHash);
  });

  it('get none once a number is sold: it would come after the sales it should bind', async () => {
    await raffleWithNumbers(srv.db, 100);
    await sell(1);
    await forgetCommitment();
    expect(await commitUnsoldLegacyRaffle(srv.db, CURRENT_RAFFLE_ID)).toBe(false);
    expect((await record()).commitment).toBeNull();
  });
});

describe('changes after the first sale', () => {
  it('PUT /api/raffle/draw-rule saves the rule before the first sale and answers 409 after it', async () => {
    await raffleWithNumbers(srv.db, 100);
    expect(await call('PUT', '/draw-rule', { body: FIXED_RULE, headers: admin })).toMatchObject({
      status: 200,
      body: { msg: SERVER.drawRuleSaved, rule: FIXED_RULE },
    });
    expect((await record()).rule).toEqual(FIXED_RULE);

    await sell(1);
    expect(
      await call('PUT', '/draw-rule', { body: DEFAULT_DRAW_RULE, headers: admin }),
    ).toMatchObject({ status: 409, body: { msg: SERVER.drawRuleLocked } });
    expect((await record()).rule).toEqual(FIXED_RULE);
  });

  it('refuses a rule change while an order holds numbers, even unpaid', async () => {
    await raffleWithNumbers(srv.db, 100);
    await insertPurchase(srv.db, { quantity: 2, status: 'PENDING' });
    expect(await call('PUT', '/draw-rule', { body: FIXED_RULE, headers: admin })).toMatchObject({
      status: 409,
      body: { msg: SERVER.drawRuleLocked },
    });
  });

  it('refuses new prizes, deleting the numbers and generating them again once a number is sold', async () => {
    await raffleWithNumbers(srv.db, 100);
    const before = await record();
    await sell(1);
    expect(
      await call('POST', '/assign-random-prizes', {
        body: { prizes: [{ amount: 5 }] },
        headers: admin,
      }),
    ).toMatchObject({ status: 409, body: { msg: SERVER.prizesLocked } });
    expect(await call('DELETE', '/delete-raffle-numbers', { headers: admin })).toMatchObject({
      status: 409,
      body: { msg: SERVER.numbersHaveSales },
    });
    expect(await call('POST', '/generate-raffle-numbers', { headers: admin })).toMatchObject({
      status: 409,
      body: { msg: SERVER.numbersAlreadyGenerated },
    });
    expect((await record()).commitment).toEqual(before.commitment);
  });

  it("answers 400 with the rule's Spanish message for a bad rule, 401 without a token", async () => {
    await raffleWithNumbers(srv.db, 100);
    const bad = { ...FIXED_RULE, draw: { kind: 'fixed', date: '20/12/2026', drawNumber: 7012 } };
    expect(await call('PUT', '/draw-rule', { body: bad, headers: admin })).toMatchObject({
      status: 400,
      body: { msg: 'La fecha del sorteo debe tener el formato AAAA-MM-DD' },
    });
    expect(await call('PUT', '/draw-rule', { body: FIXED_RULE })).toMatchObject({
      status: 401,
      body: { msg: PERMISSIONS.notAuthenticated },
    });
  });
});

describe('closing the sale', () => {
  it('closes on sellout with the hash of the sorted sold list', async () => {
    await raffleWithNumbers(srv.db, 20);
    const a = await sell(12);
    const b = await sell(8);
    const data = await closed();
    const sold = [
      ...a.numbers.map((number) => ({ number, reference: purchaseReference(a.id) })),
      ...b.numbers.map((number) => ({ number, reference: purchaseReference(b.id) })),
    ];
    expect(data.closing).toMatchObject({
      reason: 'sold-out',
      soldCount: 20,
      soldListHash: soldListHash(data.commitment!.raffleRef, sold),
    });
  });

  it('closes at the end date once the pending orders have settled, and takes no order meanwhile', async () => {
    await raffleWithNumbers(srv.db, 100);
    await sell(3);
    await insertPurchase(srv.db, { quantity: 2, status: 'PENDING' });
    const afterEnd = new Date(Date.now() + 40 * 86_400_000);

    // Due, but an order still holds numbers: sales stop, the list waits.
    expect(await closeSaleIfDue(srv.db, afterEnd, CURRENT_RAFFLE_ID)).toBeNull();
    expect(await reserveCapacity(srv.db, 1, CURRENT_RAFFLE_ID)).toEqual({
      ok: false,
      reason: 'sale_closed',
    });
    expect((await record()).closing).toBeNull();

    await sweepExpiredReservations(srv.deps, afterEnd);
    const closing = await closeSaleIfDue(srv.db, afterEnd, CURRENT_RAFFLE_ID);
    expect(closing).toMatchObject({ reason: 'end-date', soldCount: 3 });
    expect((await record()).closing).toMatchObject({
      closedAt: afterEnd.toISOString(),
      soldCount: 3,
      soldListHash: closing!.soldListHash,
    });
    // Published once: a later check changes nothing.
    expect(
      await closeSaleIfDue(srv.db, new Date(afterEnd.getTime() + 1000), CURRENT_RAFFLE_ID),
    ).toBeNull();
  });
});

describe('POST /api/raffle/draw', () => {
  it("answers 409 'La venta aún no se ha cerrado' before the close", async () => {
    await raffleWithNumbers(srv.db, 100);
    await sell(2);
    const body = { firstPrize: '12345', drawNumber: 7012, drawDate: '2025-12-20' };
    expect(await call('POST', '/draw', { body, headers: admin })).toMatchObject({
      status: 409,
      body: { msg: SERVER.saleNotClosed },
    });
  });

  it('finds the holder of the winning number, reveals the key, and is refused the second time', async () => {
    await raffleWithNumbers(srv.db, 30);
    await call('PUT', '/draw-rule', { body: FIXED_RULE, headers: admin });
    await sell(10);
    const lucky = await sell(15);
    await sell(5);
    await closed();

    const wrongDraw = {
      firstPrize: `4${lucky.numbers[3]}`,
      drawNumber: 7013,
      drawDate: '2025-12-20',
    };
    expect(await call('POST', '/draw', { body: wrongDraw, headers: admin })).toMatchObject({
      status: 400,
      body: { msg: 'La regla exige el sorteo N.º 7012 del 20/12/2025' },
    });

    // Width 2: the last two digits of the first prize are the lucky buyer's fourth number.
    const result = { ...wrongDraw, drawNumber: 7012 };
    const res = await call('POST', '/draw', { body: result, headers: admin });
    const { secretKey } = await getRaffleNumbers(srv.db, CURRENT_RAFFLE_ID);
    expect(res).toMatchObject({
      status: 200,
      body: {
        msg: SERVER.drawRecorded(lucky.numbers[3]!),
        draw: {
          result,
          drawnNumber: lucky.numbers[3],
          winningNumber: lucky.numbers[3],
          winnerReference: purchaseReference(lucky.id),
        },
        reveal: { key: secretKey },
      },
    });

    const data = await record();
    expect(verifyFairness(data).filter((check) => !check.ok)).toEqual([]);
    expect(
      await call('POST', '/draw', { body: { ...result, firstPrize: '100' }, headers: admin }),
    ).toMatchObject({ status: 409, body: { msg: SERVER.drawAlreadyRecorded } });
    expect((await record()).draw).toEqual(data.draw);
  });

  it('keeps the drawn record, its purchases and its own address when the next raffle takes the home page', async () => {
    await raffleWithNumbers(srv.db, 10);
    await sell(10);
    const { commitment } = await closed();
    const body = { firstPrize: '4', drawNumber: 1, drawDate: ecuadorDay(new Date())! };
    expect((await call('POST', '/draw', { body, headers: admin })).status).toBe(200);
    const drawn = await record();

    const next = await fetch(`${srv.url}/api/admin/raffles`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'La siguiente rifa',
        prize: 'Moto',
        pricePerNumber: 1,
        endDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        totalNumbers: 100,
      }),
    }).then((r) => r.json() as Promise<{ _id: string }>);
    // Its sale opened (published): only then may it take the home page.
    await stampRaffle(srv.db, next._id, 'publishedAt');
    const featured = await fetch(`${srv.url}/api/admin/raffles/${next._id}/feature`, {
      method: 'POST',
      headers: admin,
    });
    expect(featured.status).toBe(200);
    // The site's record is now the next raffle's, with no draw yet...
    expect((await record()).draw).toBeNull();
    // ...and the drawn one answers by its reference and at its own address, sales intact.
    expect(await call('GET', `/fairness/${commitment!.raffleRef}`)).toEqual({
      status: 200,
      body: drawn,
    });
    const own = await fetch(`${srv.url}/api/raffles/${CURRENT_RAFFLE_ID}/raffle/fairness`);
    expect(await own.json()).toEqual(drawn);
    expect(
      await srv.db.collection('purchases').countDocuments({ raffleId: CURRENT_RAFFLE_ID }),
    ).toBe(1);
    expect(await call('GET', '/fairness/current-20000101-00000000')).toEqual({
      status: 404,
      body: { msg: SERVER.fairnessRecordNotFound },
    });
  });

  it('gives the next sold number upward when the drawn one was not sold', async () => {
    await raffleWithNumbers(srv.db, 100);
    const buyer = await sell(1);
    const sold = Number(buyer.numbers[0]);
    const drawn = (sold + 1) % 100;
    await endDateInThePast();
    await waitFor(() => closeSaleIfDue(srv.db, undefined, CURRENT_RAFFLE_ID), {
      message: 'the sale to close',
    });

    const drawDate = ecuadorDay(new Date())!;
    const body = { firstPrize: `9${String(drawn).padStart(2, '0')}`, drawNumber: 1, drawDate };
    expect(await call('POST', '/draw', { body, headers: admin })).toMatchObject({
      status: 200,
      body: {
        draw: {
          drawnNumber: String(drawn).padStart(2, '0'),
          winningNumber: buyer.numbers[0],
          winnerReference: purchaseReference(buyer.id),
        },
      },
    });
  });

  it('answers 401 without a token and 400 for a first prize with letters', async () => {
    const body = { firstPrize: '12A45', drawNumber: 1, drawDate: '2026-12-20' };
    expect((await call('POST', '/draw', { body })).status).toBe(401);
    expect(await call('POST', '/draw', { body, headers: admin })).toMatchObject({
      status: 400,
      body: { msg: 'El primer premio debe tener solo cifras' },
    });
  });
});
