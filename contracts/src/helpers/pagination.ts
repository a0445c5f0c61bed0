// Purchase-history paging (SPEC §9): page size 10, page buttons with ellipses.
import { PAGE_SIZE, PAGINATION_FULL_LIMIT, PURCHASE_ID_PREVIEW_LENGTH } from '../constants';
import { UI } from '../messages';

export const ELLIPSIS = '…';
export type PageItem = number | typeof ELLIPSIS;

/** A purchase id in the table: its first 8 characters plus an ellipsis. */
export function truncateId(id: string): string {
  return id.length > PURCHASE_ID_PREVIEW_LENGTH
    ? `${id.slice(0, PURCHASE_ID_PREVIEW_LENGTH)}${ELLIPSIS}`
    : id;
}

/**
 * Page buttons: every page when there are 7 or fewer; otherwise the first five near the
 * start, the last five near the end, the neighbours in the middle, with the first and
 * last page always reachable.
 */
export function paginationWindow(current: number, totalPages: number): PageItem[] {
  const total = Math.max(0, Math.trunc(totalPages));
  if (total <= PAGINATION_FULL_LIMIT) return Array.from({ length: total }, (_, i) => i + 1);
  const page = Math.min(Math.max(1, Math.trunc(current)), total);
  if (page <= 3) return [1, 2, 3, 4, 5, ELLIPSIS, total];
  if (page >= total - 2) return [1, ELLIPSIS, total - 4, total - 3, total - 2, total - 1, total];
  return [1, ELLIPSIS, page - 1, page, page + 1, ELLIPSIS, total];
}

export interface PageSlice<T> {
  items: T[];
  /** 1-based page actually shown (clamped). */
  page: number;
  totalPages: number;
  /** 1-based position of the first item shown, 0 when empty. */
  from: number;
  to: number;
  total: number;
}

/** The items of one 1-based page. */
export function pageSlice<T>(
  items: readonly T[],
  page: number,
  pageSize: number = PAGE_SIZE,
): PageSlice<T> {
  const total = items.length;
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), totalPages);
  const start = (current - 1) * pageSize;
  const shown = items.slice(start, start + pageSize);
  return {
    items: shown,
    page: current,
    totalPages,
    from: total ? start + 1 : 0,
    to: start + shown.length,
    total,
  };
}

/** 'Mostrando 11-20 de 35 compras'. */
export function showingText(slice: Pick<PageSlice<unknown>, 'from' | 'to' | 'total'>): string {
  return UI.showing(slice.from, slice.to, slice.total);
}
