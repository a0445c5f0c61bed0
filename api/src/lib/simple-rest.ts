// The list conventions of react-admin's ra-data-simple-rest, shared by the staff
// resources (packages, past raffles, resellers, users): `sort=["field","ASC"]`,
// `range=[0,9]`, `filter={"q":"…"}` answered with a JSON array and a
// `Content-Range: <resource> 0-9/42` header. A plain GET without them gets the whole
// array, as SPEC §7's calls expect. These collections are small (tens of records), so
// sorting and paging happen in memory over the whole list.
import { STAFF_API_MESSAGES } from '@vag/contracts';
import type { Context } from 'hono';
import { apiError } from './errors';

export interface ListQuery {
  sort?: { field: string; order: 'ASC' | 'DESC' };
  range?: { start: number; end: number };
  filter: Record<string, unknown>;
}

export class ListQueryError extends Error {}

function parseJson(raw: string, what: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new ListQueryError(what);
  }
}

/** Reads sort/range/filter (and a bare `q`) from query parameters; throws ListQueryError naming the bad one. */
export function parseListQuery(query: Record<string, string | undefined>): ListQuery {
  const result: ListQuery = { filter: {} };
  if (query.sort) {
    const sort = parseJson(query.sort, 'sort');
    if (
      !Array.isArray(sort) ||
      typeof sort[0] !== 'string' ||
      (sort[1] !== undefined && typeof sort[1] !== 'string')
    ) {
      throw new ListQueryError('sort');
    }
    result.sort = {
      field: sort[0],
      order: String(sort[1] ?? 'ASC').toUpperCase() === 'DESC' ? 'DESC' : 'ASC',
    };
  }
  if (query.range) {
    const range = parseJson(query.range, 'range');
    if (
      !Array.isArray(range) ||
      !Number.isInteger(range[0]) ||
      !Number.isInteger(range[1]) ||
      range[0] < 0 ||
      range[1] < range[0]
    ) {
      throw new ListQueryError('range');
    }
    result.range = { start: range[0] as number, end: range[1] as number };
  }
  if (query.filter) {
    const filter = parseJson(query.filter, 'filter');
    if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
      throw new ListQueryError('filter');
    result.filter = filter as Record<string, unknown>;
  }
  if (query.q !== undefined && result.filter.q === undefined) result.filter.q = query.q;
  return result;
}

export interface ListPage<T> {
  items: T[];
  total: number;
  start: number;
}

function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function matches(record: Record<string, unknown>, key: string, wanted: unknown): boolean {
  const value = record[key];
  if (Array.isArray(wanted)) return wanted.some((w) => String(w) === String(value));
  if (wanted === null || wanted === undefined || wanted === '') return true;
  return String(value) === String(wanted);
}

/** Filters, sorts and slices records. `q` searches the given fields (case and accent insensitive); other keys match exactly. */
export function applyListQuery<T extends Record<string, unknown>>(
  records: readonly T[],
  query: ListQuery,
  searchFields: readonly (keyof T & string)[],
): ListPage<T> {
  let rows = records.filter((record) =>
    Object.entries(query.filter).every(([key, wanted]) => {
      if (key === 'q') {
        const needle = normalise(String(wanted ?? '').trim());
        return (
          needle === '' ||
          searchFields.some((f) => normalise(String(record[f] ?? '')).includes(needle))
        );
      }
      return matches(record, key, wanted);
    }),
  );
  if (query.sort) {
    const { field, order } = query.sort;
    const sign = order === 'DESC' ? -1 : 1;
    rows = [...rows].sort((a, b) => sign * compare(a[field], b[field]));
  }
  const total = rows.length;
  if (!query.range) return { items: rows, total, start: 0 };
  const { start, end } = query.range;
  return { items: rows.slice(start, end + 1), total, start };
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return -1;
  if (b === undefined || b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  return String(a).localeCompare(String(b), 'es', { numeric: true, sensitivity: 'base' });
}

// `packages 0-9/42`, or `packages */0` for an empty page (nothing to number).
export function contentRange(
  resource: string,
  page: Pick<ListPage<unknown>, 'items' | 'total' | 'start'>,
): string {
  if (page.items.length === 0) return `${resource} */${page.total}`;
  return `${resource} ${page.start}-${page.start + page.items.length - 1}/${page.total}`;
}

/** react-admin identifies records by `id`; our documents use `_id`. Responses carry both. */
export function withId<T extends { _id: unknown }>(doc: T): T & { id: T['_id'] } {
  return { ...doc, id: doc._id };
}

/**
 * Answers a list call: the filtered, sorted page as a JSON array with its Content-Range
 * header. A malformed sort/range/filter answers 400 naming the parameter.
 */
export function listResponse<T extends Record<string, unknown>>(
  c: Context,
  resource: string,
  records: readonly T[],
  searchFields: readonly (keyof T & string)[],
): Response {
  let query: ListQuery;
  try {
    query = parseListQuery(c.req.query());
  } catch (error) {
    if (error instanceof ListQueryError) {
      throw apiError(400, STAFF_API_MESSAGES.invalidListQuery, {
        [error.message]: STAFF_API_MESSAGES.invalidListQuery,
      });
    }
    throw error;
  }
  const page = applyListQuery(records, query, searchFields);
  c.header('Content-Range', contentRange(resource, page));
  c.header('Access-Control-Expose-Headers', 'Content-Range');
  return c.json(page.items);
}
