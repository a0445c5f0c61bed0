// Staff confirm a bank transfer (SPEC §5: reference code + bank name). Numbers are
// allocated by the numbers worker, so the answer waits a bounded time for them and, if
// they are not there yet, says so instead of pretending.
import { PIPELINE_MESSAGES, SERVER } from '@vag/contracts';
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
  input: { referenceCode: string; bankName: string },
  staff: StaffUser,
  waitMs = 10_000,
): Promise<TransferAnswer> {
  if (purchase.paymentMethod !== 'bank_transfer') throw apiError(400, SERVER.notBankTransfer);
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
