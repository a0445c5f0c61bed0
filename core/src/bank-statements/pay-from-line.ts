// A statement line pays its order through applyPayment, the one way a purchase becomes
// paid (what confirmTransferPayment calls for staff): numbers, e-mail and SMS follow from
// the `purchase.paid` event, a payment after the hold ran out gets new numbers or flags
// the order for refund (apply-payment.ts). The purchase keeps the line's id, so a line
// looked at again (an import run twice, or stopped half-way) recognises its own payment,
// and the audit entry's id is the line's, so it is written once.
import { BANK_STATEMENT_TEXTS } from '@vag/contracts';
import type { CoreDeps } from '../deps';
import type { AuditDoc } from '../db/audit-doc';
import { appendAuditEntriesOnce, auditDoc, type AuditActor } from '../db/audit-log';
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

/**
 * Audit entries of many lines, written together (one insert for a chunk of a statement
 * instead of one per line), with each raffle's reference read once.
 */
export class AuditBatch {
  private entries: AuditDoc[] = [];
  private refs = new Map<string, Promise<string | null>>();

  raffleRef(deps: CoreDeps, raffleId: string): Promise<string | null> {
    let ref = this.refs.get(raffleId);
    if (!ref) {
      ref = getRaffleFairness(deps.db, raffleId).then((f) => f.commitment?.raffleRef ?? null);
      this.refs.set(raffleId, ref);
    }
    return ref;
  }

  add(entry: AuditDoc): void {
    this.entries.push(entry);
  }

  async flush(deps: CoreDeps): Promise<void> {
    const entries = this.entries;
    this.entries = [];
    await appendAuditEntriesOnce(deps.db, entries);
  }
}

/** `batch`: where the audit entry goes to be written with others; written at once without it. */
export async function payFromLine(
  deps: CoreDeps,
  purchase: PurchaseDoc,
  line: LineToPay,
  payer: LinePayer,
  batch?: AuditBatch,
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
  if (paidByLine && applied.purchase.status === 'COMPLETED') {
    const audits = batch ?? new AuditBatch();
    audits.add(await auditEntry(deps, applied.purchase, line, payer, audits));
    if (!batch) await audits.flush(deps);
  }
  return {
    purchase: applied.purchase,
    paidByLine,
    late: applied.transitioned && purchase.status === 'EXPIRED',
  };
}

/** The entry's id is the line's: a line looked at again writes no second entry. */
async function auditEntry(
  deps: CoreDeps,
  purchase: PurchaseDoc,
  line: LineToPay,
  payer: LinePayer,
  batch: AuditBatch,
): Promise<AuditDoc> {
  const entry = auditDoc({
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
    raffleRef: await batch.raffleRef(deps, purchase.raffleId),
  });
  return { ...entry, _id: `bank-line:${line._id}` };
}
