import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findClaimByPurchase, insertClaim } from '../db/number-claims';
import { CURRENT_RAFFLE_ID, getRaffleNumbers } from '../db/raffle-numbers';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import { allocateNumbers, NumbersExhaustedError } from './allocate';
import { allocateNumbersGrouped } from './allocate-grouped';
import { raffleWithNumbers } from '../testing/raffle-fixtures';

let t: TestDatabase;

beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(async () => {
  await t.drop();
});

const raffleOf = (totalNumbers: number) => raffleWithNumbers(t.db, totalNumbers);

const grouped = (purchaseId: string, quantity: number) =>
  allocateNumbersGrouped(t.db, { raffleId: CURRENT_RAFFLE_ID, purchaseId, quantity });

async function claimCount(): Promise<number> {
  return t.db.collection('number_claims').countDocuments({});
}

describe('allocateNumbersGrouped', () => {
  it('sells every number exactly once to purchases allocating at the same time', async () => {
    await raffleOf(300);
    const quantities = Array.from({ length: 40 }, (_, i) => (i % 7) + 1); // 155 numbers
    const results = await Promise.all(quantities.map((q) => grouped(randomUUID(), q)));
    const all = results.flatMap((r) => r.numbers);
    expect(all).toHaveLength(155);
    expect(new Set(all).size).toBe(155);
    results.forEach((r, i) => expect(r.numbers).toHaveLength(quantities[i]!));
    // Contiguous from 0: the chain has no gap and the cursor sits at its end.
    const starts = results.map((r) => r.claim.start).sort((a, b) => a - b);
    let end = 0;
    for (const start of starts) {
      const claim = results.find((r) => r.claim.start === start)!.claim;
      expect(claim.start).toBe(end);
      end += claim.count;
    }
    expect((await getRaffleNumbers(t.db, CURRENT_RAFFLE_ID)).nextPosition).toBe(155);
  });

  it('reaches the store with one insert for the purchases that arrive while one is in flight', async () => {
    await raffleOf(1000);
    const client = new MongoClient(t.url, { retryWrites: false, monitorCommands: true });
    await client.connect();
    let inserts = 0;
    client.on('commandStarted', (e) => {
      if (e.commandName === 'insert' && e.command.insert === 'number_claims') inserts++;
    });
    try {
      const db = client.db();
      const results = await Promise.all(
        Array.from({ length: 30 }, () =>
          allocateNumbersGrouped(db, {
            raffleId: CURRENT_RAFFLE_ID,
            purchaseId: randomUUID(),
            quantity: 2,
          }),
        ),
      );
      expect(new Set(results.flatMap((r) => r.numbers)).size).toBe(60);
      // The first goes alone; the 29 that queued behind it share the next insert.
      expect(inserts).toBe(2);
    } finally {
      await client.close();
    }
  });

  it('answers the same numbers to a purchase asked for several times at once (redelivery)', async () => {
    await raffleOf(1000);
    const id = randomUUID();
    const others = Array.from({ length: 5 }, () => grouped(randomUUID(), 3));
    const mine = await Promise.all([grouped(id, 4), grouped(id, 4), grouped(id, 4)]);
    await Promise.all(others);
    for (const r of mine) expect(r.numbers).toEqual(mine[0]!.numbers);
    expect(await t.db.collection('number_claims').countDocuments({ purchaseId: id })).toBe(1);
    expect(await claimCount()).toBe(6);
  });

  it('gives back the claim a purchase already holds, and leaves no gap behind it', async () => {
    await raffleOf(1000);
    const early = await allocateNumbers(t.db, {
      raffleId: CURRENT_RAFFLE_ID,
      purchaseId: 'p-early',
      quantity: 5,
    });
    // A batch where that purchase comes second: the ordered insert stops at it.
    const [a, again, b] = await Promise.all([
      grouped('p-a', 2),
      grouped('p-early', 5),
      grouped('p-b', 3),
    ]);
    expect(again.numbers).toEqual(early.numbers);
    const ends = [a!, b!].map((r) => [r.claim.start, r.claim.start + r.claim.count]);
    const covered = new Set(
      ends.flatMap(([s, e]) => Array.from({ length: e! - s! }, (_, i) => s! + i)),
    );
    expect(covered.size).toBe(5);
    expect(Math.min(...covered)).toBe(5); // right after the early claim [0, 5)
    expect((await getRaffleNumbers(t.db, CURRENT_RAFFLE_ID)).nextPosition).toBe(10);
  });

  it('two processes allocating at the same time share the raffle without overlap or gap', async () => {
    await raffleOf(2000);
    const other = new MongoClient(t.url, { retryWrites: false });
    await other.connect();
    try {
      // Two clients: two batchers racing for the same cursor, like two worker processes.
      const dbs = [t.db, other.db()];
      const quantities = Array.from({ length: 120 }, (_, i) => (i % 9) + 1);
      const results = await Promise.all(
        quantities.map((quantity, i) =>
          allocateNumbersGrouped(dbs[i % 2]!, {
            raffleId: CURRENT_RAFFLE_ID,
            purchaseId: `p-${i}`,
            quantity,
          }),
        ),
      );
      const total = quantities.reduce((a, b) => a + b, 0);
      const all = results.flatMap((r) => r.numbers);
      expect(new Set(all).size).toBe(total);
      const claims = results.map((r) => r.claim).sort((a, b) => a.start - b.start);
      let end = 0;
      for (const claim of claims) {
        expect(claim.start).toBe(end);
        end += claim.count;
      }
      expect(await claimCount()).toBe(120);
    } finally {
      await other.close();
    }
  });

  it('walks over a claim another process made past the cursor', async () => {
    await raffleOf(100);
    // Another process claimed [0, 10) and crashed before moving the cursor.
    await insertClaim(t.db, { raffleId: CURRENT_RAFFLE_ID, start: 0, count: 10, purchaseId: 'x' });
    const results = await Promise.all([grouped('p1', 5), grouped('p2', 5), grouped('p3', 5)]);
    const starts = results.map((r) => r.claim.start).sort((a, b) => a - b);
    expect(starts).toEqual([10, 15, 20]);
    expect(await findClaimByPurchase(t.db, 'x')).toMatchObject({ start: 0, count: 10 });
  });

  it('fills the raffle to its last number and refuses what no longer fits', async () => {
    await raffleOf(20);
    const settled = await Promise.allSettled([
      grouped('p1', 8),
      grouped('p2', 8),
      grouped('p3', 8), // does not fit after 16
      grouped('p4', 4),
    ]);
    const sold = settled.flatMap((s) => (s.status === 'fulfilled' ? s.value.numbers : []));
    expect(sold).toHaveLength(20);
    expect(new Set(sold).size).toBe(20);
    const refused = settled.filter((s) => s.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(NumbersExhaustedError);
    expect(await findClaimByPurchase(t.db, 'p3')).toBeNull();
  });
});
