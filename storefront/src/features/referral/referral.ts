// A reseller's `?code=` is kept on this browser for 30 days (or until a purchase), so a
// visitor who opens other pages first still buys through the reseller who sent them.
// The server decides whether the code is real (GET /api/referral/{code}).
const KEY = 'vag.referral';
export const REFERRAL_DAYS = 30;
const TTL_MS = REFERRAL_DAYS * 24 * 3_600_000;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Keeps the `?code=` of this address, if any. */
export function rememberReferral(search: string, store: Store, now = Date.now()): void {
  const code = new URLSearchParams(search).get('code')?.trim();
  if (code) store.setItem(KEY, JSON.stringify({ code: code.slice(0, 64), at: now }));
}

/** The remembered code, unless it is older than 30 days. */
export function storedReferral(store: Store, now = Date.now()): string | null {
  try {
    const saved = JSON.parse(store.getItem(KEY) ?? 'null') as {
      code?: unknown;
      at?: unknown;
    } | null;
    if (typeof saved?.code !== 'string' || typeof saved.at !== 'number') return null;
    if (now - saved.at > TTL_MS) {
      store.removeItem(KEY);
      return null;
    }
    return saved.code;
  } catch {
    return null;
  }
}

export function forgetReferral(store: Store): void {
  store.removeItem(KEY);
}
