import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../test-utils';
import { BUYER_MESSAGES } from '../messages';
import { BUYER_FORM_DEFAULTS } from './buyer-rules';
import { buyerFormSchema, buyerFormSchemaFor } from './buyer';

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

describe('buyer data that works', () => {
  it('takes an Ecuadorian mobile as 09XXXXXXXX or +5939XXXXXXXX and keeps it in E.164', () => {
    for (const [typed, stored] of [
      ['0991234567', '+593991234567'],
      ['099 123-4567', '+593991234567'],
      ['+593991234567', '+593991234567'],
    ])
      expect(buyerFormSchema.parse({ ...valid, phone: typed }).phone).toBe(stored);
  });

  it('refuses anything else with a Spanish message', () => {
    for (const phone of [
      '+593 99 123 4567 🙂',
      '022345678',
      '12345',
      '+15551234567',
      '09912345678',
      // Dashes alone are no phone (they once passed as an empty number).
      '---',
    ])
      expect(fieldMessages(buyerFormSchema.safeParse({ ...valid, phone })).phone).toBe(
        BUYER_MESSAGES.phoneInvalid,
      );
  });

  it('takes no cédula, a valid cédula or RUC, and refuses a wrong check digit', () => {
    for (const document of ['', '1710034065', '1790011674001', '0992339411001'])
      expect(buyerFormSchema.safeParse({ ...valid, document }).success).toBe(true);
    for (const document of ['1710034066', '1234567890', '17100340650', 'abc'])
      expect(fieldMessages(buyerFormSchema.safeParse({ ...valid, document })).document).toBe(
        BUYER_MESSAGES.documentInvalid,
      );
  });

  it('limits every text field with a Spanish message', () => {
    const long = 'a'.repeat(250);
    const errors = fieldMessages(
      buyerFormSchema.safeParse({
        ...valid,
        firstName: long,
        lastName: long,
        address: long,
        city: long,
        province: long,
      }),
    );
    expect(errors).toMatchObject({
      firstName: 'Máximo 60 caracteres',
      lastName: 'Máximo 60 caracteres',
      address: 'Máximo 200 caracteres',
      city: 'Máximo 60 caracteres',
      province: 'Máximo 60 caracteres',
    });
  });
});

describe('names are names', () => {
  it('takes names with accents, ñ, spaces, apostrophes and hyphens', () => {
    for (const [firstName, lastName] of [
      ['María José', 'Ñañez-Guamán'],
      ['Zoë', "O'Connor"],
      ['Jean-Luc', 'D’Alembert'],
      ['Ángel', 'de la Cruz'],
    ]) {
      const parsed = buyerFormSchema.safeParse({ ...valid, firstName, lastName });
      expect(parsed.success, `${firstName} ${lastName}`).toBe(true);
    }
  });

  it("refuses a link, a domain, digits or symbols with 'El nombre solo puede tener letras…'", () => {
    for (const firstName of [
      'Premio! Reclama en evil.example/ec',
      'evil.example',
      'https://x.ec',
      'Ana2',
      'Ana <b>',
      'Ana @ana',
      '--',
    ]) {
      const errors = fieldMessages(buyerFormSchema.safeParse({ ...valid, firstName }));
      expect(errors.firstName, firstName).toBe(BUYER_MESSAGES.firstNameLetters);
    }
    const errors = fieldMessages(
      buyerFormSchema.safeParse({ ...valid, lastName: 'www.premio.ec' }),
    );
    expect(errors.lastName).toBe(
      'El apellido solo puede tener letras, espacios, apóstrofos y guiones',
    );
  });

  it('refuses a name on several lines, or with a tab, in Spanish that says why', () => {
    for (const firstName of [
      'Ana\n\n\nGANASTE un premio',
      'Ana\r\nPérez',
      'Ana\tMaría',
      'Ana\u2028Ya',
    ]) {
      const errors = fieldMessages(buyerFormSchema.safeParse({ ...valid, firstName }));
      expect(errors.firstName, JSON.stringify(firstName)).toBe(
        'Escribe el nombre en una sola línea, sin saltos de línea ni tabulaciones',
      );
    }
    const errors = fieldMessages(
      buyerFormSchema.safeParse({
        ...valid,
        lastName: 'Pérez\nReclama tu premio',
        city: 'Quito\nx',
      }),
    );
    expect(errors.lastName).toBe(BUYER_MESSAGES.lastNameOneLine);
    expect(errors.city).toBe(BUYER_MESSAGES.oneLine);
    // Spaces around a name are still trimmed, a line break at its end too.
    expect(buyerFormSchema.safeParse({ ...valid, firstName: ' Ana\n' }).success).toBe(true);
  });

  it("says only 'El nombre es requerido' for an empty name", () => {
    const errors = fieldMessages(buyerFormSchema.safeParse({ ...valid, firstName: '' }));
    expect(errors.firstName).toBe('El nombre es requerido');
  });
});
