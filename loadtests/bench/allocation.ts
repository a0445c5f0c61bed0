// Allocation cost per purchase, our allocator against the baseline's pool, each on a
// fresh database of the real document store. The same number of purchases of the same
// size runs at every N, so only N changes between the figures.
import { randomUUID } from 'node:crypto';
import { MongoClient, type Db } from 'mongodb';
import { ensureIndexes } from '@vag/core/db/indexes';
import { allocateNumbers } from '@vag/core/raffle/allocate';
import { raffleWithNumbers } from '@vag/core/testing/raffle-fixtures';
import { allocateFromPool, generatePool } from '../baseline/pool-allocator';

export interface AllocationFigure {
  allocator: 'ours' | 'baseline';
  totalNumbers: number;
  purchases: number;
  quantity: number;
  setupMs: number;
  msPerPurchase: number;
  /** True when the time budget ended the run before every purchase was allocated. */
  cutShort: boolean;
}

async function withDatabase<T>(
  mongoBaseUrl: string,
  name: string,
  body: (db: Db) => Promise<T>,
): Promise<T> {
  const client = new MongoClient(`${mongoBaseUrl}${name}_${randomUUID().slice(0, 8)}`, {
    retryWrites: false,
  });
  await client.connect();
  const db = client.db();
  try {
    return await body(db);
  } finally {
    await db.dropDatabase().catch(() => undefined);
    await client.close();
  }
}

async function timePurchases(
  purchases: number,
  budgetMs: number,
  allocate: (purchaseId: string) => Promise<unknown>,
) {
  const started = performance.now();
  let done = 0;
  while (done < purchases && performance.now() - started < budgetMs) {
    await allocate(randomUUID());
    done++;
  }
  return { done, ms: performance.now() - started };
}

export async function benchOurAllocation(
  mongoBaseUrl: string,
  totalNumbers: number,
  purchases: number,
  quantity: number,
): Promise<AllocationFigure> {
  return withDatabase(mongoBaseUrl, `alloc_${totalNumbers}`, async (db) => {
    const t0 = performance.now();
    await ensureIndexes(db);
    await raffleWithNumbers(db, totalNumbers);
    const setupMs = performance.now() - t0;
    // No warm-up: the first purchase pays for building the permutation's tables.
    const { done, ms } = await timePurchases(purchases, 120_000, (purchaseId) =>
      allocateNumbers(db, { raffleId: 'current', purchaseId, quantity }),
    );
    return {
      allocator: 'ours',
      totalNumbers,
      purchases: done,
      quantity,
      setupMs,
      msPerPurchase: ms / done,
      cutShort: done < purchases,
    };
  });
}

export async function benchBaselineAllocation(
  mongoBaseUrl: string,
  totalNumbers: number,
  purchases: number,
  quantity: number,
  budgetMs: number,
): Promise<AllocationFigure> {
  return withDatabase(mongoBaseUrl, `pool_${totalNumbers}`, async (db) => {
    const t0 = performance.now();
    await generatePool(db, totalNumbers);
    const setupMs = performance.now() - t0;
    const { done, ms } = await timePurchases(purchases, budgetMs, (purchaseId) =>
      allocateFromPool(db, purchaseId, quantity, totalNumbers),
    );
    return {
      allocator: 'baseline',
      totalNumbers,
      purchases: done,
      quantity,
      setupMs,
      msPerPurchase: ms / Math.max(done, 1),
      cutShort: done < purchases,
    };
  });
}
