import { describe, expect, it } from 'vitest';
import { resourcePath, toPayload, withId } from './dataProvider';

describe('dataProvider record mapping', () => {
  it("exposes the api's _id as react-admin's id", () => {
    expect(withId({ _id: 'abc', name: 'Básico' })).toEqual({
      _id: 'abc',
      id: 'abc',
      name: 'Básico',
    });
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

  it('serves the rifas screen from /api/past-raffles', () => {
    expect(resourcePath('rifas')).toBe('past-raffles');
    expect(resourcePath('packages')).toBe('packages');
  });
});
