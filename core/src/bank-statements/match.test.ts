// The matching rules line by line: which codes a bank line names, and what it may do to
// the one order it names.
import { describe, expect, it } from 'vitest';
import { decide, findCodes, type OrderToMatch } from './match';

describe('findCodes', () => {
  it.each([
    ['TRANSFERENCIA VAG-7KQ4MZ', 'VAG-7KQ4MZ'],
    ['pago vag-7kq4mz gracias', 'VAG-7KQ4MZ'],
    ['VAG7KQ4MZ', 'VAG-7KQ4MZ'],
    ['VAG 7KQ4MZ', 'VAG-7KQ4MZ'],
    ['V A G - 7KQ4MZ', 'VAG-7KQ4MZ'],
    ['VAG-7KQ 4MZ', 'VAG-7KQ4MZ'],
    ['REF:VAG_7KQ4MZ/ANDREA', 'VAG-7KQ4MZ'],
    ['PAGO RIFA 7KQ4MZ', 'VAG-7KQ4MZ'],
  ])('finds the code in %j', (text, code) => {
    expect(findCodes(text).codes).toEqual([code]);
  });

  it('finds a code in the reference when the concept has none', () => {
    expect(findCodes('TRANSFERENCIA RECIBIDA', 'VAG-3HD9TX').codes).toEqual(['VAG-3HD9TX']);
  });

  it('names each code once, and every different code', () => {
    expect(findCodes('VAG-7KQ4MZ', 'vag7kq4mz').codes).toEqual(['VAG-7KQ4MZ']);
    expect(findCodes('VAG-7KQ4MZ Y VAG-3HD9TX').codes).toEqual(['VAG-7KQ4MZ', 'VAG-3HD9TX']);
  });

  it('a code the bank cut is no code, only its start', () => {
    expect(findCodes('TRANSFERENCIA DE JUAN PEREZ VAG-7KQ')).toEqual({ codes: [], cut: 'VAG-7KQ' });
    expect(findCodes('TRANSFERENCIA RECIBIDA VAG-7K')).toEqual({ codes: [], cut: 'VAG-7K' });
  });

  it('a cut code followed by the next word is not completed with its letters', () => {
    // "VAG-7KQ4M" then the buyer's name: 6 code characters only with a space between.
    expect(findCodes('VAG-7KQ4M ZAPATA').codes).toEqual([]);
  });

  it('words and numbers alone are no codes', () => {
    expect(findCodes('TRANSFERENCIA PAGADO', '00123456').codes).toEqual([]);
    expect(findCodes('DEPOSITO CAJERO 2345').codes).toEqual([]);
    expect(findCodes('PAGO 0O1I23').codes).toEqual([]);
  });
});

const order = (over: Partial<OrderToMatch> = {}): OrderToMatch => ({
  _id: 'p1',
  orderCode: 'VAG-7KQ4MZ',
  status: 'PENDING',
  totalPrice: 10.5,
  paymentMethod: 'bank_transfer',
  ...over,
});

describe('decide', () => {
  it('confirms the one unpaid transfer order of exactly that total', () => {
    expect(decide('line-1', 1050, [order()])).toEqual({ action: 'confirm', order: order() });
  });

  it('confirms an order whose hold ran out (late payment: new numbers or a refund, in apply-payment)', () => {
    expect(decide('line-1', 1050, [order({ status: 'EXPIRED' })]).action).toBe('confirm');
  });

  it('compares cents, not floating dollars', () => {
    expect(decide('line-1', 30, [order({ totalPrice: 0.1 + 0.2 })]).action).toBe('confirm');
  });

  it.each([
    [[], 1050, 'no_code'],
    [[order(), order({ _id: 'p2', orderCode: 'VAG-3HD9TX' })], 1050, 'two_candidates'],
    [[order()], 1049, 'amount_less'],
    [[order()], 1051, 'amount_more'],
    [[order({ status: 'COMPLETED' })], 1050, 'already_paid'],
    [[order({ status: 'REFUND_REQUIRED' })], 1050, 'already_paid'],
    [[order({ paymentMethod: 'paypal' })], 1050, 'other_method'],
  ] as const)('sends to review: %#', (orders, cents, reason) => {
    const decision = decide('line-1', cents, [...orders]);
    expect(decision).toMatchObject({ action: 'review', reason });
  });

  it('knows the order this very line paid before (an import run again)', () => {
    const paid = order({ status: 'COMPLETED', bankTransfer: { statementLineId: 'line-1' } });
    expect(decide('line-1', 1050, [paid]).action).toBe('done');
    expect(decide('line-2', 1050, [paid])).toMatchObject({
      action: 'review',
      reason: 'already_paid',
    });
  });

  it('counts what earlier short lines paid: the line bringing the rest confirms, one still short waits', () => {
    const short = order({ shortPayment: { receivedCents: 900, lines: { 'line-0': 900 } } });
    expect(decide('line-1', 150, [short]).action).toBe('confirm');
    expect(decide('line-1', 100, [short])).toMatchObject({ reason: 'amount_less' });
    // The same short line looked at again is not counted twice.
    expect(decide('line-0', 900, [short])).toMatchObject({ reason: 'amount_less' });
  });

  it('recognises the payment staff confirmed by hand with the reference the line carries', () => {
    const byHand = order({
      status: 'COMPLETED',
      bankTransfer: { referenceCode: '00-4481', confirmedBy: 'reseller@x.ec' },
    });
    const texts = { reference: '004481', description: 'TRANSF VAG-7KQ4MZ' };
    expect(decide('line-1', 1050, [byHand], texts).action).toBe('recognised');
    expect(decide('line-1', 1000, [byHand], texts)).toMatchObject({ reason: 'already_paid' });
    expect(decide('line-1', 1050, [byHand], { ...texts, reference: '9999' })).toMatchObject({
      reason: 'already_paid',
    });
  });
});
