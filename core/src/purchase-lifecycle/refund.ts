// Money that must go back, or went back, without the buyer getting numbers for it:
// - a payment that arrived after its order expired, when no numbers remain to give it:
//   EXPIRED → REFUND_REQUIRED with its `purchase.refund_required` event in the same write
//   (DESIGN I5: the money taken is never lost from sight; staff refund it, the buyer is
//   told). No capacity changes: the order holds none and gets none (I2).
// - a paid purchase for which the numbers worker finds no positions left (a breach of I2
//   upstream: more numbers were paid than exist): COMPLETED → REFUND_REQUIRED, and the
//   numbers it held as reserved go back to the counters. The buyer paid and can no longer
//   get numbers: the money is never left without numbers nor a refund flag (I3, I5).
// - a PayPhone payment reversed after it was confirmed: flagged on the purchase for staff.
//   Its numbers stay assigned: what to do with them is a staff decision, not something
//   to undo silently.
import { SERVER } from '@vag/contracts';
import type { CoreDeps } from '../deps';
import {
  getPurchase,
  markMobileChecked,
  markPaidRefundRequired,
  markRefundRequired,
  type ProviderBlock,
  type PurchaseDoc,
} from '../db/purchases';
import { releaseCapacity } from '../db/raffle-capacity';
import { purchaseEvent } from '../pipeline/purchase-events';
import { kickRelay, publishEntries } from '../pipeline/relay';

export interface RefundRequest {
  /** What the provider said of the payment, kept on the purchase. */
  block: ProviderBlock;
  /** The staff member who confirmed it (a transfer), for the review log. */
  confirmedBy?: string | undefined;
}

/** The flagged purchase, or null when it was no longer EXPIRED (another path moved it on). */
export async function requireRefund(
  deps: CoreDeps,
  purchase: PurchaseDoc,
  { block, confirmedBy }: RefundRequest,
): Promise<PurchaseDoc | null> {
  const flaggedAt = new Date();
  const event = purchaseEvent(
    'purchase.refund_required',
    purchase,
    { paidAt: flaggedAt.toISOString() },
    flaggedAt,
  );
  const flagged = await markRefundRequired(deps.db, {
    id: purchase._id,
    block,
    event,
    message: SERVER.refundRequired,
    confirmedBy,
  });
  if (!flagged) return null;
  kickRelay(deps, purchase._id, flagged);
  deps.log
    .child({ module: 'payments', purchaseId: purchase._id })
    .error('payment arrived after expiry and no numbers remain: REFUND_REQUIRED');
  return flagged;
}

/**
 * The numbers worker found no numbers for a paid purchase: it is flagged for refund and
 * the quantity it held as reserved goes back (flagged first, so the counters never count
 * fewer numbers than the purchases hold). The event goes out at once: a workers process
 * has no relay of its own. False when the purchase had moved on (numbered, or flagged).
 */
export async function refundUnnumbered(
  deps: Pick<CoreDeps, 'db' | 'bus' | 'log'>,
  purchaseId: string,
  problem: string,
): Promise<boolean> {
  const purchase = await getPurchase(deps.db, purchaseId);
  if (purchase?.status !== 'COMPLETED') return false;
  const at = new Date();
  const event = purchaseEvent(
    'purchase.refund_required',
    purchase,
    { paidAt: (purchase.paidAt ?? at).toISOString() },
    at,
  );
  const flagged = await markPaidRefundRequired(deps.db, {
    id: purchaseId,
    event,
    message: SERVER.refundRequired,
  });
  if (!flagged) return false;
  await releaseCapacity(deps.db, flagged.quantity, flagged.raffleId);
  deps.log.error(
    { purchaseId, problem },
    'paid purchase without numbers left: REFUND_REQUIRED, its reservation released',
  );
  await publishEntries(deps, [flagged]);
  return true;
}

/**
 * What a later look at a confirmed PayPhone payment found: `reversal` says how PayPhone
 * now reports it, or null when it still stands (then only the time of the look is kept).
 */
export async function recordPaymentRecheck(
  deps: Pick<CoreDeps, 'db' | 'log'>,
  purchase: Pick<PurchaseDoc, '_id'>,
  reversal: string | null,
): Promise<void> {
  await markMobileChecked(deps.db, purchase._id, reversal);
  if (reversal)
    deps.log.error(
      { purchaseId: purchase._id, reversal },
      'PayPhone payment reversed after confirmation',
    );
}
