// A keyed bijection perm: [0, N) → [0, N) that maps sale positions to raffle numbers.
// Position p (the p-th number sold) gets number perm(p): unique because perm is a
// bijection (I1), unpredictable without the raffle's secret key (I4), and computed in
// O(1) per number whatever N is, so allocating q numbers never scans a pool.
//
// The construction lives in @vag/contracts (fairness/permutation.ts) so that the public
// verifier in the browser recomputes exactly what the server allocated.
import { createPermutation, type Permutation } from '@vag/contracts';

export { createPermutation, type Permutation };

const cache = new Map<string, Permutation>();
const CACHE_LIMIT = 32;

/** The permutation for a raffle key and size, built once per process and reused. */
export function permutationFor(secretKeyHex: string, size: number): Permutation {
  const id = `${size}:${secretKeyHex}`;
  let perm = cache.get(id);
  if (!perm) {
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    perm = createPermutation(secretKeyHex, size);
    cache.set(id, perm);
  }
  return perm;
}

/** Raffle numbers are shown with leading zeros to the raffle's width: 7 → '0007' for N = 10000. */
export function formatNumber(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** Digits of the largest number, the default width: N = 10000 → 4 ('0000'…'9999'). */
export function defaultNumberWidth(size: number): number {
  return String(Math.max(0, size - 1)).length;
}

/** Parses a typed raffle number ('0042', '42') into its value, or null when it cannot be one. */
export function parseNumber(text: string, size: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,16}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value < size ? value : null;
}
