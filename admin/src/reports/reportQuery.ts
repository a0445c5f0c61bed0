// GET /api/admin/reports query string: empty filters are omitted (SPEC §7), 'all' means
// no filter, and format asks for the PDF or Excel export.
import type { ReportFormat } from '@vag/contracts';

export interface ReportFilters {
  startDate?: string;
  endDate?: string;
  method?: string;
  reseller?: string;
  packageType?: string;
  status?: string;
}

export function reportQuery(filters: ReportFilters, format?: ReportFormat): string {
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(filters)) {
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value && value !== 'all') params.set(key, value);
  }
  if (format) params.set('format', format);
  const text = params.toString();
  return text ? `?${text}` : '';
}
