// Purchase lookup by e-mail: asking sends the buyer their order links by e-mail; the
// e-mail's list link (?email=…&consulta=…#lookup) opens the list here.
import { VALIDATION, type PurchaseLookup } from '@vag/contracts';

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

/** One raffle's purchases in the list, under the raffle's name. */
export interface RafflePurchases {
  raffleId: string;
  raffleName: string;
  purchases: PurchaseLookup[];
}

/**
 * A buyer's purchases of every raffle, grouped by raffle: the raffles in the order of
 * their newest purchase (the answer comes newest first), each raffle's purchases in the
 * order given.
 */
export function groupByRaffle(purchases: PurchaseLookup[]): RafflePurchases[] {
  const groups = new Map<string, RafflePurchases>();
  for (const purchase of purchases) {
    const group = groups.get(purchase.raffleId) ?? {
      raffleId: purchase.raffleId,
      raffleName: purchase.raffleName,
      purchases: [],
    };
    group.purchases.push(purchase);
    groups.set(purchase.raffleId, group);
  }
  return [...groups.values()];
}

export const LOOKUP_REQUEST_PATH = '/purchases/lookup';

/** The list of `email`, opened with the token of its e-mail's list link. */
export function lookupPath(email: string, token: string): string {
  return `/purchases/by-email/${encodeURIComponent(email.trim().toLowerCase())}?token=${encodeURIComponent(token)}`;
}

/** What the page's address carries: the list link's e-mail and token, or an e-mail to prefill. */
export function lookupFromUrl(search: string): { email: string | null; token: string | null } {
  const params = new URLSearchParams(search);
  const get = (name: string) => params.get(name)?.trim() || null;
  return { email: get('email'), token: get('consulta') };
}
