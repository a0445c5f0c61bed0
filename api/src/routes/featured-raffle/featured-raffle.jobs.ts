// Start-up job: a store from before many raffles becomes one whose raffle is a record of
// its own, and a store with no raffle gets a draft to set up (core/src/raffles/upgrade.ts).
import type { AppDeps } from '../../context';
import { upgradeRaffles } from '@vag/core/raffles/upgrade';
import type { Stoppable } from '@vag/core';

export async function ensureRaffleJob(deps: AppDeps): Promise<Stoppable> {
  await upgradeRaffles(deps.db);
  return { stop: async () => undefined };
}
