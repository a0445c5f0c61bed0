import { describe, expect, it } from 'vitest';
import {
  applyListQuery,
  contentRange,
  ListQueryError,
  parseListQuery,
  withId,
} from './simple-rest';

const people = [
  { id: 'a', name: 'Núñez Pérez', email: 'nunez@example.ec', active: true, n: 10 },
  { id: 'b', name: 'Andrea Vera', email: 'andrea@example.ec', active: false, n: 2 },
  { id: 'c', name: 'Carlos Mora', email: 'carlos@guayaquil.ec', active: true, n: 33 },
];

describe('parseListQuery', () => {
  it('reads react-admin sort, range and filter', () => {
    expect(
      parseListQuery({ sort: '["name","DESC"]', range: '[0,9]', filter: '{"q":"ana"}' }),
    ).toEqual({
      sort: { field: 'name', order: 'DESC' },
      range: { start: 0, end: 9 },
      filter: { q: 'ana' },
    });
  });

  it('takes a bare q parameter as the search filter', () => {
    expect(parseListQuery({ q: 'mora' }).filter).toEqual({ q: 'mora' });
  });

  it('gives an empty query when nothing is sent', () => {
    expect(parseListQuery({})).toEqual({ filter: {} });
  });

  it.each([
    ['sort', { sort: 'name' }],
    ['sort', { sort: '[1,"ASC"]' }],
    ['range', { range: '[5,2]' }],
    ['range', { range: '[-1,2]' }],
    ['range', { range: '{"a":1}' }],
    ['filter', { filter: '[1]' }],
    ['filter', { filter: '{bad' }],
  ])('rejects a malformed %s', (name, query) => {
    expect(() => parseListQuery(query)).toThrow(ListQueryError);
    expect(() => parseListQuery(query)).toThrow(name);
  });
});

describe('applyListQuery', () => {
  it('returns everything unsorted for an empty query', () => {
    const page = applyListQuery(people, { filter: {} }, ['name']);
    expect(page).toEqual({ items: people, total: 3, start: 0 });
  });

  it('searches the given fields ignoring case and accents', () => {
    const page = applyListQuery(people, { filter: { q: 'NUNEZ' } }, ['name', 'email']);
    expect(page.items.map((p) => p.id)).toEqual(['a']);
    expect(
      applyListQuery(people, { filter: { q: 'guayaquil' } }, ['name', 'email']).items.map(
        (p) => p.id,
      ),
    ).toEqual(['c']);
  });

  it('matches exact filters and id lists (getMany)', () => {
    expect(applyListQuery(people, { filter: { active: true } }, []).total).toBe(2);
    expect(
      applyListQuery(people, { filter: { id: ['b', 'c'] } }, []).items.map((p) => p.id),
    ).toEqual(['b', 'c']);
  });

  it('sorts numbers numerically and pages with an inclusive range', () => {
    const page = applyListQuery(
      people,
      { sort: { field: 'n', order: 'DESC' }, range: { start: 1, end: 1 }, filter: {} },
      [],
    );
    expect(page).toEqual({ items: [people[0]], total: 3, start: 1 });
    expect(contentRange('people', page)).toBe('people 1-1/3');
  });

  it('describes an empty page', () => {
    const page = applyListQuery(people, { range: { start: 10, end: 19 }, filter: {} }, []);
    expect(contentRange('people', page)).toBe('people */3');
  });
});

describe('withId', () => {
  it('copies _id into id', () => {
    expect(withId({ _id: 'x1', name: 'P' })).toEqual({ _id: 'x1', id: 'x1', name: 'P' });
  });
});
