// What the confirmation page must do with its query parameters (SPEC §2): capture a
// PayPal order, verify a card session or a PayPhone transaction, or just load a
// purchase by id.
import type { Purchase } from '@vag/contracts';

export type ConfirmationAction =
  | { kind: 'paypal'; orderId: string }
  | { kind: 'card'; sessionId: string }
  | { kind: 'payphone'; id: number; clientTxId: string }
  | { kind: 'purchase'; id: string; key: string | null }
  | { kind: 'none' };

export function confirmationAction(search: string): ConfirmationAction {
  const params = new URLSearchParams(search);
  const get = (name: string) => params.get(name)?.trim() || null;
  const token = get('token');
  if (token) return { kind: 'paypal', orderId: token };
  const sessionId = get('session_id');
  if (sessionId) return { kind: 'card', sessionId };
  const id = get('id');
  const clientTxId = get('clientTransactionId');
  if (id && clientTxId && /^\d+$/.test(id)) return { kind: 'payphone', id: Number(id), clientTxId };
  if (id) return { kind: 'purchase', id, key: get('key') };
  return { kind: 'none' };
}

/** Payment calls answer the purchase itself; `{ purchase }` is accepted too. */
export function purchaseFrom(body: unknown): Purchase | null {
  if (!body || typeof body !== 'object') return null;
  if ('purchase' in body && body.purchase && typeof body.purchase === 'object')
    return body.purchase as Purchase;
  if ('_id' in body) return body as Purchase;
  return null;
}

/** PayPhone's verify may answer only `{ purchase_id }` when it was processed before. */
export function purchaseIdOnly(body: unknown): string | null {
  if (
    body &&
    typeof body === 'object' &&
    'purchase_id' in body &&
    !('_id' in body) &&
    typeof body.purchase_id === 'string'
  ) {
    return body.purchase_id;
  }
  return null;
}

/** The provider's reference shown on the success card. */
export function providerReference(purchase: Purchase): { label: string; value: string } | null {
  if (purchase.paypal?.orderId)
    return { label: 'ID de orden PayPal', value: purchase.paypal.orderId };
  if (purchase.card?.sessionId) return { label: 'ID de sesión', value: purchase.card.sessionId };
  if (purchase.mobile?.transactionId != null)
    return { label: 'ID de transacción PayPhone', value: String(purchase.mobile.transactionId) };
  return null;
}

/**
 * The buyer's address on one line: address, city, province, country; empty when the buyer
 * gave none (a PayPal buyer may leave it out), for the country alone is no address.
 */
export function buyerAddress(buyer: Purchase['buyer']): string {
  const given = [buyer.address, buyer.city, buyer.province].map((part) => part?.trim());
  if (!given.some(Boolean)) return '';
  return [...given, buyer.country?.trim()].filter(Boolean).join(', ');
}

/** Numbers are allocated by a worker after payment; poll until they appear, a few times. */
export const NUMBERS_POLL = { attempts: 10, intervalMs: 1500 } as const;
