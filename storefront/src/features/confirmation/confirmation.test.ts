import { describe, expect, it } from 'vitest';
import {
  buyerAddress,
  confirmationAction,
  providerReference,
  purchaseFrom,
  purchaseIdOnly,
} from './confirmation';

describe('confirmationAction', () => {
  it('captures PayPal when token is present', () => {
    expect(confirmationAction('?token=5O190127TN364715T&PayerID=X')).toEqual({
      kind: 'paypal',
      orderId: '5O190127TN364715T',
    });
  });
  it('verifies a card session', () => {
    expect(confirmationAction('?session_id=cs_test_1')).toEqual({
      kind: 'card',
      sessionId: 'cs_test_1',
    });
  });
  it('verifies PayPhone with id and clientTransactionId', () => {
    expect(confirmationAction('?id=123&clientTransactionId=trx-1')).toEqual({
      kind: 'payphone',
      id: 123,
      clientTxId: 'trx-1',
    });
  });
  it('falls back to loading the purchase by id', () => {
    expect(confirmationAction('?id=65f0c0ffee')).toEqual({
      kind: 'purchase',
      id: '65f0c0ffee',
      key: null,
    });
    expect(confirmationAction('?id=65f0c0ffee&key=k1')).toMatchObject({ key: 'k1' });
  });
  it('has nothing to do without parameters', () => {
    expect(confirmationAction('')).toEqual({ kind: 'none' });
    expect(confirmationAction('?token=')).toEqual({ kind: 'none' });
  });
});

const purchase = {
  _id: 'p1',
  buyer: {
    firstName: 'A',
    lastName: 'B',
    email: 'a@b.ec',
    phone: '1',
    country: 'ECUADOR',
    address: 'Calle 1',
    city: 'Quito',
    province: 'Pichincha',
  },
  paypal: { orderId: 'ORDER1', status: 'COMPLETED' },
} as never;

describe('answers of the payment calls', () => {
  it('reads the purchase bare or wrapped', () => {
    expect(purchaseFrom(purchase)).toBe(purchase);
    expect(purchaseFrom({ purchase })).toBe(purchase);
    expect(purchaseFrom({ msg: 'x' })).toBeNull();
  });
  it("recognises PayPhone's already-processed answer", () => {
    expect(purchaseIdOnly({ purchase_id: 'p1' })).toBe('p1');
    expect(purchaseIdOnly(purchase)).toBeNull();
  });
  it('shows the PayPal order id as provider reference', () => {
    expect(providerReference(purchase)).toEqual({ label: 'ID de orden PayPal', value: 'ORDER1' });
  });
  it('writes the address with city, province and country', () => {
    expect(buyerAddress((purchase as { buyer: never }).buyer)).toBe(
      'Calle 1, Quito, Pichincha, ECUADOR',
    );
  });
  it('shows no address when the buyer gave none, only the fixed country', () => {
    const buyer = {
      ...(purchase as { buyer: object }).buyer,
      address: '',
      city: ' ',
      province: '',
    };
    expect(buyerAddress(buyer as never)).toBe('');
  });
});
