// The cell formats Ecuadorian bank exports use for money and dates. Strict on purpose: a
// value that could be read two ways is refused (null) rather than read the wrong way, so
// "12.50" under a decimal comma is an error naming its row, never 1 250 dollars.
import type { StatementDateFormat } from '@vag/contracts';
import type { Cell } from './read-file';

/** Excel counts days from 1899-12-30 (its 1900 leap-year bug included). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * Cents, signed: '-12,00', '12,00-', '(12,00)', '12,00 DR' are negative; '12,00 CR' and
 * '+12,00' positive. Thousand separators ('.' or ' ' under a decimal comma; ',' or ' '
 * under a decimal point) must group by three. null when the text is no amount in that format.
 */
export function parseAmount(cell: Cell, decimalSeparator: ',' | '.'): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? Math.round(cell * 100) : null;
  if (cell instanceof Date) return null;
  let text = cell
    .replace(/[\s\u00a0]+/g, ' ')
    .trim()
    .toUpperCase();
  if (text === '') return null;
  let sign = 1;
  const mark = /\s*(CR|DR|DB|C|D)\.?$/.exec(text);
  if (mark) {
    if (mark[1]!.startsWith('D')) sign = -sign;
    text = text.slice(0, mark.index).trim();
  }
  if (/^\(.*\)$/.test(text)) {
    sign = -sign;
    text = text.slice(1, -1).trim();
  }
  if (/^[-+]/.test(text)) {
    if (text.startsWith('-')) sign = -sign;
    text = text.slice(1).trim();
  } else if (/-$/.test(text)) {
    sign = -sign;
    text = text.slice(0, -1).trim();
  }
  text = text.replace(/^(US\$|USD|\$)\s*/, '').replace(/\s*(USD|\$)$/, '');
  const cents = unsignedCents(text, decimalSeparator);
  return cents === null ? null : sign * cents;
}

function unsignedCents(text: string, decimal: ',' | '.'): number | null {
  const group = decimal === ',' ? '[. ]' : '[, ]';
  const d = decimal === ',' ? ',' : '\\.';
  const shape = new RegExp(`^(\\d{1,3}(?:${group}\\d{3})+|\\d+)(?:${d}(\\d{1,2}))?$`);
  const match = shape.exec(text);
  if (!match) return null;
  const whole = Number(match[1]!.replace(/[^\d]/g, ''));
  const fraction = Number((match[2] ?? '0').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * YYYY-MM-DD. Texts follow the format's order of day, month and year with any of
 * '/', '-', '.' between them (a time after the date is ignored); a year-first text is
 * read as such whatever the format. Excel gives dates, or day serials in number cells.
 */
export function parseDate(cell: Cell, format: StatementDateFormat): string | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : isoDay(cell);
  if (typeof cell === 'number') return excelSerial(cell);
  const text = cell.trim().split(/[\sT]/)[0] ?? '';
  if (/^\d{5}(\.\d+)?$/.test(text)) return excelSerial(Number(text));
  const parts = text.split(/[/.-]/);
  if (parts.length !== 3 || !parts.every((p) => /^\d{1,4}$/.test(p))) return null;
  const [a, b, c] = parts.map(Number) as [number, number, number];
  if (parts[0]!.length === 4) return validDay(a, b, c);
  const year = parts[2]!.length === 2 ? 2000 + c : parts[2]!.length === 4 ? c : NaN;
  if (format === 'MM/DD/YYYY') return validDay(year, a, b);
  if (format === 'YYYY/MM/DD') return null;
  return validDay(year, b, a);
}

function excelSerial(serial: number): string | null {
  // 1990–2100: a serial outside it is some other number in the date column.
  if (serial < 32_874 || serial > 73_051) return null;
  return isoDay(new Date(EXCEL_EPOCH_MS + Math.floor(serial) * DAY_MS));
}

function validDay(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1990 || year > 2100) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return isoDay(date);
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
