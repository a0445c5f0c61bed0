import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../test-utils';
import { BUYER_FORM_DEFAULTS, buyerFormSchema, buyerFormSchemaFor } from './buyer';

const valid = {
  ...BUYER_FORM_DEFAULTS,
  firstName: 'Ana',
  lastName: 'Pérez',
  email: 'ana@correo.ec',
  confirmEmail: 'ana@correo.ec',
  phone: '0991234567',
  province: 'Guayas',
  city: 'Guayaquil',
  address: 'Av. 9 de Octubre 100',
  acceptedTerms: true,
};

describe('buyer form (SPEC §5)', () => {
  it('accepts a complete form and fixes the country to ECUADOR', () => {
    const parsed = buyerFormSchema.parse({ ...valid, country: undefined });
    expect(parsed.country).toBe('ECUADOR');
  });

  it('shows every required message on an empty form', () => {
    expect(fieldMessages(buyerFormSchema.safeParse(BUYER_FORM_DEFAULTS))).toEqual({
      firstName: 'El nombre es requerido',
      lastName: 'El apellido es requerido',
      email: 'El email es requerido',
      phone: 'El teléfono es requerido',
      province: 'La provincia es requerida',
      city: 'La ciudad es requerida',
      address: 'La dirección es requerida',
      acceptedTerms: 'Debes aceptar los términos y condiciones',
    });
  });

  it("says 'Email inválido' for a malformed e-mail", () => {
    expect(
      fieldMessages(buyerFormSchema.safeParse({ ...valid, email: 'ana@', confirmEmail: 'ana@' }))
        .email,
    ).toBe('Email inválido');
  });

  it("says 'Los emails no coinciden' on the confirmation", () => {
    expect(
      fieldMessages(buyerFormSchema.safeParse({ ...valid, confirmEmail: 'otra@correo.ec' })),
    ).toEqual({
      confirmEmail: 'Los emails no coinciden',
    });
  });

  it('does not require the address with PayPal', () => {
    const paypal = { ...valid, province: '', city: '', address: '' };
    expect(buyerFormSchemaFor('paypal').safeParse(paypal).success).toBe(true);
    expect(
      Object.keys(fieldMessages(buyerFormSchemaFor('bank_transfer').safeParse(paypal))),
    ).toEqual(['province', 'city', 'address']);
    expect(buyerFormSchemaFor('mobile').safeParse(paypal).success).toBe(false);
  });

  it('treats blank text as missing', () => {
    expect(fieldMessages(buyerFormSchema.safeParse({ ...valid, firstName: '   ' })).firstName).toBe(
      'El nombre es requerido',
    );
  });
});
