// The order page's view of a purchase (for whoever holds its access key): the status in
// words, deadline, amount, code, where to pay, and the numbers once paid. Nothing
// personal beyond the buyer's first name.
import {
  formatUsd,
  ORDER_MESSAGES,
  type OrderState,
  type OrderView,
  type PurchaseSummary,
} from '@vag/contracts';
import type { PurchaseDoc } from '@vag/core/db/purchases';
import type { SettingsDoc } from '@vag/core/db/settings';

export function orderState(p: Pick<PurchaseDoc, 'status' | 'review'>): OrderState {
  switch (p.status) {
    case 'COMPLETED':
      return 'paid';
    case 'EXPIRED':
      return 'expired';
    case 'REFUND_REQUIRED':
      return 'refund';
    case 'PENDING':
      if (p.review?.state === 'in_review') return 'in_review';
      if (p.review?.state === 'rejected') return 'rejected';
      return 'awaiting_payment';
    default: {
      const never: never = p.status;
      return never;
    }
  }
}

const STATE_WORDS: Record<OrderState, string> = {
  awaiting_payment: ORDER_MESSAGES.status.awaitingPayment,
  in_review: ORDER_MESSAGES.status.inReview,
  rejected: ORDER_MESSAGES.status.rejected,
  paid: ORDER_MESSAGES.status.paid,
  expired: ORDER_MESSAGES.status.expired,
  refund: ORDER_MESSAGES.status.refund,
};

export function orderView(p: PurchaseDoc, settings: SettingsDoc, now = new Date()): OrderView {
  const held = p.status === 'PENDING' && p.reservation.active;
  // A hold past its end is over for the buyer, even before the sweeper's next pass
  // (at most SWEEP_INTERVAL_SECONDS later) gives its numbers back.
  const lapsed = held && p.reservation.expiresAt.getTime() <= now.getTime();
  const state = lapsed ? 'expired' : orderState(p);
  const pending = held && !lapsed;
  const code = p.orderCode ?? p._id;
  return {
    id: p._id,
    orderCode: code,
    state,
    statusText: STATE_WORDS[state],
    rejectionReason: state === 'rejected' ? (p.review?.reason ?? null) : null,
    status: p.status,
    paymentMethod: p.paymentMethod,
    createdAt: p.createdAt.toISOString(),
    deadline: pending ? p.reservation.expiresAt.toISOString() : null,
    quantity: p.quantity,
    totalPrice: p.totalPrice,
    packageName: p.packageData?.name ?? 'Personalizado',
    firstName: p.buyer.firstName,
    bankAccounts: p.paymentMethod === 'bank_transfer' ? settings.bankAccounts : [],
    whatsappNumber: settings.whatsappNumber,
    whatsappText: ORDER_MESSAGES.whatsappText(code, formatUsd(p.totalPrice)),
    receipts: (p.receipts ?? []).map((r) => ({ ...r, uploadedAt: r.uploadedAt.toISOString() })),
    canUploadReceipt: pending && p.paymentMethod === 'bank_transfer',
    assignedNumbers: p.status === 'COMPLETED' ? (p.assignedNumbers ?? []) : [],
  };
}

/** What an id alone may read: the status and amounts, nothing personal. */
export function purchaseSummary(p: PurchaseDoc): PurchaseSummary {
  return {
    _id: p._id,
    id: p._id,
    status: p.status,
    createdAt: p.createdAt.toISOString(),
    paymentMethod: p.paymentMethod,
    quantity: p.quantity,
    unitPrice: p.unitPrice,
    totalPrice: p.totalPrice,
    packageData: p.packageData ? { name: p.packageData.name } : null,
    keyRequired: true,
  };
}
