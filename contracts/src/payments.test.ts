import { describe, expect, it } from 'vitest';
import { createOrderSchema, verifyPayphoneResponseSchema } from './payments';
import { fieldMessages } from './test-utils';

const buyer = {
  firstName: 'Ana',
  lastName: 'Pérez',
  email: 'ana@correo.ec',
  confirmEmail: 'ana@correo.ec',
  phone: '0991234567',
  country: 'ECUADOR',
  province: 'Pichincha',
  city: 'Quito',
  address: 'Calle 1',
  document: '',
  acceptedTerms: true,
  paymentProvider: 'bank_transfer',
};
const order = {
  amount: 10,
  quantity: 10,
  unitPrice: 1,
  totalPrice: 10,
  packageId: 'p1',
  resellerCode: null,
  paymentMethod: 'bank_transfer',
  buyer,
};

describe('create-order payload (SPEC §7)', () => {
  it('accepts a package order', () => {
    expect(createOrderSchema.safeParse(order).success).toBe(true);
  });
  it('accepts a custom order with packageData and a PayPal buyer without address', () => {
    const custom = {
      ...order,
      packageId: null,
      paymentMethod: 'paypal',
      quantity: 3,
      unitPrice: 1,
      totalPrice: 3,
      amount: 3,
      packageData: { name: 'Personalizado', quantity: 3, price: 3 },
      buyer: { ...buyer, paymentProvider: 'paypal', province: '', city: '', address: '' },
    };
    expect(createOrderSchema.safeParse(custom).success).toBe(true);
  });
  it('requires the address for other methods, under buyer.*', () => {
    const result = createOrderSchema.safeParse({ ...order, buyer: { ...buyer, city: '' } });
    expect(fieldMessages(result)).toEqual({ 'buyer.city': 'La ciudad es requerida' });
  });
  it('requires a trx- clientTransactionId of at most 50 characters for mobile', () => {
    const mobile = { ...order, paymentMethod: 'mobile' };
    expect(Object.keys(fieldMessages(createOrderSchema.safeParse(mobile)))).toEqual([
      'clientTransactionId',
    ]);
    expect(
      createOrderSchema.safeParse({ ...mobile, clientTransactionId: 'trx-abc123' }).success,
    ).toBe(true);
    expect(
      createOrderSchema.safeParse({ ...mobile, clientTransactionId: `trx-${'x'.repeat(47)}` })
        .success,
    ).toBe(false);
    expect(createOrderSchema.safeParse({ ...mobile, clientTransactionId: 'abc' }).success).toBe(
      false,
    );
  });
  it("refuses an unknown method with 'Método de pago no disponible'", () => {
    expect(
      fieldMessages(createOrderSchema.safeParse({ ...order, paymentMethod: 'bitcoin' }))
        .paymentMethod,
    ).toBe('Método de pago no disponible');
  });
  it('refuses an order without accepted terms', () => {
    expect(
      fieldMessages(
        createOrderSchema.safeParse({ ...order, buyer: { ...buyer, acceptedTerms: false } }),
      )['buyer.acceptedTerms'],
    ).toBe('Debes aceptar los términos y condiciones');
  });
  it('answers type errors in Spanish', () => {
    const message =
      fieldMessages(createOrderSchema.safeParse({ ...order, quantity: 'diez' })).quantity ?? '';
    expect(message).toMatch(/inválid|número/i);
    expect(message).not.toMatch(/expected|Invalid/);
  });
});

describe('custom quantity', () => {
  it('refuses 0, negative and decimal quantities with a Spanish message', () => {
    for (const quantity of [0, -5, 1.5])
      expect(fieldMessages(createOrderSchema.safeParse({ ...order, quantity })).quantity).toBe(
        'La cantidad debe ser un número entero mayor que 0',
      );
  });
});

describe('verify-payphone answer', () => {
  it('is either a purchase or only its id', () => {
    expect(verifyPayphoneResponseSchema.safeParse({ purchase_id: 'abc' }).success).toBe(true);
  });
});
