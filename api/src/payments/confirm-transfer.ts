// Staff confirm a bank transfer (SPEC §5: reference code + bank name). Numbers are
// allocated by the numbers worker, so the answer waits a bounded time for them and, if
// they are not there yet, says so instead of pretending.
import {
  BANK_STATEMENT_TEXTS,
  formatUsd,
  ORDER_MESSAGES,
  PIPELINE_MESSAGES,
  SERVER,
  type ConfirmTransfer,
} from '@vag/contracts';
import { appendAudit } from '@vag/core/db/audit-log';
import { bankLinesOf } from '@vag/core/db/bank-statements';
import { acceptShortPayment, missingCents } from '@vag/core/db/short-payments';
import type { AppDeps, StaffUser } from '../context';
import type { PurchaseDoc } from '@vag/core/db/purchases';
import { apiError } from '../lib/errors';
import { confirmTransferPayment } from '@vag/core/purchase-lifecycle/apply-payment';
import { listenForNumbers, type NumbersListener } from './numbers-waiters';

export interface TransferAnswer {
  assignedNumbers: string[];
  msg: string;
}

/** `purchase` as the route just read it (to check the staff member may act on it). */
export async function confirmTransfer(
  deps: AppDeps,
  purchase: PurchaseDoc,
  { acceptShortReason, ...input }: ConfirmTransfer,
  staff: StaffUser,
  waitMs = 10_000,
): Promise<TransferAnswer> {
  if (purchase.paymentMethod !== 'bank_transfer') throw apiError(400, SERVER.notBankTransfer);
  await checkProof(deps, purchase, staff);
  await checkShortPayment(deps, purchase, { acceptShortReason, staff });
  // Listening before paying: the numbers cannot come before the payment that causes them.
  const listener = listenForNumbers(deps, purchase._id);
  try {
    return await confirmAndWait(deps, purchase, { ...input, staff }, { listener, waitMs });
  } finally {
    listener.stop();
  }
}

async function confirmAndWait(
  deps: AppDeps,
  purchase: PurchaseDoc,
  confirmation: { referenceCode: string; bankName: string; staff: StaffUser },
  { listener, waitMs }: { listener: NumbersListener; waitMs: number },
): Promise<TransferAnswer> {
  let status = purchase.status;
  let paidNow = false;
  if (status === 'PENDING' || status === 'EXPIRED') {
    const applied = await confirmTransferPayment(deps, purchase, confirmation);
    status = applied.purchase.status;
    paidNow = applied.transitioned;
  }
  if (status === 'REFUND_REQUIRED') throw apiError(409, SERVER.refundRequired);

  const numbers = await listener.until(waitMs, { look: !paidNow });
  if (!numbers)
    return { assignedNumbers: [], msg: PIPELINE_MESSAGES.transferConfirmedNumbersPending };
  return { assignedNumbers: numbers, msg: SERVER.transferConfirmed(numbers.length) };
}

/**
 * A reseller confirms only a payment they can point at: a receipt the buyer uploaded or a
 * bank line naming the order (what the reference they type is read from). Admins answer
 * for what they confirm.
 */
async function checkProof(deps: AppDeps, purchase: PurchaseDoc, staff: StaffUser): Promise<void> {
  if (staff.role === 'admin' || purchase.status === 'COMPLETED') return;
  if ((purchase.receipts ?? []).length > 0) return;
  if ((await bankLinesOf(deps.db, [purchase._id])).size > 0) return;
  throw apiError(409, ORDER_MESSAGES.resellerNeedsProof);
}

/**
 * An order bank lines paid only in part is confirmed by hand only with a reason, kept on
 * the order and in the audit trail (SPEC §4, "Short payments").
 */
async function checkShortPayment(
  deps: AppDeps,
  purchase: PurchaseDoc,
  { acceptShortReason, staff }: { acceptShortReason: string | undefined; staff: StaffUser },
): Promise<void> {
  const missing = purchase.shortPayment ? missingCents(purchase) : 0;
  if (missing === 0) return;
  if (!acceptShortReason)
    throw apiError(409, ORDER_MESSAGES.shortNeedsReason(formatUsd(missing / 100)));
  await acceptShortPayment(deps.db, purchase._id, { by: staff.email, reason: acceptShortReason });
  await appendAudit(deps.db, {
    actor: staff,
    action: 'payment.short',
    description: BANK_STATEMENT_TEXTS.audit.shortAccepted(
      purchase.orderCode ?? purchase._id,
      missing / 100,
      acceptShortReason,
    ),
    purchaseId: purchase._id,
    raffleId: purchase.raffleId,
  });
}
