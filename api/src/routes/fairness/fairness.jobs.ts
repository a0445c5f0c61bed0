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

const CLOSE_CHECK_MS = 2000;

export async function startSaleClosing(deps: AppDeps): Promise<Stoppable> {
  const log = deps.log.child({ module: 'sale-closing' });
  if (await commitUnsoldLegacyRaffle(deps.db)) log.info('commitment published for the raffle');
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = closeSaleIfDue(deps.db)
      .then((closing) => closing && log.info({ closing }, 'sale closed, sold list published'))
      .then(() => publishDrawResultIfDue(deps.db))
      .catch((err: unknown) => log.error({ err }, 'closing check failed; the next one retries'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, CLOSE_CHECK_MS);
  timer.unref();
  tick();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
