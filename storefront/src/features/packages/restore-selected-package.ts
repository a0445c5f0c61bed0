// Reads the stored selection back into the store (checkout), discarding anything that
// is not a valid selected package.
import { selectedPackageSchema, type SelectedPackage } from '@vag/contracts';
import type { RaffleRef } from '../shared/raffle-scope';
import { $selectedPackage, selectedPackageKey, sessionStore } from './selected-package';

export function readStoredPackage(
  store: Storage | null = sessionStore(),
  raffle: RaffleRef = null,
): SelectedPackage | null {
  const raw = store?.getItem(selectedPackageKey(raffle));
  if (!raw) return null;
  try {
    const parsed = selectedPackageSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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
