import { describe, expect, it } from 'vitest';
import { createPermutation, numbersAt } from './permutation';
import { PERMUTATION_VECTORS } from './permutation-vectors';

const KEY = 'a1'.repeat(32);

describe('createPermutation', () => {
  it('gives every number the server has ever allocated with the same key (recorded vectors)', () => {
    const mismatches = PERMUTATION_VECTORS.filter(([key, size, position, number]) => {
      const perm = createPermutation(key, size);
      return perm.permute(position) !== number || perm.invert(number) !== position;
    });
    expect(PERMUTATION_VECTORS.length).toBeGreaterThan(200);
    expect(mismatches).toEqual([]);
  });

  it.each([1, 2, 3, 7, 1000, 4097])('is a bijection on [0, %i)', (n) => {
    const perm = createPermutation(KEY, n);
    const values = new Set(Array.from({ length: n }, (_, p) => perm.permute(p)));
    expect(values.size).toBe(n);
    expect(Math.max(...values)).toBe(n - 1);
    expect(Math.min(...values)).toBe(0);
  });

  it('reads upper- and lowercase keys alike and refuses bad input', () => {
    expect(createPermutation(KEY.toUpperCase(), 1000).permute(5)).toBe(
      createPermutation(KEY, 1000).permute(5),
    );
    expect(() => createPermutation('abc', 10)).toThrow(TypeError);
    expect(() => createPermutation(KEY, 0)).toThrow(RangeError);
    expect(() => createPermutation(KEY, 2 ** 53)).toThrow(RangeError);
    expect(() => createPermutation(KEY, 10).invert(10)).toThrow(RangeError);
  });
});

describe('numbersAt', () => {
  it('answers the zero-padded numbers of a run of positions', () => {
    const perm = createPermutation(KEY, 10000);
    const numbers = numbersAt(perm, { start: 40, count: 3 }, 4);
    expect(numbers).toEqual([40, 41, 42].map((p) => String(perm.permute(p)).padStart(4, '0')));
    expect(numbers.every((n) => /^\d{4}$/.test(n))).toBe(true);
  });
});
