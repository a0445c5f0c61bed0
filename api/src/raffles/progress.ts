// A raffle's progress bar (GET …/raffle/raffle-progress and the pages' first paint).
import type { Progress } from '@vag/contracts';
import { getRaffleNumbers } from '@vag/core/db/raffle-numbers';
import type { Db } from 'mongodb';

/**
 * Every visitor's page polls the progress bar, thousands at once during a sellout: one
 * read of the raffle document per second and process answers them all.
 */
const PROGRESS_TTL_MS = 1000;
const progressCache = new WeakMap<Db, Map<string, { at: number; value: Promise<Progress> }>>();

export function cachedProgress(db: Db, raffleId: string): Promise<Progress> {
  let raffles = progressCache.get(db);
  if (!raffles) progressCache.set(db, (raffles = new Map()));
  const cached = raffles.get(raffleId);
  if (cached && Date.now() - cached.at < PROGRESS_TTL_MS) return cached.value;
  const value = getRaffleNumbers(db, raffleId).then(({ sold, totalNumbers, available }) => ({
    percentage: totalNumbers > 0 ? Math.round((sold / totalNumbers) * 10_000) / 100 : 0,
    assigned: sold,
    total: totalNumbers,
    available,
  }));
  raffles.set(raffleId, { at: Date.now(), value });
  value.catch(() => raffles.delete(raffleId));
  return value;
}
