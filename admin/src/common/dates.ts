// Calendar days as staff read and type them (SPEC §9: dd/MM/yyyy, weeks start Monday),
// kept in the forms as yyyy-MM-dd. The browser's own date input follows the browser's
// language, not ours, so the admin draws its own Spanish calendar from these helpers.
import { isoToDateInput } from '@vag/contracts';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T/;
const TYPED_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const DIGITS_ONLY = /^(\d{2})(\d{2})(\d{4})$/;

/** Monday first, as Spanish calendars are printed. */
export const WEEKDAYS_ES = ['lu', 'ma', 'mi', 'ju', 'vi', 'sá', 'do'] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd of a calendar day (month0 is 0–11). */
export function isoDay(year: number, month0: number, day: number): string {
  return `${year}-${pad(month0 + 1)}-${pad(day)}`;
}

function isRealDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A stored date as yyyy-MM-dd: a calendar day as is, an instant on Ecuador's calendar. */
export function asDay(value: unknown): string {
  if (typeof value !== 'string') return '';
  const trimmed = value.trim();
  if (ISO_DAY.test(trimmed)) return trimmed;
  return ISO_INSTANT.test(trimmed) ? isoToDateInput(trimmed) : '';
}

/** '2026-05-10' → '10/05/2026'; anything else → ''. */
export function isoToDisplay(iso: string | null | undefined): string {
  const m = ISO_DAY.exec((iso ?? '').trim());
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/**
 * What a person typed ('10/05/2026', '1/5/2026', '10-05-2026', '10052026') as yyyy-MM-dd,
 * or null when it is not a real calendar day.
 */
export function displayToIso(text: string): string | null {
  const trimmed = text.trim();
  const m = TYPED_DAY.exec(trimmed) ?? DIGITS_ONLY.exec(trimmed);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isRealDay(year, month, day) ? isoDay(year, month - 1, day) : null;
}

/** The weeks of a month, Monday to Sunday, as yyyy-MM-dd (null outside the month). */
export function monthWeeks(year: number, month0: number): (string | null)[][] {
  const first = new Date(Date.UTC(year, month0, 1));
  const days = new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7; // Monday → 0 … Sunday → 6
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= days; d += 1) cells.push(isoDay(year, month0, d));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

const monthTitle = new Intl.DateTimeFormat('es', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Mayo de 2026'. */
export function monthLabel(year: number, month0: number): string {
  const text = monthTitle.format(new Date(Date.UTC(year, month0, 1)));
  return text.charAt(0).toUpperCase() + text.slice(1);
}
