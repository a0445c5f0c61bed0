// The package a visitor chose, as the checkout reads it back from the browser's storage
// before its first paint: checked here without zod, so the checkout ships none. It is
// the shape of selectedPackageSchema (package.ts); package.test.ts holds the two equal.
import type { SelectedPackage } from './package';

const isText = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** The selection with only its known fields, or null when anything is missing or wrong. */
export function readSelectedPackage(value: unknown): SelectedPackage | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const { id, name, quantity, price, isPopular, resellerCode } = v;
  if (!isText(id) || id.length === 0 || !isText(name)) return null;
  if (!isNumber(quantity) || !Number.isInteger(quantity) || quantity <= 0) return null;
  if (!isNumber(price) || price < 0 || typeof isPopular !== 'boolean') return null;
  if (resellerCode !== undefined && resellerCode !== null && !isText(resellerCode)) return null;
  return {
    id,
    name,
    quantity,
    price,
    isPopular,
    ...('resellerCode' in v ? { resellerCode } : {}),
  };
}
