import { describe, expect, it } from 'vitest';
import { heroFormToInput, parsePrice, raffleToHeroForm } from './hero';

describe('hero form', () => {
  it('maps mainPrize to prize and price to pricePerNumber, endDate to ISO', () => {
    expect(
      heroFormToInput({
        name: ' Gran Rifa ',
        mainPrize: 'Auto',
        price: '1.50',
        endDate: '2026-12-24',
        imageUrl: 'https://x.ec/a.jpg',
      }),
    ).toEqual({
      name: 'Gran Rifa',
      prize: 'Auto',
      pricePerNumber: 1.5,
      imageUrl: 'https://x.ec/a.jpg',
      endDate: '2026-12-25T04:59:59.000Z',
    });
  });
  it('reads an empty price as 0 and a comma as decimal point', () => {
    expect(parsePrice('')).toBe(0);
    expect(parsePrice('abc')).toBe(0);
    expect(parsePrice('2,5')).toBe(2.5);
    expect(parsePrice(3)).toBe(3);
  });
  it('has no end date when the date input is empty', () => {
    expect(
      heroFormToInput({ name: 'a', mainPrize: 'b', price: '', endDate: '', imageUrl: '' }).endDate,
    ).toBeNull();
  });
  it('fills the form from the raffle', () => {
    expect(
      raffleToHeroForm({
        name: 'R',
        prize: 'Moto',
        pricePerNumber: 2,
        imageUrl: '',
        endDate: '2026-12-25T04:59:59.000Z',
      }),
    ).toEqual({ name: 'R', mainPrize: 'Moto', price: '2', endDate: '2026-12-24', imageUrl: '' });
  });
});
