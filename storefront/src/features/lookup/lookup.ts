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
