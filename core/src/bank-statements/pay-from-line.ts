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
import { completePendingPurchases, type ProviderBlock, type PurchaseDoc } from '../db/purchases';
import { purchasesByIds } from '../db/purchase-codes';
import { paidEvent } from '../pipeline/purchase-events';
import { kickRelay } from '../pipeline/relay';
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
  const block = blockOf(line, payer, new Date());
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

/** What the purchase keeps of the line that paid it. */
function blockOf(line: LineToPay, payer: LinePayer, at: Date): ProviderBlock {
  return {
    bankTransfer: {
      received: true,
      bankName: payer.bankName,
      referenceCode: (line.reference || line.description).slice(0, 120),
      confirmedAt: at,
      confirmedBy: payer.confirmedBy,
      statementLineId: line._id,
    },
  };
}

/**
 * Many lines, each paying its own PENDING order, in one command (completePendingPurchases:
 * the transition applyPayment makes for a PENDING purchase, with its `purchase.paid`
 * event). A purchase another path moved on meanwhile stays as it is and its line is
 * answered `paidByLine: false`.
 */
export async function payPendingFromLines(
  deps: CoreDeps,
  payments: ReadonlyArray<{ purchase: PurchaseDoc; line: LineToPay }>,
  payer: LinePayer,
  batch: AuditBatch,
): Promise<LinePayment[]> {
  const paidAt = new Date();
  const completions = payments.map(({ purchase, line }) => ({
    id: purchase._id,
    block: blockOf(line, payer, paidAt),
    event: paidEvent(purchase, paidAt),
    paidAt,
    confirmedBy: payer.confirmedBy,
  }));
  const moved = await inParts(completions, (part) => completePendingPurchases(deps.db, part));
  // All moved (the usual case): each purchase is as this call wrote it, no need to read it.
  const now =
    moved === payments.length
      ? null
      : new Map(
          (
            await purchasesByIds(
              deps.db,
              payments.map((p) => p.purchase._id),
            )
          ).map((p) => [p._id, p]),
        );
  return Promise.all(
    payments.map(async ({ purchase, line }, i) => {
      const { block, event } = completions[i]!;
      const written: PurchaseDoc = {
        ...purchase,
        ...block,
        status: 'COMPLETED',
        paidAt,
        outbox: {
          ...purchase.outbox,
          purchase_paid: { event, createdAt: paidAt, publishedAt: null },
        },
      };
      const after = now ? (now.get(purchase._id) ?? purchase) : written;
      const paidByLine = after.bankTransfer?.statementLineId === line._id;
      if (paidByLine) {
        kickRelay(deps, after._id, after);
        batch.add(await auditEntry(deps, after, line, payer, batch));
      }
      return { purchase: after, paidByLine, late: false };
    }),
  );
}

/** Commands sent at once for one batch of transitions: the store works on one while the next arrives. */
const PARALLEL_COMMANDS = 4;

/** `write` on PARALLEL_COMMANDS parts of `items` at once; the sum of its answers. */
async function inParts<T>(
  items: readonly T[],
  write: (part: T[]) => Promise<number>,
): Promise<number> {
  const size = Math.ceil(items.length / PARALLEL_COMMANDS);
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  const answers = await Promise.all(parts.map(write));
  return answers.reduce((sum, n) => sum + n, 0);
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
