// The reservation sweeper: unpaid orders past their expiry go PENDING → EXPIRED and their
// numbers go back to `available`. The transition is conditional on the reservation still
// being active, so whichever process ends it is the only one giving the capacity back.
import type { CoreDeps, Stoppable } from '../deps';
import { endPendingReservation, findExpiredReservations } from '../db/purchases';
import { releaseCapacity } from '../db/raffle-capacity';
import { startPeriodicJob } from '../periodic-job';
import { purchaseEvent } from './purchase-events';
import { kickRelay } from './relay';

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
      const expired = purchaseEvent(
        'purchase.expired',
        purchase,
        { expiredAt: now.toISOString() },
        now,
      );
      const ended = await endPendingReservation(deps.db, purchase._id, expired, {
        expiredBefore: now,
      });
      if (ended) {
        await releaseCapacity(deps.db, ended.quantity, ended.raffleId);
        kickRelay(deps, ended._id);
        released++;
      }
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
