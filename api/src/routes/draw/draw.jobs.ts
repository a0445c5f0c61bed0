// Background job: closes each raffle's sale when it sells out or its end date passes, and
// publishes its sold list's hash as soon as every pending order has settled (DESIGN,
// fairness). At start-up it first gives an unsold raffle from before commitments its
// commitment. It also puts a recorded draw on /ganadores should the draw's own request
// have failed to (a crash between the two writes).
import type { AppDeps } from '../../context';
import {
  closeSaleIfDue,
  commitUnsoldLegacyRaffle,
  publishDrawResultIfDue,
} from '@vag/core/raffle/fairness';
import type { Stoppable } from '@vag/core';
import { startPeriodicJob } from '@vag/core/periodic-job';
import { rafflesInPlay } from '@vag/core/db/raffle';

const CLOSE_CHECK_MS = 2000;

export async function startSaleClosing(deps: AppDeps): Promise<Stoppable> {
  const log = deps.log.child({ module: 'sale-closing' });
  for (const raffleId of await rafflesInPlay(deps.db))
    if (await commitUnsoldLegacyRaffle(deps.db, raffleId))
      log.info({ raffleId }, 'commitment published for the raffle');
  return startPeriodicJob({
    everyMs: CLOSE_CHECK_MS,
    pass: async () => {
      for (const raffleId of await rafflesInPlay(deps.db)) {
        const closing = await closeSaleIfDue(deps.db, new Date(), raffleId);
        if (closing) log.info({ raffleId, closing }, 'sale closed, sold list published');
        await publishDrawResultIfDue(deps.db, raffleId);
      }
    },
    log,
    failure: 'closing check failed; the next one retries',
  });
}
