// Property: after a sellout through the real pipeline, the key revealed by the draw
// reproduces every number of every purchase, and the public record passes every check.
import {
  checkBuyerNumbers,
  createPermutation,
  numbersAt,
  purchaseReference,
  verifyFairness,
} from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/server';
import { waitFor } from '@vag/core/testing/wait';
import { fairnessExport, recordOfficialResult } from '@vag/core/raffle/fairness';
import {
  insertPurchase,
  purchasePaidMessage,
  raffleWithNumbers,
  watchNumbersAssigned,
} from '@vag/core/testing/raffle-fixtures';
import { CURRENT_RAFFLE_ID } from '@vag/core/db/raffle';

const TOTAL = 3000;
const CONCURRENCY = 8;

let srv: TestServer;
let watcher: Awaited<ReturnType<typeof watchNumbersAssigned>>;

beforeAll(async () => {
  srv = await startTestServer();
  watcher = await watchNumbersAssigned(srv.deps.bus);
});
afterAll(async () => {
  await watcher.stop();
  await srv.stop();
});

/** Purchase sizes from 1 to 60 that add up to `total`, from a seeded generator so a failure replays. */
function purchaseSizes(total: number, seed: number): number[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const sizes: number[] = [];
  for (let left = total; left > 0;) {
    const size = Math.min(left, 1 + Math.floor(next() * 60));
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

async function sellAll(sizes: number[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < sizes.length; i += CONCURRENCY) {
    const batch = await Promise.all(
      sizes.slice(i, i + CONCURRENCY).map(async (quantity) => {
        const id = await insertPurchase(srv.db, { quantity });
        await srv.deps.bus.publish([purchasePaidMessage(id, quantity)]);
        return id;
      }),
    );
    await Promise.all(batch.map((id) => watcher.settled(id)));
    ids.push(...batch);
  }
  return ids;
}

describe(`a sellout of ${TOTAL} numbers`, () => {
  it('lets the revealed key reproduce every assigned number of every purchase', async () => {
    const seed = Date.now() % 100_000;
    const sizes = purchaseSizes(TOTAL, seed);
    await raffleWithNumbers(srv.db, TOTAL);
    const ids = await sellAll(sizes);

    await waitFor(async () => (await fairnessExport(srv.db, CURRENT_RAFFLE_ID)).closing, {
      message: 'the sale to close',
    });
    await recordOfficialResult(
      srv.db,
      { firstPrize: '51234', drawNumber: 7012, drawDate: '2099-01-01' },
      'test',
      CURRENT_RAFFLE_ID,
    );
    const data = await fairnessExport(srv.db, CURRENT_RAFFLE_ID);
    expect(
      verifyFairness(data).filter((check) => !check.ok),
      `seed ${seed}`,
    ).toEqual([]);

    const perm = createPermutation(data.reveal!.key, TOTAL);
    const purchases = await srv.db
      .collection<{ _id: string; assignedNumbers: string[] }>('purchases')
      .find({}, { projection: { assignedNumbers: 1 } })
      .toArray();
    expect(purchases).toHaveLength(ids.length);
    const everyNumber = new Set<string>();
    for (const purchase of purchases) {
      const reference = purchaseReference(purchase._id);
      const claim = data.claims.find((c) => c.reference === reference)!;
      expect(numbersAt(perm, claim, 4), `seed ${seed}`).toEqual(purchase.assignedNumbers);
      expect(checkBuyerNumbers(data, reference, purchase.assignedNumbers).ok).toBe(true);
      for (const number of purchase.assignedNumbers) everyNumber.add(number);
    }
    expect(everyNumber.size).toBe(TOTAL);
  }, 180_000);
});
