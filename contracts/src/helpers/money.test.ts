import { describe, expect, it } from 'vitest';
import {
  customTotal,
  formatCount,
  formatPercent,
  formatMoney,
  formatUsd,
  parseCustomQuantity,
  payphoneAmounts,
  toCents,
  unitPrice,
} from './money';

describe('toCents', () => {
  it('rounds half away from zero without binary noise', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(-2.675)).toBe(-268);
    expect(toCents(Number.NaN)).toBe(0);
  });
});

describe('formatMoney / formatUsd', () => {
  it('shows two decimals', () => {
    expect(formatMoney(10)).toBe('10.00');
    expect(formatMoney(0.5)).toBe('0.50');
    expect(formatMoney(1234.567)).toBe('1234.57');
    expect(formatMoney(0.1 + 0.2)).toBe('0.30');
    expect(formatMoney(-3.1)).toBe('-3.10');
  });
  it('prefixes a dollar sign', () => {
    expect(formatUsd(25)).toBe('$25,00');
    expect(formatUsd(-1)).toBe('-$1,00');
    expect(formatUsd(1234.567)).toBe('$1.234,57');
    expect(formatUsd(9757)).toBe('$9.757,00');
    expect(formatUsd(-1_000_000)).toBe('-$1.000.000,00');
  });
});

describe('unitPrice', () => {
  it('is price / quantity rounded to cents', () => {
    expect(unitPrice({ price: 10, quantity: 3 })).toBe(3.33);
    expect(unitPrice({ price: 20, quantity: 3 })).toBe(6.67);
    expect(unitPrice({ price: 5, quantity: 5 })).toBe(1);
  });
  it('is 0 for an empty package', () => {
    expect(unitPrice({ price: 5, quantity: 0 })).toBe(0);
  });
});

describe('customTotal', () => {
  it('multiplies in cents, without float drift', () => {
    expect(customTotal(3, 0.1)).toBe(0.3);
    expect(customTotal(7, 1.15)).toBe(8.05);
    expect(customTotal(100, 0.29)).toBe(29);
    expect(customTotal(1, 2.5)).toBe(2.5);
  });
});

describe('parseCustomQuantity', () => {
  it('reads an integer of at least 1', () => {
    expect(parseCustomQuantity('15')).toBe(15);
    expect(parseCustomQuantity(' 7 ')).toBe(7);
    expect(parseCustomQuantity(4)).toBe(4);
    expect(parseCustomQuantity('2.9')).toBe(2);
  });
  it('falls back to 1 when not a number or below 1', () => {
    expect(parseCustomQuantity('abc')).toBe(1);
    expect(parseCustomQuantity('')).toBe(1);
    expect(parseCustomQuantity(undefined)).toBe(1);
    expect(parseCustomQuantity('0')).toBe(1);
    expect(parseCustomQuantity(-5)).toBe(1);
    expect(parseCustomQuantity(Number.NaN)).toBe(1);
  });
});

describe('payphoneAmounts', () => {
  it.each([
    [0.01, { amount: 1, amountWithTax: 1, amountWithoutTax: 0, tax: 0 }],
    [3.33, { amount: 333, amountWithTax: 266, amountWithoutTax: 0, tax: 67 }],
    [999.99, { amount: 99999, amountWithTax: 79999, amountWithoutTax: 0, tax: 20000 }],
    [10, { amount: 1000, amountWithTax: 800, amountWithoutTax: 0, tax: 200 }],
    [0.05, { amount: 5, amountWithTax: 4, amountWithoutTax: 0, tax: 1 }],
  ])('splits %s into cents that add up', (total, expected) => {
    expect(payphoneAmounts(total)).toEqual(expected);
  });

  it('always adds up exactly and keeps the 80/20 split within a cent', () => {
    const wrong: number[] = [];
    for (let cents = 0; cents <= 200_000; cents += 7) {
      const split = payphoneAmounts(cents / 100);
      const ok =
        split.amount === cents &&
        split.amountWithTax + split.amountWithoutTax + split.tax === split.amount &&
        Number.isInteger(split.tax) &&
        Number.isInteger(split.amountWithTax) &&
        Math.abs(split.tax - cents * 0.2) <= 0.5;
      if (!ok) wrong.push(cents);
    }
    expect(wrong).toEqual([]);
  });
});

describe('formatCount', () => {
  it('groups thousands with a dot (es-EC), like the amounts beside it', () => {
    expect([0, 999, 1000, 10_000, 1_234_567].map(formatCount)).toEqual([
      '0',
      '999',
      '1.000',
      '10.000',
      '1.234.567',
    ]);
  });
});

describe('formatPercent', () => {
  it('writes a share with a decimal comma and a space before the sign (es-EC)', () => {
    expect([0, 0.9, 12.345, 100].map(formatPercent)).toEqual([
      '0,00 %',
      '0,90 %',
      '12,35 %',
      '100,00 %',
    ]);
  });
});
