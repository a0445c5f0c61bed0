import { describe, expect, it } from 'vitest';
import { numberRuns, numbersSummary, numberWidthFor, padNumber } from './numbers';

describe('raffle number formatting', () => {
  it('uses the digits of the largest number', () => {
    expect(numberWidthFor(10_000)).toBe(4);
    expect(numberWidthFor(10_001)).toBe(5);
    expect(numberWidthFor(100)).toBe(2);
    expect(numberWidthFor(1)).toBe(1);
  });
  it('pads with leading zeros', () => {
    expect(padNumber(7, 4)).toBe('0007');
    expect(padNumber(9999, 4)).toBe('9999');
    expect(padNumber('42', 5)).toBe('00042');
  });
});

describe('numbersSummary', () => {
  it('joins consecutive numbers into runs and says how many are left past the cap', () => {
    expect(numberRuns(['0007', '0002', '0001', '0003'])).toEqual(['0001-0003', '0007']);
    const big = Array.from({ length: 9720 }, (_, i) => String(i * 2).padStart(5, '0'));
    const text = numbersSummary(big, 120);
    expect(text.length).toBeLessThan(140);
    expect(text).toMatch(/^00000, 00002, .* y \d+ más$/);
    const shown = text.split(' y ')[0]!.split(', ').length;
    expect(text.endsWith(` y ${9720 - shown} más`)).toBe(true);
    expect(numbersSummary(['0001', '0002'], 120)).toBe('0001-0002');
  });
});
