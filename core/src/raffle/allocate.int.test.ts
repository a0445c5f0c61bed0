import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findClaimByPurchase, insertClaim } from '../db/number-claims';
import { CURRENT_RAFFLE_ID, generateRaffleNumbers, getRaffleNumbers } from '../db/raffle-numbers';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import {
  allocateNumbers,
  NumbersExhaustedError,
  NumbersNotGeneratedError,
  whoHolds,
} from './allocate';

let t: TestDatabase;

beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(async () => {
  await t.drop();
});

async function raffleOf(totalNumbers: number): Promise<void> {
  await t.db
    .collection('raffles')
    .insertOne({ _id: CURRENT_RAFFLE_ID as never, totalNumbers, isActive: true });
  expect(await generateRaffleNumbers(t.db, CURRENT_RAFFLE_ID)).toBe(totalNumbers);
}

const allocate = (purchaseId: string, quantity: number) =>
  allocateNumbers(t.db, { raffleId: CURRENT_RAFFLE_ID, purchaseId, quantity });

describe('allocateNumbers', () => {
  it('gives every number of the raffle exactly once, zero-padded, until it is full', async () => {
    await raffleOf(100);
    const all: string[] = [];
    for (const q of [1, 7, 30, 2, 60]) all.push(...(await allocate(randomUUID(), q)).numbers);
    expect(all).toHaveLength(100);
    expect(new Set(all).size).toBe(100);
    for (const n of all) expect(n).toMatch(/^\d{2}$/);
    expect([...all].sort()).toEqual(
      Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')),
    );
    expect((await getRaffleNumbers(t.db, CURRENT_RAFFLE_ID)).nextPosition).toBe(100);
    await expect(allocate(randomUUID(), 1)).rejects.toBeInstanceOf(NumbersExhaustedError);
  });

  it('refuses a claim that would pass the last number, loudly, and claims nothing', async () => {
    await raffleOf(10);
    await allocate(randomUUID(), 8);
    const late = randomUUID();
    await expect(allocate(late, 3)).rejects.toBeInstanceOf(NumbersExhaustedError);
    expect(await findClaimByPurchase(t.db, late)).toBeNull();
    expect((await allocate(randomUUID(), 2)).numbers).toHaveLength(2);
  });

  it('refuses to allocate before the numbers are generated', async () => {
    await expect(allocate(randomUUID(), 1)).rejects.toBeInstanceOf(NumbersNotGeneratedError);
  });

  it('answers the same numbers when the same purchase allocates again', async () => {
    await raffleOf(1000);
    const id = randomUUID();
    const first = await allocate(id, 5);
    const second = await allocate(id, 5);
    expect(second.numbers).toEqual(first.numbers);
    expect((await getRaffleNumbers(t.db, CURRENT_RAFFLE_ID)).nextPosition).toBe(5);
  });

  it('makes exactly one claim when one purchase allocates 5 times at once', async () => {
    await raffleOf(1000);
    const id = randomUUID();
    const results = await Promise.all(Array.from({ length: 5 }, () => allocate(id, 4)));
    for (const r of results) expect(r.numbers).toEqual(results[0]!.numbers);
    expect(await t.db.collection('number_claims').countDocuments({ purchaseId: id })).toBe(1);
    expect((await getRaffleNumbers(t.db, CURRENT_RAFFLE_ID)).nextPosition).toBe(4);
  });

  it('never overlaps concurrent claims of different purchases', async () => {
    await raffleOf(500);
    const quantities = Array.from({ length: 25 }, (_, i) => (i % 5) + 1);
    const results = await Promise.all(quantities.map((q) => allocate(randomUUID(), q)));
    const all = results.flatMap((r) => r.numbers);
    const total = quantities.reduce((a, b) => a + b, 0);
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
    const claims = await t.db.collection('number_claims').find().sort({ start: 1 }).toArray();
    let end = 0;
    for (const c of claims) {
      expect(c.start).toBe(end);
      end = c.start + c.count;
    }
    expect((await getRaffleNumbers(t.db, CURRENT_RAFFLE_ID)).nextPosition).toBe(total);
  });

  it('loses and duplicates nothing when a crash left the cursor behind a claim', async () => {
    await raffleOf(100);
    await allocate(randomUUID(), 3);
    // A process claimed positions 3..7 and died before moving the cursor.
    const crashed = randomUUID();
    expect(
      await insertClaim(t.db, {
        raffleId: CURRENT_RAFFLE_ID,
        start: 3,
        count: 5,
        purchaseId: crashed,
      }),
    ).not.toBeNull();
    expect((await getRaffleNumbers(t.db, CURRENT_RAFFLE_ID)).nextPosition).toBe(3);

    const next = await allocate(randomUUID(), 2);
    expect(next.claim.start).toBe(8);
    const redone = await allocate(crashed, 5);
    expect(redone.claim.start).toBe(3);
    expect(new Set([...next.numbers, ...redone.numbers]).size).toBe(7);
    expect((await getRaffleNumbers(t.db, CURRENT_RAFFLE_ID)).nextPosition).toBe(10);
  });
});

describe('whoHolds', () => {
  it('finds the purchase holding a number, with or without leading zeros', async () => {
    await raffleOf(10000);
    const a = randomUUID();
    const b = randomUUID();
    const { numbers: mine } = await allocate(a, 3);
    const { numbers: theirs } = await allocate(b, 2);
    for (const n of mine) expect((await whoHolds(t.db, CURRENT_RAFFLE_ID, n))?.purchaseId).toBe(a);
    for (const n of theirs)
      expect((await whoHolds(t.db, CURRENT_RAFFLE_ID, n))?.purchaseId).toBe(b);
    expect((await whoHolds(t.db, CURRENT_RAFFLE_ID, String(Number(mine[0]))))?.number).toBe(
      mine[0],
    );
  });

  it('answers null for unsold numbers and for text that is not a number', async () => {
    await raffleOf(100);
    const { numbers } = await allocate(randomUUID(), 99);
    const unsold = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')).find(
      (n) => !numbers.includes(n),
    )!;
    expect(await whoHolds(t.db, CURRENT_RAFFLE_ID, unsold)).toBeNull();
    expect(await whoHolds(t.db, CURRENT_RAFFLE_ID, 'ana@example.com')).toBeNull();
    expect(await whoHolds(t.db, CURRENT_RAFFLE_ID, '100')).toBeNull();
  });
});
