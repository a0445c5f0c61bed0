// The package a visitor chose on the home page, carried to /checkout. A nanostores atom
// shared by the islands, persisted to sessionStorage because the choice must survive
// the page navigation / → /checkout (and a reload of checkout) but not the tab.
// Reading it back (with validation) lives in restore-selected-package.ts so that the
// home page does not ship the schema library.
import type { SelectedPackage } from '@vag/contracts';
import { atom } from 'nanostores';
import { scopedKey, type RaffleRef } from '../shared/raffle-scope';

export const SELECTED_PACKAGE_KEY = 'vag:selectedPackage';

/**
 * Each raffle keeps its own choice, so a package chosen on one raffle's page is never
 * bought in another (the featured raffle keeps the original key).
 */
export function selectedPackageKey(raffle: RaffleRef = null): string {
  return scopedKey(raffle, SELECTED_PACKAGE_KEY);
}

export function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export const $selectedPackage = atom<SelectedPackage | null>(null);

export function selectPackage(
  pkg: SelectedPackage,
  store: Storage | null = sessionStore(),
  raffle: RaffleRef = null,
): void {
  $selectedPackage.set(pkg);
  store?.setItem(selectedPackageKey(raffle), JSON.stringify(pkg));
}

export function clearSelectedPackage(
  store: Storage | null = sessionStore(),
  raffle: RaffleRef = null,
): void {
  $selectedPackage.set(null);
  store?.removeItem(selectedPackageKey(raffle));
}
