import { BUYER_MESSAGES, VALIDATION } from '@vag/contracts';
import { describe, expect, it } from 'vitest';
import { tokenFromUrl, validateContact } from './my-data';

const valid = {
  firstName: 'Ana',
  lastName: 'Pérez',
  phone: '0991234567',
  province: 'Pichincha',
  city: 'Quito',
  address: 'Av. Amazonas 123',
};

describe('validateContact', () => {
  it('accepts what the checkout accepts', () => {
    expect(validateContact(valid)).toEqual({});
  });
  it("says 'La dirección es requerida' and the phone's message, as the checkout does", () => {
    const errors = validateContact({ ...valid, phone: '123', address: ' ' });
    expect(errors.address).toBe(VALIDATION.addressRequired);
    expect(errors.phone).toBe(BUYER_MESSAGES.phoneInvalid);
  });
});

describe('tokenFromUrl', () => {
  it('reads ?t= and nothing else', () => {
    expect(tokenFromUrl('?t=abc')).toBe('abc');
    expect(tokenFromUrl('?x=1')).toBeNull();
  });
});
