// Turns the reports query into a purchases filter: one raffle's ('todas' or none: every
// raffle's). Dates are Ecuador calendar days
// (UTC-5 all year, no daylight saving), both ends inclusive. A reseller only ever gets
// their own code, whatever reseller filter they send.
import { chosenRaffle, type PurchaseStatus, type ReportQuery } from '@vag/contracts';
import type { StaffUser } from '../../context';
import type { ReportFilter } from '@vag/core/db/report-facts';

const ECUADOR_OFFSET = '-05:00';
const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function startOf(value: string): Date {
  return DATE_ONLY.test(value) ? new Date(`${value}T00:00:00${ECUADOR_OFFSET}`) : new Date(value);
}

function endOf(value: string): Date {
  // The whole end day counts; a full date-time counts itself.
  return DATE_ONLY.test(value)
    ? new Date(startOf(value).getTime() + DAY_MS)
    : new Date(new Date(value).getTime() + 1);
}

export const STATUS_FILTERS: Record<NonNullable<ReportQuery['status']>, PurchaseStatus[]> = {
  PAID: ['COMPLETED'],
  PENDING: ['PENDING'],
  EXPIRED: ['EXPIRED'],
};

export function reportFilter(query: ReportQuery, staff: StaffUser): ReportFilter {
  const filter: ReportFilter = {};
  const raffleId = chosenRaffle(query.raffleId);
  if (raffleId) filter.raffleId = raffleId;
  if (query.startDate) filter.from = startOf(query.startDate);
  if (query.endDate) filter.until = endOf(query.endDate);
  if (query.method) filter.paymentMethod = query.method;
  if (query.packageType) filter.packageType = query.packageType;
  if (query.status) filter.statuses = STATUS_FILTERS[query.status];
  if (staff.role === 'reseller') {
    // No code means no purchases: '' never matches a stored code.
    filter.resellerCode = staff.code ?? '';
  } else if (query.reseller?.trim()) {
    filter.resellerCode = query.reseller.trim().toUpperCase();
  }
  return filter;
}
