// Money that must go back, or went back, without the buyer getting numbers for it:
// - a payment that arrived after its order expired, when no numbers remain to give it:
//   EXPIRED → REFUND_REQUIRED with its `purchase.refund_required` event in the same write
//   (DESIGN I5: the money taken is never lost from sight; staff refund it, the buyer is
//   told). No capacity changes: the order holds none and gets none (I2).
// - a PayPhone payment reversed after it was confirmed: flagged on the purchase for staff.
//   Its numbers stay assigned: what to do with them is a staff decision, not something
//   to undo silently.
import { SERVER } from '@vag/contracts';
import type { CoreDeps } from '../deps';
import {
  markMobileChecked,
  markRefundRequired,
  type ProviderBlock,
  type PurchaseDoc,
} from '../db/purchases';
import { purchaseEvent } from '../pipeline/purchase-events';
import { kickRelay } from '../pipeline/relay';

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
