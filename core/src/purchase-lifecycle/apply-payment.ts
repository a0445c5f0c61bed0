// The one way a purchase becomes paid. Every confirmation path (PayPal capture, Stripe
// verify and webhook, PayPhone Confirm, staff bank-transfer confirmation) first asks
// the provider itself, then calls applyPayment with what the provider said.
//
// applyPayment is idempotent: PENDING → COMPLETED happens once (a conditional update
// that also writes the `purchase.paid` outbox entry); a payment that arrives after the
// reservation expired re-reserves capacity, or flags the purchase REFUND_REQUIRED when
// no numbers remain; a replay answers the purchase as it is.
import { SERVER } from '@vag/contracts';
import type { AppDeps } from '../context';
import {
  completePurchase,
  getPurchase,
  markRefundRequired,
  recordPaymentProblem,
  type ProviderBlock,
  type PurchaseDoc,
} from '@vag/core/db/purchases';
import { releaseCapacity, reserveCapacityForLatePayment } from '@vag/core/db/raffle-capacity';
import { apiError } from '../lib/errors';
import { paidEvent, purchaseEvent } from '@vag/core/pipeline/purchase-events';
import { kickRelay } from '@vag/core/pipeline/relay';

/** How long a late payment that found no numbers waits before looking again. */
const LATE_PAYMENT_RECHECK_MS = 500;

export interface PaymentApplied {
  purchase: PurchaseDoc;
  /** True for the call that made the transition; false for replays. */
  transitioned: boolean;
}

/**
 * `known` is the purchase as the caller just read it: the first round decides on it
 * (every step is conditional, and a status only moves forward, so a stale read costs a
 * lost race and a second round, never a wrong transition); later rounds read again.
 * `confirmedBy`, a staff member confirming a transfer, goes into the purchase's review
 * log with the transition.
 */
export async function applyPayment(
  deps: AppDeps,
  known: PurchaseDoc,
  block: ProviderBlock,
  confirmedBy?: string,
): Promise<PaymentApplied> {
  const purchaseId = known._id;
  const log = deps.log.child({ module: 'payments', purchaseId });
  let lookedAgain = false;
  // A few rounds at most: each lost race means another path moved the purchase on.
  for (let round = 0; round < 5; round++) {
    const purchase = round === 0 ? known : await getPurchase(deps.db, purchaseId);
    if (!purchase) throw new Error(`purchase ${purchaseId} vanished`);
    if (purchase.status === 'COMPLETED' || purchase.status === 'REFUND_REQUIRED')
      return { purchase, transitioned: false };

    const paidAt = new Date();
    if (purchase.status === 'PENDING') {
      const done = await completePurchase(
        deps.db,
        purchaseId,
        'PENDING',
        block,
        paidEvent(purchase, paidAt),
        paidAt,
        confirmedBy,
      );
      if (done) {
        kickRelay(deps, purchaseId, done);
        return { purchase: done, transitioned: true };
      }
      continue;
    }

    // EXPIRED: the buyer paid after the reservation was released.
    if (await reserveCapacityForLatePayment(deps.db, purchase.quantity, purchase.raffleId)) {
      const done = await completePurchase(
        deps.db,
        purchaseId,
        'EXPIRED',
        block,
        paidEvent(purchase, paidAt),
        paidAt,
        confirmedBy,
      );
      if (done) {
        log.info('late payment completed with re-reserved numbers');
        kickRelay(deps, purchaseId, done);
        return { purchase: done, transitioned: true };
      }
      await releaseCapacity(deps.db, purchase.quantity, purchase.raffleId);
      continue;
    }
    // The sweeper ends a reservation, then gives its numbers back: a payment arriving in
    // between would find its own numbers still held. Look once more before refusing.
    if (!lookedAgain) {
      lookedAgain = true;
      await new Promise((resolve) => setTimeout(resolve, LATE_PAYMENT_RECHECK_MS));
      continue;
    }
    const flaggedAt = new Date();
    const flagged = await markRefundRequired(
      deps.db,
      purchaseId,
      block,
      purchaseEvent(
        'purchase.refund_required',
        purchase,
        { paidAt: flaggedAt.toISOString() },
        flaggedAt,
      ),
      SERVER.refundRequired,
      confirmedBy,
    );
    if (flagged) {
      kickRelay(deps, purchaseId, flagged);
      log.error('payment arrived after expiry and no numbers remain: REFUND_REQUIRED');
      return { purchase: flagged, transitioned: true };
    }
  }
  throw new Error(`purchase ${purchaseId}: could not settle its payment`);
}

/** The provider charged another amount than the order's: nothing is confirmed, staff see why. */
export async function recordAmountMismatch(
  deps: AppDeps,
  purchase: PurchaseDoc,
  paid: number,
  provider: string,
): Promise<void> {
  const message = `${provider} informó un monto de ${paid.toFixed(2)} para un pedido de ${purchase.totalPrice.toFixed(2)}`;
  deps.log.error(
    { purchaseId: purchase._id, paid, expected: purchase.totalPrice, provider },
    'payment amount mismatch',
  );
  await recordPaymentProblem(deps.db, purchase._id, message);
}

/** recordAmountMismatch, then the buyer's answer: 409 'El monto no coincide…'. */
export async function refuseAmount(
  deps: AppDeps,
  purchase: PurchaseDoc,
  paid: number,
  provider: string,
): Promise<never> {
  await recordAmountMismatch(deps, purchase, paid, provider);
  throw apiError(409, SERVER.amountMismatch);
}
