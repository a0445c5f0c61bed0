// The one way an unpaid order ends: PENDING → EXPIRED, its `purchase.expired` event in the
// same write, then its numbers back to the raffle's capacity (DESIGN I2). The sweeper ends
// orders past their hold; create-order ends one whose provider failed (I5: the purchase
// keeps why). The transition is conditional on the reservation still being active, so
// whichever caller ends it is the only one giving the capacity back.
import type { CoreDeps } from '../deps';
import { endPendingReservation, type PurchaseDoc, type PurchaseSale } from '../db/purchases';
import { releaseCapacity } from '../db/raffle-capacity';
import { releasePurchaseNumbers } from '../db/number-holds';
import { purchaseEvent } from '../pipeline/purchase-events';
import { kickRelay } from '../pipeline/relay';

export interface EndReservation {
  /** When it ends: the event's time. */
  at: Date;
  /** Only if its hold ended by then (the sweeper's condition). */
  dueBy?: Date;
  /** Why it never reached its payment page, for staff. */
  failure?: PurchaseDoc['failure'];
}

/** Ends the order's reservation; the ended purchase, or null when another caller ended it (or it was paid). */
export async function expireOrder(
  deps: CoreDeps,
  purchase: PurchaseSale,
  { at, dueBy, failure }: EndReservation,
): Promise<PurchaseDoc | null> {
  const expired = purchaseEvent('purchase.expired', purchase, { expiredAt: at.toISOString() }, at);
  const ended = await endPendingReservation(deps.db, purchase._id, expired, {
    ...(dueBy ? { expiredBefore: dueBy } : {}),
    ...(failure ? { failure } : {}),
  });
  if (!ended) return null;
  await releaseCapacity(deps.db, ended.quantity, ended.raffleId);
  // Its chosen numbers are free again (pick mode); the purchase keeps which they were.
  if (ended.pickedNumbers)
    await releasePurchaseNumbers(
      deps.db,
      ended.raffleId,
      ended._id,
      ended.pickedNumbers.map(Number),
    );
  kickRelay(deps, ended._id);
  return ended;
}
