import { describe, expect, it } from 'vitest';
import {
  createPermutation,
  defaultNumberWidth,
  formatNumber,
  parseNumber,
  permutationFor,
} from './permutation';

const KEY_A = 'a1'.repeat(32);
const KEY_B = 'b2'.repeat(32);

describe('createPermutation', () => {
  it.each([1, 2, 3, 7, 10, 1000, 1024, 4097, 10007])(
    'is a bijection on [0, %i) and invert undoes permute',
    (n) => {
      const perm = createPermutation(KEY_A, n);
      const seen = new Uint8Array(n);
      for (let p = 0; p < n; p++) {
        const v = perm.permute(p);
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThan(n);
        expect(seen[v]).toBe(0);
        seen[v] = 1;
        expect(perm.invert(v)).toBe(p);
      }
    },
  );

  it('is a bijection for a size beyond the memoised tables (2^34 + 3, sampled)', () => {
    const n = 2 ** 34 + 3;
    const perm = createPermutation(KEY_A, n);
    const values = new Set<number>();
    for (let p = n - 2000; p < n; p++) {
      const v = perm.permute(p);
      expect(v).toBeLessThan(n);
      expect(perm.invert(v)).toBe(p);
      values.add(v);
    }
    expect(values.size).toBe(2000);
  });

  it('gives a different order for a different key', () => {
    const a = createPermutation(KEY_A, 10000);
    const b = createPermutation(KEY_B, 10000);
    const firstA = Array.from({ length: 20 }, (_, p) => a.permute(p));
    const firstB = Array.from({ length: 20 }, (_, p) => b.permute(p));
    expect(firstA).not.toEqual(firstB);
  });

  it('does not sell numbers in order', () => {
    const perm = createPermutation(KEY_A, 10000);
    const first = Array.from({ length: 10 }, (_, p) => perm.permute(p));
    expect(first).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('refuses positions outside the raffle', () => {
    const perm = createPermutation(KEY_A, 10);
    expect(() => perm.permute(10)).toThrow(RangeError);
    expect(() => perm.permute(-1)).toThrow(RangeError);
    expect(() => perm.invert(10)).toThrow(RangeError);
    expect(() => createPermutation(KEY_A, 0)).toThrow(RangeError);
    expect(() => createPermutation('not-hex', 10)).toThrow(TypeError);
  });

  it('is fast: 100 000 permutations of a 10 000-number raffle well under a second', () => {
    const perm = permutationFor(KEY_B, 10000);
    const started = performance.now();
    for (let i = 0; i < 100_000; i++) perm.permute(i % 10000);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('permutationFor reuses the same permutation for the same key and size', () => {
    expect(permutationFor(KEY_A, 500)).toBe(permutationFor(KEY_A, 500));
    expect(permutationFor(KEY_A, 500)).not.toBe(permutationFor(KEY_A, 501));
  });
});

describe('number formatting', () => {
  it('pads numbers with leading zeros to the raffle width', () => {
    expect(defaultNumberWidth(10000)).toBe(4);
    expect(defaultNumberWidth(10001)).toBe(5);
    expect(defaultNumberWidth(1)).toBe(1);
    expect(formatNumber(7, 4)).toBe('0007');
    expect(formatNumber(9999, 4)).toBe('9999');
    const perm = createPermutation(KEY_A, 10000);
    for (let p = 0; p < 200; p++) expect(formatNumber(perm.permute(p), 4)).toMatch(/^\d{4}$/);
  });

  it('parses typed numbers with or without leading zeros', () => {
    expect(parseNumber('0042', 10000)).toBe(42);
    expect(parseNumber(' 42 ', 10000)).toBe(42);
    expect(parseNumber('10000', 10000)).toBeNull();
    expect(parseNumber('ana@x.com', 10000)).toBeNull();
  });
});
