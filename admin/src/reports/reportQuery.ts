// GET /api/admin/reports query string: empty filters are omitted (SPEC §7), 'all' (and
// 'todas' for the raffle) means no filter, and format asks for the PDF or Excel export.
import { ALL_RAFFLES, type ReportFormat } from '@vag/contracts';

const ANY = new Set(['all', ALL_RAFFLES]);

export interface ReportFilters {
  /** A raffle id, or 'todas'. */
  raffleId?: string;
  startDate?: string;
  endDate?: string;
  method?: string;
  reseller?: string;
  packageType?: string;
  status?: string;
}

/** The query of the filters; `page` (from 1) asks for one page of the screen's rows. */
export function reportQuery(filters: ReportFilters, format?: ReportFormat, page?: number): string {
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(filters)) {
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value && !ANY.has(value)) params.set(key, value);
  }
  if (format) params.set('format', format);
  else if (page && page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
