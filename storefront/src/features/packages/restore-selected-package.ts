// Reads the stored selection back into the store (checkout), discarding anything that
// is not a valid selected package.
import { selectedPackageSchema, type SelectedPackage } from '@vag/contracts';
import { $selectedPackage, SELECTED_PACKAGE_KEY, sessionStore } from './selected-package';

export function readStoredPackage(store: Storage | null = sessionStore()): SelectedPackage | null {
  const raw = store?.getItem(SELECTED_PACKAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = selectedPackageSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Loads the stored selection into $selectedPackage; returns it. */
export function restoreSelectedPackage(
  store: Storage | null = sessionStore(),
): SelectedPackage | null {
  const pkg = readStoredPackage(store);
  $selectedPackage.set(pkg);
  return pkg;
}
