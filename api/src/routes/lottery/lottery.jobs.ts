// Start-up job: there is always a current raffle to show (inactive until an admin sets it up).
import type { AppDeps } from '../../context';
import { ensureCurrentRaffle } from '@vag/core/db/raffle';
import type { Stoppable } from '@vag/core';

export async function ensureRaffleJob(deps: AppDeps): Promise<Stoppable> {
  await ensureCurrentRaffle(deps.db);
  return { stop: async () => undefined };
}
