// Calendar days as the forms hold them (yyyy-MM-dd, '' when empty or not a real day) and as
// the date pickers handle them (a Date at local midnight), so a day never shifts with the
// browser's time zone.
import { isoToDateInput } from '@vag/contracts';
import { format, isValid, parse } from 'date-fns';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T/;
const DAY_FORMAT = 'yyyy-MM-dd';

/** A stored date as yyyy-MM-dd: a calendar day as is, an instant on Ecuador's calendar. */
export function asDay(value: unknown): string {
  if (typeof value !== 'string') return '';
  const trimmed = value.trim();
  if (ISO_DAY.test(trimmed)) return trimmed;
  return ISO_INSTANT.test(trimmed) ? isoToDateInput(trimmed) : '';
}

/** '2026-05-10' → that day at local midnight; '' or a day that does not exist → null. */
export function dayToDate(day: string): Date | null {
  if (!ISO_DAY.test(day)) return null;
  const date = parse(day, DAY_FORMAT, new Date());
  return isValid(date) ? date : null;
}

/** The picker's value as yyyy-MM-dd; nothing, or what is typed so far that is no day, → ''. */
export function dateToDay(date: Date | null): string {
  return date && isValid(date) ? format(date, DAY_FORMAT) : '';
}
