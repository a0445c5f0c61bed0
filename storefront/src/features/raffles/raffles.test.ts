import type { RaffleSummary } from '@vag/contracts';
import { describe, expect, it } from 'vitest';
import { closesIn, otherRafflesOnSale, soldShare } from './raffles';

const summary = (over: Partial<RaffleSummary>): RaffleSummary => ({
  _id: 'r',
  id: 'r',
  slug: 'r',
  numberMode: 'random',
  name: 'Rifa',
  prize: 'Moto',
  description: '',
  imageUrl: '',
  pricePerNumber: 1,
  endDate: '2026-12-24T00:00:00.000Z',
  totalNumbers: 100,
  status: 'on_sale',
  featured: false,
  sold: 0,
  percentage: 0,
  ...over,
});

describe('the home cards', () => {
  it('show the raffles on sale other than the featured one, in the order given', () => {
    const raffles = [
      summary({ slug: 'gran', featured: true }),
      summary({ slug: 'express' }),
      summary({ slug: 'cerrada', status: 'closed' }),
      summary({ slug: 'sorteada', status: 'drawn' }),
      summary({ slug: 'moto' }),
    ];
    expect(otherRafflesOnSale(raffles).map((r) => r.slug)).toEqual(['express', 'moto']);
    expect(otherRafflesOnSale([summary({ featured: true })])).toEqual([]);
  });
  it('say the share sold and how long the sale lasts', () => {
    expect(soldShare({ percentage: 45.5 })).toBe('45,50% vendido');
    const now = Date.parse('2026-12-01T00:00:00Z');
    expect(closesIn('2026-12-24T00:00:00Z', now)).toBe('Cierra en 23 días');
    expect(closesIn('2026-12-02T05:20:00Z', now)).toBe('Cierra en 29 h 20 min');
    expect(closesIn('2026-12-01T00:00:30Z', now)).toBe('Cierra en 1 min');
    expect(closesIn('2026-11-30T00:00:00Z', now)).toBe('Venta terminada');
  });
});
