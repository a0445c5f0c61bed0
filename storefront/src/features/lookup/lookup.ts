// Purchase lookup by e-mail: what the api answers and how a status reads to a buyer.
import { VALIDATION, type PurchaseLookup, type PurchaseStatus } from '@vag/contracts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The Spanish message for an e-mail the lookup cannot search, or null (not the browser's own). */
export function lookupEmailError(email: string): string | null {
  const value = email.trim();
  if (!value) return VALIDATION.emailRequired;
  return EMAIL.test(value) ? null : VALIDATION.emailInvalid;
}

/** GET /purchases/by-email answers `{ purchases }`; a bare list is accepted too. */
export function purchasesFromResponse(body: unknown): PurchaseLookup[] {
  if (Array.isArray(body)) return body as PurchaseLookup[];
  if (body && typeof body === 'object' && 'purchases' in body && Array.isArray(body.purchases))
    return body.purchases as PurchaseLookup[];
  return [];
}

const STATUS_LABELS: Record<PurchaseStatus, string> = {
  COMPLETED: 'Completado',
  PENDING: 'Pendiente',
  EXPIRED: 'Expirado',
  REFUND_REQUIRED: 'Reembolso pendiente',
};

/** The buyer-facing label of a purchase status; unknown statuses are shown raw. */
export function purchaseStatusLabel(status: string): string {
  return STATUS_LABELS[status as PurchaseStatus] ?? status;
}

export function lookupPath(email: string): string {
  return `/purchases/by-email/${encodeURIComponent(email.trim().toLowerCase())}`;
}
