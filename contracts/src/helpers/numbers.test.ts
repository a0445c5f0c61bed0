import { describe, expect, it } from 'vitest';
import { numberWidthFor, padNumber } from './numbers';

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
