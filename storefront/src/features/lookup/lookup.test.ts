import { VALIDATION } from '@vag/contracts';
import { describe, expect, it } from 'vitest';
import type { PurchaseLookup } from '@vag/contracts';
import {
  groupByRaffle,
  lookupEmailError,
  lookupFromUrl,
  lookupPath,
  purchasesFromResponse,
} from './lookup';

describe('lookup', () => {
  it('reads the purchases from either answer shape', () => {
    expect(purchasesFromResponse({ purchases: [{ status: 'COMPLETED' }] })).toHaveLength(1);
    expect(purchasesFromResponse([{ status: 'PENDING' }, { status: 'COMPLETED' }])).toHaveLength(2);
    expect(purchasesFromResponse(null)).toEqual([]);
  });
  it('encodes the e-mail, lowercased, and the list link token', () => {
    expect(lookupPath(' Ana+1@Correo.ec ', 'abc.d-_')).toBe(
      '/purchases/by-email/ana%2B1%40correo.ec?token=abc.d-_',
    );
  });
  it('reads the list link (?email=…&consulta=…) from the address', () => {
    expect(lookupFromUrl('?email=ana%40correo.ec&consulta=t0k.en')).toEqual({
      email: 'ana@correo.ec',
      token: 't0k.en',
    });
    expect(lookupFromUrl('?email=ana%40correo.ec')).toEqual({
      email: 'ana@correo.ec',
      token: null,
    });
  });
});

describe('lookupEmailError', () => {
  it('answers in Spanish for an empty or malformed e-mail, never the browser default', () => {
    expect(lookupEmailError('  ')).toBe(VALIDATION.emailRequired);
    expect(lookupEmailError('ana@correo')).toBe(VALIDATION.emailInvalid);
    expect(lookupEmailError(' ana@correo.ec ')).toBeNull();
  });
});

describe('groupByRaffle', () => {
  const bought = (raffleId: string, raffleName: string, quantity: number) =>
    ({ raffleId, raffleName, quantity }) as PurchaseLookup;

  it("puts each raffle's purchases under its name, raffles in the order of their newest purchase", () => {
    const groups = groupByRaffle([
      bought('r-b', 'Rifa Express', 1),
      bought('current', 'Gran Rifa', 5),
      bought('r-b', 'Rifa Express', 2),
    ]);
    expect(groups.map((g) => [g.raffleName, g.purchases.map((p) => p.quantity)])).toEqual([
      ['Rifa Express', [1, 2]],
      ['Gran Rifa', [5]],
    ]);
    expect(groupByRaffle([])).toEqual([]);
  });
});
