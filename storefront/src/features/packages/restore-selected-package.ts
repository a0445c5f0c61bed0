// Reads the stored selection back into the store (checkout), discarding anything that
// is not a valid selected package.
import { readSelectedPackage, type SelectedPackage } from '@vag/contracts';
import type { RaffleRef } from '../shared/raffle-scope';
import { $selectedPackage, selectedPackageKey, sessionStore } from './selected-package';

export function readStoredPackage(
  store: Storage | null = sessionStore(),
  raffle: RaffleRef = null,
): SelectedPackage | null {
  const raw = store?.getItem(selectedPackageKey(raffle));
  if (!raw) return null;
  try {
    return readSelectedPackage(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** Loads the raffle's stored selection into $selectedPackage; returns it. */
export function restoreSelectedPackage(
  store: Storage | null = sessionStore(),
  raffle: RaffleRef = null,
): SelectedPackage | null {
  const pkg = readStoredPackage(store, raffle);
  $selectedPackage.set(pkg);
  return pkg;
}
