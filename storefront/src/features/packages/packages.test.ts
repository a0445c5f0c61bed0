import { describe, expect, it } from 'vitest';
import {
  customOffer,
  customQuantityProblem,
  customSelection,
  packageSelection,
  readResellerCode,
} from './packages';

describe('readResellerCode', () => {
  it('reads ?code= trimmed, and null when absent or blank', () => {
    expect(readResellerCode('?code=%20REV123%20')).toBe('REV123');
    expect(readResellerCode('?code=')).toBeNull();
    expect(readResellerCode('')).toBeNull();
  });
});

describe('packageSelection', () => {
  it('carries the package and the reseller code to checkout', () => {
    const pkg = { _id: 'p1', name: 'Básico', quantity: 10, price: 5, isPopular: true };
    expect(packageSelection(pkg, 'REV1')).toEqual({
      id: 'p1',
      name: 'Básico',
      quantity: 10,
      price: 5,
      isPopular: true,
      resellerCode: 'REV1',
    });
  });
});

describe('customSelection', () => {
  it("prices quantity × pricePerNumber as the 'Personalizado' package", () => {
    expect(customSelection('7', 0.35, null)).toEqual({
      id: 'custom',
      name: 'Personalizado',
      quantity: 7,
      price: 2.45,
      isPopular: false,
      resellerCode: null,
    });
  });

  it('falls back to 1 when the quantity is not a number or below 1', () => {
    expect(customSelection('abc', 2, null).quantity).toBe(1);
    expect(customSelection('0', 2, null).quantity).toBe(1);
    expect(customSelection('-4', 2, null).price).toBe(2);
  });

  it('keeps whole numbers only', () => {
    expect(customSelection('3.9', 1, 'X').quantity).toBe(3);
  });
});

describe('custom quantity problems', () => {
  it('refuses 0, negative and decimal quantities and more than what is left, in Spanish', () => {
    for (const wrong of ['0', '-5', '1.5', 'abc'])
      expect(customQuantityProblem(wrong, 100)).toBe(
        'La cantidad debe ser un número entero mayor que 0',
      );
    expect(customQuantityProblem('101', 100)).toBe('Solo quedan 100 números disponibles.');
    expect(customQuantityProblem('100', 100)).toBeNull();
    expect(customQuantityProblem('', 100)).toBeNull();
  });
});

describe('the custom card with a per-order maximum', () => {
  it("refuses more than the operator's maximum before the remainder, with its own message", () => {
    expect(customQuantityProblem('101', 9959, 100)).toBe(
      'Puedes comprar hasta 100 números por pedido.',
    );
    expect(customQuantityProblem('99999999', 50, 100)).toBe(
      'Puedes comprar hasta 100 números por pedido.',
    );
    expect(customQuantityProblem('100', 9959, 100)).toBeNull();
    expect(customQuantityProblem('100000', 1_000_000, 0)).toBeNull();
  });

  it('shows no total and no quantity on the button while the input cannot be bought', () => {
    for (const wrong of ['0', '-5', '1.5', '1e3', '99999999']) {
      const problem = customQuantityProblem(wrong, 1000, 100);
      expect(problem, wrong).not.toBeNull();
      expect(customOffer(wrong, 1, problem)).toEqual({ total: '—', button: 'Revisa la cantidad' });
    }
    expect(customOffer('12', 1.5, null)).toEqual({
      total: '$18,00',
      button: 'Comprar 12 números',
    });
    expect(customOffer('1', 1, null).button).toBe('Comprar 1 número');
  });
});
