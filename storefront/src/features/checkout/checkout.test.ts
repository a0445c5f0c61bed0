import { idempotencyKeySchema } from '@vag/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildOrderPayload,
  clearFieldError,
  EMPTY_BUYER,
  isAllowedMethod,
  newClientTransactionId,
  orderAttempt,
  payphoneBoxUrl,
  randomConceptReference,
  validateBuyer,
  type BuyerValues,
} from './checkout';

const valid: BuyerValues = {
  ...EMPTY_BUYER,
  firstName: 'Ana',
  lastName: 'Pérez',
  email: 'Ana@Correo.ec',
  confirmEmail: 'ana@correo.ec',
  phone: '0991234567',
  province: 'Pichincha',
  city: 'Quito',
  address: 'Av. Amazonas 123',
  acceptedTerms: true,
};

describe('validateBuyer', () => {
  it('reports every required field with its Spanish message', () => {
    expect(validateBuyer(EMPTY_BUYER, 'bank_transfer')).toEqual({
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

  it('rejects an invalid e-mail and a confirmation that does not match', () => {
    expect(
      validateBuyer({ ...valid, email: 'no-es-email', confirmEmail: 'no-es-email' }, 'mobile')
        .email,
    ).toBe('Email inválido');
    expect(validateBuyer({ ...valid, confirmEmail: 'otra@correo.ec' }, 'mobile')).toEqual({
      confirmEmail: 'Los emails no coinciden',
    });
  });

  it('refuses a name that carries a link beside the field, in Spanish', () => {
    expect(
      validateBuyer({ ...valid, firstName: 'Premio! Reclama en evil.example/ec' }, 'bank_transfer'),
    ).toEqual({ firstName: 'El nombre solo puede tener letras, espacios, apóstrofos y guiones' });
    expect(
      validateBuyer({ ...valid, firstName: 'María José', lastName: "O'Neil-Ñ" }, 'mobile'),
    ).toEqual({});
  });

  it('does not require the address with PayPal', () => {
    expect(validateBuyer({ ...valid, province: '', city: '', address: '' }, 'paypal')).toEqual({});
  });

  it('accepts a complete buyer', () => {
    expect(validateBuyer(valid, 'bank_transfer')).toEqual({});
  });
});

describe('clearFieldError', () => {
  it('removes only the edited field', () => {
    expect(clearFieldError({ firstName: 'x', lastName: 'y' }, 'firstName')).toEqual({
      lastName: 'y',
    });
  });
});

describe('isAllowedMethod', () => {
  it('allows PayPal, transfer and PayPhone but not card or nothing', () => {
    expect(
      ['paypal', 'bank_transfer', 'mobile', 'card', null].map((m) => isAllowedMethod(m as never)),
    ).toEqual([true, true, true, false, false]);
  });
});

describe('buildOrderPayload', () => {
  it('sends a custom package with null packageId and packageData', () => {
    const order = buildOrderPayload(
      {
        id: 'custom',
        name: 'Personalizado',
        quantity: 3,
        price: 1.5,
        isPopular: false,
        resellerCode: 'REV9',
      },
      valid,
      'bank_transfer',
    );
    expect(order).toMatchObject({
      amount: 1.5,
      totalPrice: 1.5,
      unitPrice: 0.5,
      quantity: 3,
      packageId: null,
      resellerCode: 'REV9',
      paymentMethod: 'bank_transfer',
      packageData: { name: 'Personalizado', quantity: 3, price: 1.5 },
      buyer: {
        email: 'ana@correo.ec',
        country: 'ECUADOR',
        acceptedTerms: true,
        paymentProvider: 'bank_transfer',
      },
    });
  });

  it('sends a package by id with the PayPhone transaction id', () => {
    const order = buildOrderPayload(
      { id: 'p1', name: 'Básico', quantity: 10, price: 5, isPopular: true },
      valid,
      'mobile',
      'trx-1',
    );
    expect(order).toMatchObject({
      packageId: 'p1',
      clientTransactionId: 'trx-1',
      buyer: { paymentProvider: 'payphone' },
    });
    expect(order).not.toHaveProperty('packageData');
  });
});

describe('payphoneBoxUrl', () => {
  it('passes amounts in cents split 80/20, the +593 phone and a placeholder document', () => {
    const url = payphoneBoxUrl(
      { payUrl: 'https://pay.example/x', id: 42, token: 'tok', storeId: 'store' },
      {
        totalPrice: 12.5,
        clientTransactionId: 'trx-abc',
        buyer: { phone: '0991234567', email: ' Ana@Correo.EC ', document: '' },
      },
    );
    const params = new URL(url, 'http://x').searchParams;
    expect(url.startsWith('/payphone-box.html?')).toBe(true);
    expect(Object.fromEntries(params)).toMatchObject({
      transaction: 'trx-abc',
      token: 'tok',
      storeId: 'store',
      amount: '1250',
      amountWithTax: '1000',
      amountWithoutTax: '0',
      tax: '250',
      payUrl: 'https://pay.example/x',
      id: '42',
      phone: '+593991234567',
      email: 'ana@correo.ec',
      documentId: '9999999999',
    });
  });
});

describe('identifiers', () => {
  it("makes PayPhone ids of 'trx-' plus a unique id within 50 characters", () => {
    const id = newClientTransactionId();
    expect(id).toMatch(/^trx-[0-9a-f]{32}$/);
    expect(id.length).toBeLessThanOrEqual(50);
    expect(newClientTransactionId()).not.toBe(id);
  });

  it('makes a transfer concept reference', () => {
    expect(randomConceptReference(() => 0)).toBe('VAG-AAAAAA');
    expect(randomConceptReference()).toMatch(/^VAG-[A-Z2-9]{6}$/);
  });
});

describe('orderAttempt', () => {
  const pkg = { id: 'p1', name: 'Paquete 5', quantity: 5, price: 4.5, isPopular: false };
  it('keeps the Idempotency-Key and PayPhone id while the order is the same, and makes new ones when it changes', () => {
    const order = buildOrderPayload(pkg, valid, 'bank_transfer');
    const first = orderAttempt(null, order);
    expect(idempotencyKeySchema.safeParse(first.key).success).toBe(true);
    expect(first.clientTransactionId).toMatch(/^trx-[0-9a-f]{32}$/);
    // A second click with the same draft (a copy of the same order) sends the same key.
    expect(orderAttempt(first, buildOrderPayload(pkg, valid, 'bank_transfer'))).toBe(first);
    const changed = orderAttempt(
      first,
      buildOrderPayload(pkg, { ...valid, city: 'Cuenca' }, 'bank_transfer'),
    );
    expect(changed.key).not.toBe(first.key);
    expect(changed.clientTransactionId).not.toBe(first.clientTransactionId);
  });
});
