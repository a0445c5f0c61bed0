// What a buyer gets back about their purchase: the stored document without the
// pipeline's bookkeeping (outbox, reservation, counters) or anything only staff need.
import type { PaymentSummary } from '@vag/contracts';
import type { PurchaseDoc } from '@vag/core/db/purchases';
import { purchaseSummary } from '../routes/orders/order-view';
import { accessKeyMatches } from '@vag/core/purchase-lifecycle/order-code';

const INTERNAL = [
  'outbox',
  'reservation',
  'soldCountedAt',
  'raffleId',
  'failure',
  'notifications',
  'updatedAt',
] as const;

export type PublicPurchase = Omit<PurchaseDoc, (typeof INTERNAL)[number]> & {
  reservationExpiresAt: Date | null;
};

export function publicPurchase(doc: PurchaseDoc): PublicPurchase {
  const copy: Record<string, unknown> = { ...doc };
  for (const key of INTERNAL) delete copy[key];
  const { document: _document, ...buyer } = doc.buyer;
  return {
    ...(copy as Omit<PurchaseDoc, (typeof INTERNAL)[number]>),
    buyer,
    assignedNumbers: doc.assignedNumbers ?? [],
    reservationExpiresAt: doc.status === 'PENDING' ? doc.reservation.expiresAt : null,
  };
}

/**
 * What a confirmation call (capture-order, verify-stripe, verify-payphone) answers. The
 * payment reference alone proves nothing about who asks (it sits in a URL, a log, a
 * screenshot): whoever also sends the order link's key gets the purchase as the buyer
 * sees it; anyone else the status and amounts, the order code and the reference they sent.
 */
export function paymentAnswer(
  doc: PurchaseDoc,
  key: string | undefined,
): PublicPurchase | PaymentSummary {
  if (accessKeyMatches(doc.accessKey, key)) return publicPurchase(doc);
  return {
    ...purchaseSummary(doc),
    ...(doc.orderCode ? { orderCode: doc.orderCode } : {}),
    ...(doc.paypal ? { paypal: { orderId: doc.paypal.orderId, status: doc.paypal.status } } : {}),
    ...(doc.card ? { card: { sessionId: doc.card.sessionId, status: doc.card.status } } : {}),
    ...(doc.mobile
      ? { mobile: { transactionId: doc.mobile.transactionId ?? null, status: doc.mobile.status } }
      : {}),
  };
}
