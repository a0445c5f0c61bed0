// The buyer's chosen numbers between the raffle page and the checkout, kept in the tab's
// sessionStorage per raffle (as the selected package is, packages/selected-package.ts).
import {
  CUSTOM_PACKAGE_ID,
  customTotal,
  toCents,
  type Package,
  type SelectedPackage,
} from '@vag/contracts';
import { customSelection, packageSelection } from '../packages/packages';
import type { RaffleRef } from '../shared/raffle-scope';

const PICKS_KEY = 'vag:pickedNumbers';

function keyFor(raffle: RaffleRef): string {
  return raffle ? `${PICKS_KEY}@${raffle}` : PICKS_KEY;
}

export function readPicks(store: Storage | null, raffle: RaffleRef): number[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(keyFor(raffle)) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((n): n is number => Number.isInteger(n) && n >= 0)
      : [];
  } catch {
    return [];
  }
}

export function savePicks(store: Storage | null, raffle: RaffleRef, numbers: readonly number[]) {
  try {
    store?.setItem(keyFor(raffle), JSON.stringify(numbers));
  } catch {
    // Storage blocked: the checkout asks for the numbers again.
  }
}

/**
 * The package a selection of `count` numbers buys: a package of exactly that quantity
 * (its price, as a click on it would give), else the custom quantity at the price per
 * number (SPEC §2's packages apply to the quantity, chosen or not).
 */
export function selectionOffer(
  count: number,
  packages: readonly Package[],
  pricePerNumber: number,
  resellerCode: string | null,
): SelectedPackage {
  const pkg = packages.find((p) => p.quantity === count && p._id !== CUSTOM_PACKAGE_ID);
  return pkg
    ? packageSelection(pkg, resellerCode)
    : customSelection(count, pricePerNumber, resellerCode);
}

/**
 * The quantities whose package costs less than as many numbers at the raffle's price,
 * ascending: what the line under the grid names when it says why packages cost less.
 */
export function discountedQuantities(
  packages: readonly Package[],
  pricePerNumber: number,
): number[] {
  const cheaper = packages.filter(
    (p) =>
      p._id !== CUSTOM_PACKAGE_ID &&
      toCents(p.price) < toCents(customTotal(p.quantity, pricePerNumber)),
  );
  return [...new Set(cheaper.map((p) => p.quantity))].sort((a, b) => a - b);
}
