// Dates as Ecuador shows them (SPEC §9: dd/MM/yyyy HH:mm), whatever the machine's zone.
import { LOCALE, TIME_ZONE } from '../constants';

const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Only ISO-looking text is read as a date: engines parse loose text ('Mayo 2023') unpredictably. */
const ISO_START = /^\d{4}-\d{2}-\d{2}(?:[T ]|$)/;

function toDate(value: string | number | Date): Date | null {
  if (typeof value === 'string' && !ISO_START.test(value.trim())) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The parts of an instant on the Guayaquil wall clock. */
export function ecuadorParts(
  value: string | number | Date,
): { year: string; month: string; day: string; hour: string; minute: string } | null {
  const date = toDate(value);
  if (!date) return null;
  const parts: Record<string, string> = {};
  for (const part of dateTimeFormat.formatToParts(date)) parts[part.type] = part.value;
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour === '24' ? '00' : (parts.hour ?? ''),
    minute: parts.minute ?? '',
  };
}

/** '05/03/2026 14:07' in America/Guayaquil; an unparseable value comes back unchanged. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const p = ecuadorParts(value);
  if (!p) return String(value);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/**
 * '05/03/2026'. A plain calendar date ('2026-03-05') is shown as written, not shifted by
 * time zones; an instant is shown on the Guayaquil calendar; other text comes back as is.
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value.trim());
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  const p = ecuadorParts(value);
  if (!p) return String(value);
  return `${p.day}/${p.month}/${p.year}`;
}

/** The Guayaquil calendar day of an instant, as yyyy-MM-dd (for daily report buckets). */
export function ecuadorDay(value: string | number | Date): string | null {
  const p = ecuadorParts(value);
  return p ? `${p.year}-${p.month}-${p.day}` : null;
}

/**
 * A date input's yyyy-MM-dd as an ISO instant: the end of that day in Ecuador
 * (UTC−5, no daylight saving), used by the hero form's endDate (SPEC §5).
 */
export function ecuadorEndOfDayIso(day: string): string | null {
  const m = DATE_ONLY.exec(day.trim());
  if (!m) return null;
  const date = new Date(`${m[1]}-${m[2]}-${m[3]}T23:59:59.000-05:00`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** An ISO instant as the yyyy-MM-dd of a date input, on the Guayaquil calendar. */
export function isoToDateInput(iso: string | null | undefined): string {
  if (!iso) return '';
  return ecuadorDay(iso) ?? '';
}

/**
 * A stored name as our messages print it: one line, any run of spaces, line breaks, tabs
 * or control characters made one space. The checkout refuses such names (buyer.ts), but
 * purchases written before that rule may hold them.
 */
export function nameInOneLine(name: string): string {
  return name.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;
const WEEKDAYS = [
  'domingo',
  'lunes',
  'martes',
  'miércoles',
  'jueves',
  'viernes',
  'sábado',
] as const;

/** '7 de diciembre de 2026, 14:05' on the Guayaquil clock (a document a person reads). */
export function formatSpokenDateTime(value: string | number | Date): string {
  const p = ecuadorParts(value);
  if (!p) return String(value);
  return `${Number(p.day)} de ${MONTHS[Number(p.month) - 1]} de ${p.year}, ${p.hour}:${p.minute}`;
}

/** 'domingo 13 de diciembre de 2026' for a calendar day 'yyyy-MM-dd' (no time zone moves it). */
export function formatSpokenDay(day: string): string {
  const m = DATE_ONLY.exec(day.trim());
  if (!m) return day;
  const weekday = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getUTCDay();
  return `${WEEKDAYS[weekday]} ${Number(m[3])} de ${MONTHS[Number(m[2]) - 1]} de ${m[1]}`;
}
