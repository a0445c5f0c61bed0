import type { Raffle } from '@vag/contracts';
import { describe, expect, it } from 'vitest';
import { holdText, termsFigures } from './terms';

describe('termsFigures', () => {
  it("quotes the raffle's size, price and number range", () => {
    const raffle = {
      name: 'Gran Rifa',
      prize: 'Auto',
      totalNumbers: 10_000,
      numberWidth: 4,
      pricePerNumber: 1.5,
      endDate: '2026-12-25T04:59:59.000Z',
    } as Raffle;
    expect(termsFigures(raffle)).toEqual({
      name: 'Gran Rifa',
      prize: 'Auto',
      total: '10.000',
      price: '$1,50',
      endDate: '24/12/2026 23:59',
      digits: 4,
      first: '0000',
      last: '9999',
    });
    expect(termsFigures(null)).toBeNull();
  });
});

describe('holdText', () => {
  it('says minutes or hours', () => {
    expect([15, 30, 60, 2880].map(holdText)).toEqual([
      '15 minutos',
      '30 minutos',
      '1 hora',
      '48 horas',
    ]);
  });
});
