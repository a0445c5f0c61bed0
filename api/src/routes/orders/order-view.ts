// The order page's view of a purchase (for whoever holds its access key): the raffle it
// belongs to, the status in words, deadline, amount, code, where to pay, and the numbers
// once paid. Nothing personal beyond the buyer's first name.
import {
  formatUsd,
  ORDER_MESSAGES,
  ORDER_STATE_WORDS,
  orderStateOf,
  type OrderView,
  type PurchaseSummary,
} from '@vag/contracts';
import type { PurchaseDoc } from '@vag/core/db/purchases';
import type { SettingsDoc } from '@vag/core/db/settings';
import { missingCents } from '@vag/core/db/short-payments';

/** The purchase's own raffle as the order page names it (see orderRaffle in orders.index.ts). */
export type OrderRaffle = OrderView['raffle'];

export function orderView(
  p: PurchaseDoc,
  settings: SettingsDoc,
  raffle: OrderRaffle,
  now = new Date(),
): OrderView {
  const state = orderStateOf(p, now);
  const pending = p.status === 'PENDING' && p.reservation.active && state !== 'expired';
  const code = p.orderCode ?? p._id;
  return {
    id: p._id,
    orderCode: code,
    state,
    statusText: ORDER_STATE_WORDS[state],
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
    // A refunded purchase's numbers stay on record but no longer take part (SPEC §4,
    // "Refunds"): the page says so instead of listing them.
    assignedNumbers: state === 'paid' ? (p.assignedNumbers ?? []) : [],
    ...(p.pickedNumbers ? { pickedNumbers: p.pickedNumbers } : {}),
    ...(state === 'paid' && p.instantPrizesWon?.length
      ? { instantPrizesWon: p.instantPrizesWon }
      : {}),
    shortPayment: shortPaymentOf(p),
    refund: p.refund
      ? { amount: p.refund.amount, at: p.refund.at.toISOString(), method: p.refund.method }
      : null,
    raffle,
    ...(p.messaging ? { messageChannel: p.messaging.channel } : {}),
  };
}

/** What the bank lines paid of an unpaid transfer and what is missing (SPEC §4, "Short payments"). */
function shortPaymentOf(p: PurchaseDoc): OrderView['shortPayment'] {
  const missing = missingCents(p);
  if (!p.shortPayment?.receivedCents || missing === 0) return null;
  return { received: p.shortPayment.receivedCents / 100, missing: missing / 100 };
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
