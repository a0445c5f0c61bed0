// The one way a purchase becomes paid. Every confirmation path (PayPal capture, Stripe
// verify and webhook, PayPhone Confirm, staff bank-transfer confirmation) first asks
// the provider itself (api/src/payments), then calls applyPayment with what the provider
// said: payment status is decided on the server (DESIGN I6).
//
// applyPayment is idempotent: PENDING → COMPLETED happens once (a conditional update
// that also writes the `purchase.paid` outbox entry, I5); a payment that arrives after
// the reservation expired re-reserves capacity (I2), or flags the purchase
// REFUND_REQUIRED when no numbers remain (refund.ts); a replay answers the purchase as it is.
import { AUDIT_TEXTS } from '@vag/contracts';
import type { CoreDeps } from '../deps';
import { appendAudit } from '../db/audit-log';
import {
  completePurchase,
  getPurchase,
  recordPaymentProblem,
  type ProviderBlock,
  type PurchaseDoc,
} from '../db/purchases';
import { releaseCapacity, reserveCapacityForLatePayment } from '../db/raffle-capacity';
import { paidEvent } from '../pipeline/purchase-events';
import { kickRelay } from '../pipeline/relay';
import { requireRefund } from './refund';
import { holdNumbers } from '../db/number-holds';

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
  deps: CoreDeps,
  known: PurchaseDoc,
  block: ProviderBlock,
  confirmedBy?: string,
): Promise<PaymentApplied> {
  const purchaseId = known._id;
  let lookedAgain = false;
  // A few rounds at most: each lost race means another path moved the purchase on.
  for (let round = 0; round < 5; round++) {
    const purchase = round === 0 ? known : await getPurchase(deps.db, purchaseId);
    if (!purchase) throw new Error(`purchase ${purchaseId} vanished`);
    if (purchase.status === 'COMPLETED' || purchase.status === 'REFUND_REQUIRED')
      return { purchase, transitioned: false };

    const from = purchase.status === 'PENDING' ? 'PENDING' : 'EXPIRED';
    // EXPIRED: the buyer paid after the reservation was released; numbers again, if any.
    if (from === 'EXPIRED' && !(await reserveForLatePayment(deps, purchase))) {
      // The sweeper ends a reservation, then gives its numbers back: a payment arriving in
      // between would find its own numbers still held. Look once more before refusing.
      if (!lookedAgain) {
        lookedAgain = true;
        await new Promise((resolve) => setTimeout(resolve, LATE_PAYMENT_RECHECK_MS));
        continue;
      }
      const flagged = await requireRefund(deps, purchase, { block, confirmedBy });
      if (flagged) return { purchase: flagged, transitioned: true };
      continue;
    }
    const done = await markPaid(deps, purchase, { from, block, confirmedBy });
    if (done) return { purchase: done, transitioned: true };
    // Lost the race: a late payment's re-reserved numbers go back before the next round.
    if (from === 'EXPIRED') await releaseCapacity(deps.db, purchase.quantity, purchase.raffleId);
  }
  throw new Error(`purchase ${purchaseId}: could not settle its payment`);
}

/**
 * A late payment's numbers: capacity again and, in a pick-mode raffle, the very numbers
 * the buyer chose. If any of those went to another buyer meanwhile the purchase is
 * refund-due, as when the raffle sold out: the buyer chose those numbers, and numbers they
 * never chose would not be what they paid for (staff refund it, or sell them others by hand).
 */
async function reserveForLatePayment(deps: CoreDeps, purchase: PurchaseDoc): Promise<boolean> {
  if (!(await reserveCapacityForLatePayment(deps.db, purchase.quantity, purchase.raffleId)))
    return false;
  if (!purchase.pickedNumbers) return true;
  const held = await holdNumbers(deps.db, {
    raffleId: purchase.raffleId,
    purchaseId: purchase._id,
    numbers: purchase.pickedNumbers.map(Number),
  });
  if (held.ok) return true;
  await releaseCapacity(deps.db, purchase.quantity, purchase.raffleId);
  return false;
}

interface Paid {
  from: 'PENDING' | 'EXPIRED';
  block: ProviderBlock;
  confirmedBy?: string | undefined;
}

/** The transition to COMPLETED with its `purchase.paid` event; null when the purchase was not in `from`. */
async function markPaid(
  deps: CoreDeps,
  purchase: PurchaseDoc,
  { from, block, confirmedBy }: Paid,
): Promise<PurchaseDoc | null> {
  const paidAt = new Date();
  const done = await completePurchase(deps.db, {
    id: purchase._id,
    from,
    block,
    event: paidEvent(purchase, paidAt),
    paidAt,
    confirmedBy,
  });
  if (!done) return null;
  if (from === 'EXPIRED')
    deps.log
      .child({ module: 'payments', purchaseId: purchase._id })
      .info('late payment completed with re-reserved numbers');
  kickRelay(deps, purchase._id, done);
  return done;
}

export interface TransferConfirmation {
  referenceCode: string;
  bankName: string;
  staff: { id: string; email: string };
}

/**
 * A staff member saw the transfer in the bank (SPEC §5): the payment is applied with the
 * reference they read, and the audit log says who confirmed it (once, by the call that
 * made the transition).
 */
export async function confirmTransferPayment(
  deps: CoreDeps,
  purchase: PurchaseDoc,
  { referenceCode, bankName, staff }: TransferConfirmation,
): Promise<PaymentApplied> {
  const block: ProviderBlock = {
    bankTransfer: {
      received: true,
      bankName,
      referenceCode,
      confirmedAt: new Date(),
      confirmedBy: staff.email,
    },
  };
  const applied = await applyPayment(deps, purchase, block, staff.email);
  if (applied.transitioned) {
    await appendAudit(deps.db, {
      actor: staff,
      action: 'payment.confirmed',
      description: AUDIT_TEXTS.paymentConfirmed(purchase.orderCode ?? purchase._id),
      purchaseId: purchase._id,
      raffleId: purchase.raffleId,
    });
  }
  return applied;
}

/** The provider charged another amount than the order's: nothing is confirmed, staff see why. */
export async function recordAmountMismatch(
  deps: CoreDeps,
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
