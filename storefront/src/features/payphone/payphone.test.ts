import { describe, expect, it } from 'vitest';
import { boxConfigFromParams } from './payphone';

describe('boxConfigFromParams', () => {
  it('builds the PayPhone box configuration from the checkout parameters', () => {
    const search =
      '?transaction=trx-abc&token=tok&storeId=store&amount=1000&amountWithTax=800&amountWithoutTax=0&tax=200&reference=Compra&payUrl=u&id=9&phone=%2B593991234567&email=a%40b.ec&documentId=9999999999';
    const result = boxConfigFromParams(search);
    expect(result).toEqual({
      ok: true,
      config: expect.objectContaining({
        token: 'tok',
        clientTransactionId: 'trx-abc',
        amount: 1000,
        amountWithTax: 800,
        amountWithoutTax: 0,
        tax: 200,
        currency: 'USD',
        storeId: 'store',
        phoneNumber: '+593991234567',
        email: 'a@b.ec',
        documentId: '9999999999',
        lang: 'es',
      }),
    });
  });

  it('reports the missing parameters instead of mounting a broken box', () => {
    expect(boxConfigFromParams('?amount=100')).toEqual({
      ok: false,
      missing: ['transaction', 'token', 'storeId'],
    });
    expect(boxConfigFromParams('')).toMatchObject({ ok: false });
  });
});
