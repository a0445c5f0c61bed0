// What staff do with a line the matching could not settle: assign it to an order (which
// it then pays, through the same path as the automatic matching) or set it aside with a
// note. Both are audited; neither deletes anything.
import { BANK_STATEMENT_TEXTS } from '@vag/contracts';
import type { CoreDeps } from '../deps';
import { appendAudit } from '../db/audit-log';
import { getLine, handleLine, type StatementLineDoc } from '../db/bank-statements';
import { ordersByCode } from '../db/purchase-codes';
import type { PurchaseDoc } from '../db/purchases';
import {
  acceptShortPayment,
  forgetShortLine,
  receivedBefore,
  recordShortLine,
  totalCents,
} from '../db/short-payments';
import { findCodes } from './match';
import { payFromLine } from './pay-from-line';
import { statementAccountByKey } from './statement';

const E = BANK_STATEMENT_TEXTS.errors;

/** A refusal with its HTTP status and Spanish message. */
export class LineActionError extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export interface Staff {
  id: string;
  email: string;
}

async function reviewableLine(deps: CoreDeps, id: string): Promise<StatementLineDoc> {
  const line = await getLine(deps.db, id);
  if (!line || line.status === 'duplicate') throw new LineActionError(404, E.lineNotFound);
  if (line.status !== 'needs_review') throw new LineActionError(409, E.notReviewable);
  return line;
}

/** The order code as staff typed it ('vag 7kq4mz', '7KQ4MZ'), in its stored form. */
function orderCodeOf(typed: string): string | null {
  return findCodes(typed.trim()).codes[0] ?? null;
}

export interface Assignment {
  /** The order code as staff typed it. */
  orderCode: string;
  /** Staff's reason to confirm an order this line does not pay in full (SPEC §4, "Short payments"). */
  acceptShortReason?: string | undefined;
}

export async function assignLine(
  deps: CoreDeps,
  id: string,
  { orderCode: typedCode, acceptShortReason }: Assignment,
  staff: Staff,
): Promise<{ line: StatementLineDoc; msg: string }> {
  const line = await reviewableLine(deps, id);
  if (line.cents <= 0 || line.reason === 'refund_due')
    throw new LineActionError(409, E.notAssignable);
  const code = orderCodeOf(typedCode);
  const order = code ? (await ordersByCode(deps.db, [code])).get(code) : undefined;
  if (!order) throw new LineActionError(404, E.orderNotFound);
  if (order.paymentMethod !== 'bank_transfer') throw new LineActionError(409, E.notTransfer);
  const paidBefore = order.status === 'COMPLETED' || order.status === 'REFUND_REQUIRED';
  if (paidBefore && order.bankTransfer?.statementLineId !== line._id)
    throw new LineActionError(409, E.orderPaid);

  const missing = paidBefore ? 0 : totalCents(order) - receivedBefore(order, line._id) - line.cents;
  if (missing > 0 && !acceptShortReason)
    return assignShortLine(deps, { line, order, missing, staff });
  if (missing > 0) {
    await recordShortLine(deps.db, order._id, { id: line._id, cents: line.cents });
    await acceptShortPayment(deps.db, order._id, { by: staff.email, reason: acceptShortReason! });
  }
  const account = await statementAccountByKey(deps, line.bankAccountKey);
  const paid = await payFromLine(deps, order, line, {
    actor: staff,
    confirmedBy: staff.email,
    how: 'staff',
    bankName: account?.bank ?? '',
  });
  if (!paid.paidByLine) throw new LineActionError(409, E.orderPaid);
  const refund = paid.purchase.status === 'REFUND_REQUIRED';
  const handled = await handleLine(
    deps.db,
    id,
    {
      status: 'assigned',
      reason: refund ? 'refund_due' : null,
      purchaseId: order._id,
      orderCode: order.orderCode ?? null,
      late: paid.late,
    },
    staff.email,
  );
  if (!handled) throw new LineActionError(409, E.notReviewable);
  await appendAudit(deps.db, {
    actor: staff,
    action: 'bank_line.assigned',
    description: BANK_STATEMENT_TEXTS.audit.assigned(code!, line.fileName, line.row, line.amount),
    purchaseId: order._id,
    raffleId: order.raffleId,
  });
  if (missing > 0)
    await appendAudit(deps.db, {
      actor: staff,
      action: 'payment.short',
      description: BANK_STATEMENT_TEXTS.audit.shortAccepted(
        code!,
        missing / 100,
        acceptShortReason!,
      ),
      purchaseId: order._id,
      raffleId: order.raffleId,
    });
  const msg = refund
    ? BANK_STATEMENT_TEXTS.assignedRefund(code!)
    : missing > 0
      ? BANK_STATEMENT_TEXTS.assignedShortAccepted(code!, missing / 100)
      : BANK_STATEMENT_TEXTS.assigned(code!);
  return { line: handled, msg };
}

interface ShortAssignment {
  line: StatementLineDoc;
  order: PurchaseDoc;
  /** Cents still missing once this line counts. */
  missing: number;
  staff: Staff;
}

/**
 * A line for less than the order owes: it counts toward the order, which stays unpaid and
 * says what is missing to staff and to the buyer (SPEC §4, "Short payments").
 */
async function assignShortLine(
  deps: CoreDeps,
  { line, order, missing, staff }: ShortAssignment,
): Promise<{ line: StatementLineDoc; msg: string }> {
  const code = order.orderCode ?? order._id;
  const counted = await recordShortLine(deps.db, order._id, { id: line._id, cents: line.cents });
  if (!counted) throw new LineActionError(409, E.orderPaid);
  const handled = await handleLine(
    deps.db,
    line._id,
    {
      status: 'assigned',
      reason: 'amount_less',
      purchaseId: order._id,
      orderCode: order.orderCode ?? null,
    },
    staff.email,
  );
  if (!handled) throw new LineActionError(409, E.notReviewable);
  await appendAudit(deps.db, {
    actor: staff,
    action: 'payment.short',
    description: BANK_STATEMENT_TEXTS.audit.short(code, line.amount, missing / 100),
    purchaseId: order._id,
    raffleId: order.raffleId,
  });
  return { line: handled, msg: BANK_STATEMENT_TEXTS.assignedShort(code, missing / 100) };
}

export async function setAsideLine(
  deps: CoreDeps,
  id: string,
  reason: string,
  staff: Staff,
): Promise<{ line: StatementLineDoc; msg: string }> {
  const line = await reviewableLine(deps, id);
  const handled = await handleLine(deps.db, id, { status: 'set_aside', note: reason }, staff.email);
  if (!handled) throw new LineActionError(409, E.notReviewable);
  // Not a payment for the order it named: what it counted toward that order no longer does.
  if (line.purchaseId) await forgetShortLine(deps.db, line.purchaseId, line._id);
  await appendAudit(deps.db, {
    actor: staff,
    action: 'bank_line.set_aside',
    description: BANK_STATEMENT_TEXTS.audit.setAside(line.fileName, line.row, line.amount, reason),
    ...(line.purchaseId ? { purchaseId: line.purchaseId } : {}),
  });
  return { line: handled, msg: BANK_STATEMENT_TEXTS.setAside };
}
