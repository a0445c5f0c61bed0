// GET /api/raffle/numbers/{number}, the verifier's lookup: available, sold (the date,
// nothing personal), the instant prize a number carries, bad input.
import { NUMBER_LOOKUP_TEXTS, numberLookupSchema } from '@vag/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  insertPurchase,
  purchasePaidMessage,
  raffleWithNumbers,
  watchNumbersAssigned,
} from '@vag/core/testing/raffle-fixtures';
import { staffToken } from '@vag/api/testing/seed';
import { startTestServer, type TestServer } from '../testing/server';

let srv: TestServer;
let watcher: Awaited<ReturnType<typeof watchNumbersAssigned>>;

beforeEach(async () => {
  srv = await startTestServer();
  watcher = await watchNumbersAssigned(srv.deps.bus);
});
afterEach(async () => {
  await watcher.stop();
  await srv.stop();
});

async function lookup(number: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${srv.url}/api/raffle/numbers/${encodeURIComponent(number)}`, {
    headers,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function sell(quantity: number): Promise<string[]> {
  const id = await insertPurchase(srv.db, { quantity });
  await srv.deps.bus.publish([purchasePaidMessage(id, quantity)]);
  await watcher.settled(id);
  const purchase = await srv.db
    .collection<{ _id: string; assignedNumbers: string[] }>('purchases')
    .findOne({ _id: id });
  return purchase!.assignedNumbers;
}

describe('GET /api/raffle/numbers/{number}', () => {
  it('answers 409 to its admin before the numbers are generated; to the public the draft is none', async () => {
    expect((await lookup('7')).status).toBe(404);
    const { auth } = await staffToken(srv.deps, 'admin');
    expect(await lookup('7', auth)).toMatchObject({
      status: 409,
      body: { msg: NUMBER_LOOKUP_TEXTS.notGenerated },
    });
  });

  it('shows a sold number with its date and nothing personal, not even a masked name or city', async () => {
    await raffleWithNumbers(srv.db, 100);
    const [number] = await sell(3);
    const { status, body } = await lookup(number!);
    expect(status).toBe(200);
    expect(numberLookupSchema.parse(body)).toMatchObject({
      number,
      status: 'sold',
      holder: null,
      city: null,
      prize: null,
    });
    expect(Date.now() - Date.parse(body.soldAt as string)).toBeLessThan(60_000);
    const text = JSON.stringify(body);
    for (const secret of ['Ana', 'Quito', 'Pérez', 'ana@example.com', '0991234567', 'Amazonas'])
      expect(text).not.toContain(secret);
  });

  it('shows an unsold number as available, typed with or without its leading zeros', async () => {
    await raffleWithNumbers(srv.db, 100);
    const sold = new Set(await sell(2));
    const free = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')).find(
      (n) => !sold.has(n),
    )!;
    const expected = { number: free, status: 'available', holder: null, city: null, soldAt: null };
    expect(await lookup(free)).toMatchObject({ status: 200, body: expected });
    expect(await lookup(String(Number(free)))).toMatchObject({ status: 200, body: expected });
  });

  it('shows the instant prize a number carries and its state', async () => {
    await raffleWithNumbers(srv.db, 100);
    const admin = (await staffToken(srv.deps, 'admin')).auth;
    const assigned = await fetch(`${srv.url}/api/raffle/assign-random-prizes`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ prizes: [{ amount: 25 }] }),
    });
    expect(assigned.status).toBe(200);
    const prizes = (await (await fetch(`${srv.url}/api/raffle/instant-prizes`)).json()) as Array<{
      number: string;
    }>;
    expect(await lookup(prizes[0]!.number)).toMatchObject({
      status: 200,
      body: { status: 'available', prize: { amount: 25, status: 'available' } },
    });
  });

  it('refuses in Spanish what is not a number of the raffle', async () => {
    await raffleWithNumbers(srv.db, 100);
    const outOfRange = { status: 404, body: { msg: NUMBER_LOOKUP_TEXTS.outOfRange('99') } };
    expect(await lookup('100')).toMatchObject(outOfRange);
    expect(await lookup('007')).toMatchObject(outOfRange);
    expect(await lookup('12a')).toMatchObject({
      status: 400,
      body: { msg: NUMBER_LOOKUP_TEXTS.digitsOnly },
    });
  });
});
