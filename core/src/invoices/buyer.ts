// Whom a factura is made out to, checked before anything reaches the SRI: the buyer's
// cédula or RUC when it has valid check digits, else consumidor final within the limit the
// operator set (SRI rule); above it, the document waits for staff with a Spanish reason.
import {
  CONSUMIDOR_FINAL_ID,
  INVOICE_TEXTS,
  isCedulaValid,
  isRucValid,
  type InvoiceBuyer,
} from '@vag/contracts';
import type { PurchaseDoc } from '../db/purchases';

const T = INVOICE_TEXTS.buyer;

export function buyerForPurchase(
  purchase: PurchaseDoc,
  consumidorFinalLimit: number,
): { buyer: InvoiceBuyer; problem?: string } {
  const b = purchase.buyer;
  const name = `${b.firstName} ${b.lastName}`.trim().toUpperCase();
  const address = [b.address, b.city].filter(Boolean).join(', ') || undefined;
  const document = (b.document ?? '').trim();
  if (isRucValid(document))
    return { buyer: { idType: '04', id: document, name, email: b.email, address } };
  if (isCedulaValid(document))
    return { buyer: { idType: '05', id: document, name, email: b.email, address } };
  const buyer: InvoiceBuyer = {
    idType: '07',
    id: CONSUMIDOR_FINAL_ID,
    name: 'CONSUMIDOR FINAL',
    email: b.email,
  };
  if (purchase.totalPrice > consumidorFinalLimit)
    return { buyer, problem: T.consumidorFinalOverLimit(consumidorFinalLimit.toFixed(2)) };
  return { buyer };
}

/** The same checks on data staff typed (PUT …/buyer): the Spanish reason, or null. */
export function buyerProblem(buyer: InvoiceBuyer, total: number, limit: number): string | null {
  if (!buyer.name.trim()) return T.missingName;
  if (buyer.idType === '05' && !isCedulaValid(buyer.id)) return T.badCedula;
  if (buyer.idType === '04' && !isRucValid(buyer.id)) return T.badRuc;
  if (buyer.idType === '06' && !/^[A-Za-z0-9]{3,20}$/.test(buyer.id)) return T.badPassport;
  if (buyer.idType === '07' && total > limit) return T.consumidorFinalOverLimit(limit.toFixed(2));
  return null;
}
