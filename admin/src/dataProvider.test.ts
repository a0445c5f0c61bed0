import { describe, expect, it } from 'vitest';
import { recordOf, resourcePath, toPayload, withId } from './dataProvider';

describe('dataProvider record mapping', () => {
  it("exposes the api's _id as react-admin's id", () => {
    expect(withId({ _id: 'abc', name: 'Básico' })).toEqual({
      _id: 'abc',
      id: 'abc',
      name: 'Básico',
    });
  });

  it("caches a saved record as the api serves it, without the save's toast text", () => {
    const saved = { _id: 'abc', name: 'Oro', price: 22.5, msg: 'Paquete actualizado' };
    expect(recordOf(saved)).toEqual({ _id: 'abc', id: 'abc', name: 'Oro', price: 22.5 });
  });

  it('never sends ids or timestamps back to the api', () => {
    expect(
      toPayload({
        id: 'abc',
        _id: 'abc',
        createdAt: 'x',
        updatedAt: 'y',
        name: 'Básico',
        price: 5,
      }),
    ).toEqual({
      name: 'Básico',
      price: 5,
    });
  });

  it('serves the archive (Rifas anteriores) from /api/past-raffles', () => {
    expect(resourcePath('archive')).toBe('past-raffles');
    expect(resourcePath('packages')).toBe('packages');
  });

  it("serves a raffle's packages from /api/raffles/{id}/packages", () => {
    expect(resourcePath('packages', { raffleId: 'abc-1' })).toBe('raffles/abc-1/packages');
    expect(resourcePath('packages', {})).toBe('packages');
  });
});
