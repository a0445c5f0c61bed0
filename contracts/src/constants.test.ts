import { describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_OPTIONS, isCheckoutMethodAllowed } from './constants';

describe('checkout methods (SPEC §9)', () => {
  it('shows all four methods with their labels', () => {
    expect(PAYMENT_METHOD_OPTIONS.map((m) => m.label)).toEqual([
      'PayPal',
      'Tarjeta',
      'Transferencia Bancaria',
      'PayPhone',
    ]);
  });
  it('lets PayPal, bank transfer and PayPhone through but refuses card', () => {
    expect(isCheckoutMethodAllowed('paypal')).toBe(true);
    expect(isCheckoutMethodAllowed('bank_transfer')).toBe(true);
    expect(isCheckoutMethodAllowed('mobile')).toBe(true);
    expect(isCheckoutMethodAllowed('card')).toBe(false);
    expect(isCheckoutMethodAllowed(null)).toBe(false);
  });
});
