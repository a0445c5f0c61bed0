// Where the purchase history stands: 'Mostrando x-y de n compras' and SPEC §9's window of
// page buttons, from react-admin's page/perPage/total.
import { paginationWindow, type PageItem } from '@vag/contracts';

export interface PageRange {
  from: number;
  to: number;
  total: number;
  totalPages: number;
  items: PageItem[];
}

export function pageRange(page: number, perPage: number, total: number): PageRange {
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), totalPages);
  const from = total === 0 ? 0 : (current - 1) * perPage + 1;
  const to = Math.min(current * perPage, total);
  return { from, to, total, totalPages, items: paginationWindow(current, totalPages) };
}
