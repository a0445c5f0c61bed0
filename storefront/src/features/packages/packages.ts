// Pure rules of the packages section: what a click on a package or on the custom
// quantity puts in the selected-package store.
import {
  BUYER_MESSAGES,
  SERVER,
  CUSTOM_PACKAGE_ID,
  CUSTOM_PACKAGE_NAME,
  customTotal,
  formatUsd,
  LIMIT_MESSAGES,
  parseCustomQuantity,
  withinLimit,
  type Package,
  type SelectedPackage,
} from '@vag/contracts';

/**
 * Why a typed custom quantity cannot be bought, in Spanish: 0, negative and decimal
 * values, more than one order may take (the operator's maximum, 0: none; the server
 * refuses it too), or more than the numbers still available. Empty is no problem: it
 * becomes 1.
 */
export function customQuantityProblem(
  input: string,
  available: number | null,
  maxPerOrder = 0,
): string | null {
  const text = input.trim();
  if (text === '') return null;
  if (!/^\d+$/.test(text) || Number(text) < 1) return BUYER_MESSAGES.quantityWhole;
  if (!withinLimit(Number(text), maxPerOrder)) return LIMIT_MESSAGES.perOrder(maxPerOrder);
  if (available !== null && Number(text) > available) return SERVER.notEnoughNumbers(available);
  return null;
}

/**
 * The custom card's total and button: the typed quantity's, or, while it cannot be
 * bought, no figure at all (never the 1 it would fall back to, nor a price of millions).
 */
export function customOffer(
  input: string,
  pricePerNumber: number,
  problem: string | null,
): { total: string; button: string } {
  if (problem) return { total: LIMIT_MESSAGES.invalidTotal, button: LIMIT_MESSAGES.invalidButton };
  const quantity = parseCustomQuantity(input);
  return {
    total: formatUsd(customTotal(quantity, pricePerNumber)),
    button: `Comprar ${quantity} ${quantity === 1 ? 'número' : 'números'}`,
  };
}

/** The query parameter a package card's form carries to /checkout before hydration. */
export const CHECKOUT_PACKAGE_PARAM = 'paquete';

/** The package id of `/checkout?paquete=…`, or null. */
export function linkedPackageId(search: string): string | null {
  const id = new URLSearchParams(search).get(CHECKOUT_PACKAGE_PARAM)?.trim();
  return id ? id : null;
}

/** The reseller code of `?code=` (SPEC §2), trimmed; null when absent or blank. */
export function readResellerCode(search: string): string | null {
  const code = new URLSearchParams(search).get('code')?.trim();
  return code ? code : null;
}

export function packageSelection(pkg: Package, resellerCode: string | null): SelectedPackage {
  return {
    id: pkg._id,
    name: pkg.name,
    quantity: pkg.quantity,
    price: pkg.price,
    isPopular: pkg.isPopular,
    resellerCode,
  };
}

/** A custom quantity: integer ≥ 1 (1 when not a number), priced at quantity × pricePerNumber. */
export function customSelection(
  quantityInput: string | number,
  pricePerNumber: number,
  resellerCode: string | null,
): SelectedPackage {
  const quantity = parseCustomQuantity(quantityInput);
  return {
    id: CUSTOM_PACKAGE_ID,
    name: CUSTOM_PACKAGE_NAME,
    quantity,
    price: customTotal(quantity, pricePerNumber),
    isPopular: false,
    resellerCode,
  };
}
