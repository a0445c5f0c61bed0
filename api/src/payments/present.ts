// What a buyer gets back about their purchase: the stored document without the
// pipeline's bookkeeping (outbox, reservation, counters) or anything only staff need.
import type { PurchaseDoc } from '@vag/core/db/purchases';

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
