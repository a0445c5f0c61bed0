// A statement line pays its order through applyPayment, the one way a purchase becomes
// paid (what confirmTransferPayment calls for staff): numbers, e-mail and SMS follow from
// the `purchase.paid` event, a payment after the hold ran out gets new numbers or flags
// the order for refund (apply-payment.ts). The purchase keeps the line's id, so a line
// looked at again (an import run twice, or stopped half-way) recognises its own payment,
// and the audit entry's id is the line's, so it is written once.
import { BANK_STATEMENT_TEXTS } from '@vag/contracts';
import type { CoreDeps } from '../deps';
import { appendAuditOnce, type AuditActor } from '../db/audit-log';
import type { ProviderBlock, PurchaseDoc } from '../db/purchases';
import { getRaffleFairness } from '../db/raffle-fairness';
import { applyPayment } from '../purchase-lifecycle/apply-payment';

export interface LineToPay {
  _id: string;
  fileName: string;
  row: number;
  reference: string;
  description: string;
}

export interface LinePayer {
  actor: AuditActor;
  /** Who the purchase's review log names: a staff e-mail, or 'conciliación automática'. */
  confirmedBy: string;
  how: 'auto' | 'staff';
  bankName: string;
}

export interface LinePayment {
  purchase: PurchaseDoc;
  /** True when this line paid it (now, or in an earlier run); false when something else did. */
  paidByLine: boolean;
  /** Paid after its hold ran out (new numbers). */
  late: boolean;
}

/** Who a statement import that nobody on staff checked line by line confirms as. */
export const AUTOMATIC_RECONCILIATION = 'conciliación automática';

export async function payFromLine(
  deps: CoreDeps,
  purchase: PurchaseDoc,
  line: LineToPay,
  payer: LinePayer,
): Promise<LinePayment> {
  const block: ProviderBlock = {
    bankTransfer: {
      received: true,
      bankName: payer.bankName,
      referenceCode: (line.reference || line.description).slice(0, 120),
      confirmedAt: new Date(),
      confirmedBy: payer.confirmedBy,
      statementLineId: line._id,
    },
  };
  const applied = await applyPayment(deps, purchase, block, payer.confirmedBy);
  const paidByLine = applied.purchase.bankTransfer?.statementLineId === line._id;
  if (paidByLine && applied.purchase.status === 'COMPLETED')
    await auditPayment(deps, applied.purchase, line, payer);
  return {
    purchase: applied.purchase,
    paidByLine,
    late: applied.transitioned && purchase.status === 'EXPIRED',
  };
}

async function auditPayment(
  deps: CoreDeps,
  purchase: PurchaseDoc,
  line: LineToPay,
  payer: LinePayer,
): Promise<void> {
  const raffleRef =
    (await getRaffleFairness(deps.db, purchase.raffleId)).commitment?.raffleRef ?? null;
  await appendAuditOnce(deps.db, `bank-line:${line._id}`, {
    actor: payer.actor,
    action: 'payment.confirmed',
    description: BANK_STATEMENT_TEXTS.audit.reconciled(
      purchase.orderCode ?? purchase._id,
      line.fileName,
      line.row,
      payer.how,
    ),
    purchaseId: purchase._id,
    raffleId: purchase.raffleId,
    raffleRef,
  });
}
