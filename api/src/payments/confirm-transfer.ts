// Staff confirm a bank transfer (SPEC §5: reference code + bank name). Numbers are
// allocated by the numbers worker, so the answer waits a bounded time for them and, if
// they are not there yet, says so instead of pretending.
import { PIPELINE_MESSAGES, SERVER } from '@vag/contracts';
import type { AppDeps, StaffUser } from '../context';
import { getPurchase } from '../db/purchases';
import { apiError } from '../lib/errors';
import { applyPayment } from './confirm';
import { waitForNumbers } from './numbers-waiters';

export interface TransferAnswer {
  assignedNumbers: string[];
  msg: string;
}

export async function confirmTransfer(
  deps: AppDeps,
  purchaseId: string,
  input: { referenceCode: string; bankName: string },
  staff: StaffUser,
  waitMs = 10_000,
): Promise<TransferAnswer> {
  const purchase = await getPurchase(deps.db, purchaseId);
  if (!purchase) throw apiError(404, SERVER.purchaseNotFound);
  if (purchase.paymentMethod !== 'bank_transfer') throw apiError(400, SERVER.notBankTransfer);

  let status = purchase.status;
  if (status === 'PENDING' || status === 'EXPIRED') {
    const applied = await applyPayment(deps, purchaseId, {
      bankTransfer: {
        received: true,
        bankName: input.bankName,
        referenceCode: input.referenceCode,
        confirmedAt: new Date(),
        confirmedBy: staff.email,
      },
    });
    status = applied.purchase.status;
  }
  if (status === 'REFUND_REQUIRED') throw apiError(409, SERVER.refundRequired);

  const numbers = await waitForNumbers(deps, purchaseId, waitMs);
  if (!numbers)
    return { assignedNumbers: [], msg: PIPELINE_MESSAGES.transferConfirmedNumbersPending };
  return { assignedNumbers: numbers, msg: SERVER.transferConfirmed(numbers.length) };
}
