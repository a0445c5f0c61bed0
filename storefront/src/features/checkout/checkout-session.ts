// What the checkout keeps in the tab's sessionStorage so a reload or the back button
// loses nothing and repeats nothing: the buyer's draft (fields and method) and the
// order last made, with the selection it was made for.
import {
  isCheckoutMethodAllowed,
  PAYMENT_METHOD_OPTIONS,
  type PaymentMethod,
  type PaymentMethodAvailability,
  type SelectedPackage,
} from '@vag/contracts';
import { scopedKey, type RaffleRef } from '../shared/raffle-scope';
import { EMPTY_BUYER, type BuyerValues } from './checkout';

export const DRAFT_KEY = 'vag:checkoutDraft';
export const LAST_ORDER_KEY = 'vag:lastOrder';

export interface CheckoutDraft {
  values: BuyerValues;
  method: PaymentMethod | null;
}

export interface LastOrder {
  orderCode: string;
  orderUrl: string;
  /** The selection it was made for: the same selection again means "back after ordering". */
  selection: string;
}

function readJson(store: Storage | null, key: string): unknown {
  try {
    const raw = store?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function writeJson(store: Storage | null, key: string, value: unknown): void {
  try {
    store?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the checkout works, it just forgets on reload.
  }
}

/** Text fields as strings and the terms box as a boolean; anything else is left out. */
export function readDraft(store: Storage | null): CheckoutDraft {
  const raw = readJson(store, DRAFT_KEY) as Partial<{ values: unknown; method: unknown }> | null;
  const values: BuyerValues = { ...EMPTY_BUYER };
  const saved = raw && typeof raw.values === 'object' && raw.values ? raw.values : {};
  for (const field of Object.keys(EMPTY_BUYER) as (keyof BuyerValues)[]) {
    const value = (saved as Record<string, unknown>)[field];
    if (typeof value === typeof EMPTY_BUYER[field])
      (values as Record<string, unknown>)[field] = value;
  }
  const method = PAYMENT_METHOD_OPTIONS.some((m) => m.id === raw?.method)
    ? (raw?.method as PaymentMethod)
    : null;
  return { values, method };
}

export function saveDraft(store: Storage | null, draft: CheckoutDraft): void {
  writeJson(store, DRAFT_KEY, draft);
}

/** One key per selection: package, quantity, price and reseller, in its raffle. */
export function selectionKey(pkg: SelectedPackage, raffle: RaffleRef = null): string {
  return scopedKey(raffle, [pkg.id, pkg.quantity, pkg.price, pkg.resellerCode ?? ''].join('|'));
}

export function rememberOrder(
  store: Storage | null,
  order: { orderCode: string; orderUrl: string },
  pkg: SelectedPackage,
  raffle: RaffleRef = null,
): void {
  writeJson(store, LAST_ORDER_KEY, { ...order, selection: selectionKey(pkg, raffle) });
}

/** The order already made with this very selection (in this raffle) in this tab, if any. */
export function orderMadeFor(
  store: Storage | null,
  pkg: SelectedPackage,
  raffle: RaffleRef = null,
): LastOrder | null {
  const raw = readJson(store, LAST_ORDER_KEY) as Partial<LastOrder> | null;
  if (!raw || typeof raw.orderUrl !== 'string' || typeof raw.orderCode !== 'string') return null;
  if (!raw.orderUrl.startsWith('/')) return null;
  return raw.selection === selectionKey(pkg, raffle) ? (raw as LastOrder) : null;
}

export function forgetOrder(store: Storage | null): void {
  try {
    store?.removeItem(LAST_ORDER_KEY);
  } catch {
    // Nothing kept.
  }
}

/**
 * The method to start with: the saved one while it still works, else the only one that
 * works (nothing to choose), else none (SPEC §4: no method chosen at start).
 */
export function initialMethod(
  saved: PaymentMethod | null,
  working: PaymentMethodAvailability | undefined,
): PaymentMethod | null {
  if (!working) return saved;
  const usable = PAYMENT_METHOD_OPTIONS.filter(
    (m) => m.available && working[m.id] && isCheckoutMethodAllowed(m.id),
  ).map((m) => m.id);
  if (saved && usable.includes(saved)) return saved;
  return usable.length === 1 ? (usable[0] ?? null) : null;
}
