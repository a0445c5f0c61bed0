// A first mapping of a statement's columns, read from its headers: the preview shows it
// and staff correct it when the bank named a column some other way. The header row is the
// first of the first rows that names a date and an amount (banks put the account holder,
// the account and the period in title lines above it).
import type { ColumnMapping, StatementDateFormat } from '@vag/contracts';
import { cellText, type Cell } from './read-file';
import { parseAmount } from './values';

type Field = 'date' | 'description' | 'reference' | 'amount' | 'credit' | 'debit' | 'kind';

/** Header words per field, without accents, lower case; the first field a header matches wins. */
const HEADER_WORDS: Array<[Field | 'ignored', RegExp]> = [
  ['ignored', /saldo|balance|oficina|agencia|sucursal|hora|canal|moneda/],
  ['date', /fecha|^date$|^dia$/],
  ['credit', /credito|abono|deposito|ingreso|haber|entrada/],
  ['debit', /debito|cargo|retiro|egreso|^debe$|salida/],
  ['kind', /^tipo$|^tipo \(?[cd]\/[cd]\)?$|^[cd]\/[cd]$|naturaleza/],
  ['description', /concepto|descripcion|detalle|glosa|motivo|observacion|beneficiario|ordenante/],
  ['reference', /referencia|documento|comprobante|^ref\b|secuencial|^no\.?$|^nro\.?$|numero/],
  ['amount', /monto|valor|importe|cantidad|^amount$/],
];

/** Rows looked at for the header, and below it for the formats. */
const HEADER_SEARCH_ROWS = 30;
const SAMPLE_ROWS = 200;

export function normalizeHeader(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

function fieldOf(header: string): Field | 'ignored' | null {
  const text = normalizeHeader(header);
  if (text === '') return null;
  for (const [field, words] of HEADER_WORDS) if (words.test(text)) return field;
  return null;
}

/** The columns the headers name; the first column wins when two name the same field. */
function columnsOf(row: Cell[]): Partial<Record<Field, number>> {
  const found: Partial<Record<Field, number>> = {};
  row.forEach((cell, index) => {
    const field = fieldOf(cellText(cell));
    if (field && field !== 'ignored' && found[field] === undefined) found[field] = index;
  });
  return found;
}

/** The guessed mapping, or null when no row of the first ones looks like a statement's header. */
export function guessMapping(rows: Cell[][]): ColumnMapping | null {
  for (let headerRow = 0; headerRow < Math.min(rows.length, HEADER_SEARCH_ROWS); headerRow++) {
    const found = columnsOf(rows[headerRow] ?? []);
    const hasMoney = found.amount !== undefined || found.credit !== undefined;
    const hasText = found.description !== undefined || found.reference !== undefined;
    if (found.date === undefined || !hasMoney || !hasText) continue;
    // A single amount column beside credit/debit columns: the two columns say more.
    const split = found.credit !== undefined;
    const body = rows.slice(headerRow + 1, headerRow + 1 + SAMPLE_ROWS);
    const moneyColumns = split ? [found.credit!, found.debit] : [found.amount!];
    return {
      headerRow,
      date: found.date,
      description: found.description ?? null,
      reference: found.reference ?? null,
      amount: split ? null : found.amount!,
      credit: split ? found.credit! : null,
      debit: split ? (found.debit ?? null) : null,
      ...(found.kind !== undefined && !split ? { kind: found.kind } : {}),
      dateFormat: guessDateFormat(body.map((row) => row[found.date!] ?? '')),
      decimalSeparator: guessDecimalSeparator(
        body.flatMap((row) => moneyColumns.flatMap((c) => (c === undefined ? [] : [row[c] ?? '']))),
      ),
    };
  }
  return null;
}

/** Day first (Ecuador's way) unless a year comes first or a second part above 12 says month first. */
export function guessDateFormat(cells: Cell[]): StatementDateFormat {
  let monthFirst = false;
  for (const cell of cells) {
    if (typeof cell !== 'string') continue;
    const parts = cell.trim().split(/[\sT]/)[0]!.split(/[/.-]/);
    if (parts.length !== 3) continue;
    if (parts[0]!.length === 4) return 'YYYY/MM/DD';
    if (Number(parts[0]) > 12) return 'DD/MM/YYYY';
    if (Number(parts[1]) > 12) monthFirst = true;
  }
  return monthFirst ? 'MM/DD/YYYY' : 'DD/MM/YYYY';
}

/** The separator under which more of the amounts read; on a tie, the one a value ends with. */
export function guessDecimalSeparator(cells: Cell[]): ',' | '.' {
  const texts = cells.filter((c): c is string => typeof c === 'string' && c.trim() !== '');
  const readable = (sep: ',' | '.') => texts.filter((t) => parseAmount(t, sep) !== null).length;
  const comma = readable(',');
  const point = readable('.');
  if (comma !== point) return comma > point ? ',' : '.';
  const endsWithComma = texts.filter((t) => /,\d{1,2}\D*$/.test(t)).length;
  const endsWithPoint = texts.filter((t) => /\.\d{1,2}\D*$/.test(t)).length;
  return endsWithComma > endsWithPoint ? ',' : '.';
}
