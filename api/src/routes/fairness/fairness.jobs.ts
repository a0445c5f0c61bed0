// Background job: closes the sale when the raffle sells out or its end date passes, and
// publishes the sold list's hash as soon as every pending order has settled (issue 16).
// At start-up it first gives an unsold raffle from before commitments its commitment.
// It also puts a recorded draw on /ganadores should the draw's own request have failed
// to (a crash between the two writes).
import type { AppDeps } from '../../context';
import {
  closeSaleIfDue,
  commitUnsoldLegacyRaffle,
  publishDrawResultIfDue,
} from '@vag/core/raffle/fairness';
import type { Stoppable } from '@vag/core';
import { startPeriodicJob } from '@vag/core/periodic-job';

const CLOSE_CHECK_MS = 2000;

export async function startSaleClosing(deps: AppDeps): Promise<Stoppable> {
  const log = deps.log.child({ module: 'sale-closing' });
  if (await commitUnsoldLegacyRaffle(deps.db)) log.info('commitment published for the raffle');
  return startPeriodicJob({
    everyMs: CLOSE_CHECK_MS,
    pass: async () => {
      const closing = await closeSaleIfDue(deps.db);
      if (closing) log.info({ closing }, 'sale closed, sold list published');
      await publishDrawResultIfDue(deps.db);
    },
    log,
    failure: 'closing check failed; the next one retries',
  });
}
