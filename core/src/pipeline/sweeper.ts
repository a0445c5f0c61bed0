// The reservation sweeper: unpaid orders past their expiry go PENDING → EXPIRED and their
// numbers go back to `available`, each through expireOrder (purchase-lifecycle/expire.ts).
import type { CoreDeps, Stoppable } from '../deps';
import { findExpiredReservations } from '../db/purchases';
import { startPeriodicJob } from '../periodic-job';
import { expireOrder } from '../purchase-lifecycle/expire';

const BATCH = 500;

/** Expires every reservation due at `now`; answers how many this call released. */
export async function sweepExpiredReservations(
  deps: CoreDeps,
  now: Date = new Date(),
): Promise<number> {
  let released = 0;
  for (;;) {
    const due = await findExpiredReservations(deps.db, now, BATCH);
    for (const purchase of due) {
      if (await expireOrder(deps, purchase, { at: now, dueBy: now })) released++;
    }
    if (due.length < BATCH) return released;
  }
}

export async function startReservationSweeper(deps: CoreDeps): Promise<Stoppable> {
  const log = deps.log.child({ module: 'reservation-sweeper' });
  return startPeriodicJob({
    everyMs: deps.env.SWEEP_INTERVAL_SECONDS * 1000,
    pass: async () => {
      const released = await sweepExpiredReservations(deps);
      if (released > 0) log.info({ released }, 'expired reservations released');
    },
    log,
    failure: 'sweep failed; the next one retries',
  });
}
