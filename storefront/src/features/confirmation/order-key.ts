// The order link's key, kept in this tab from create-order until the provider sends the
// buyer back to /payment-success: the confirmation calls answer the buyer's data and
// numbers only to whoever sends it (a payment reference in a URL proves nothing).
const STORAGE_KEY = 'vag:order-key';

interface KeptKey {
  purchaseId: string;
  key: string;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage refused (private mode, blocked cookies): the page works without the key.
    return null;
  }
}

/** The id and key of an order link (`/pedido?id=…&key=…`), or null. */
export function keyFromOrderUrl(orderUrl: string | undefined): KeptKey | null {
  if (!orderUrl) return null;
  const params = new URL(orderUrl, 'http://local').searchParams;
  const purchaseId = params.get('id');
  const key = params.get('key');
  return purchaseId && key ? { purchaseId, key } : null;
}

/** Called with create-order's answer, before the browser leaves for the provider. */
export function rememberOrderKey(orderUrl: string | undefined): void {
  const kept = keyFromOrderUrl(orderUrl);
  if (kept) storage()?.setItem(STORAGE_KEY, JSON.stringify(kept));
}

/** The key this tab kept, for `purchaseId` when given (any order's otherwise). */
export function rememberedOrderKey(purchaseId?: string): string | null {
  try {
    const kept = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null') as KeptKey | null;
    if (!kept || typeof kept.key !== 'string') return null;
    return purchaseId && kept.purchaseId !== purchaseId ? null : kept.key;
  } catch {
    return null;
  }
}
