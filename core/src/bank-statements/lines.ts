// The movements of a statement under a column mapping. Rows without a date or without
// any amount are the statement's own furniture (blank lines, "Saldo anterior", totals at
// the foot) and are skipped, unless they name an order code: then they are a broken
// movement, reported with its row like any other row that cannot be read.
import { BANK_STATEMENT_TEXTS, type ColumnMapping } from '@vag/contracts';
import { cellText, type Cell } from './read-file';
import { parseAmount, parseDate } from './values';
import { mentionsOrderCode } from './match';

export interface ParsedLine {
  /** The file's row number (1-based). */
  row: number;
  date: string;
  description: string;
  reference: string;
  /** Signed cents: credits positive. */
  cents: number;
}

export interface RowError {
  row: number;
  message: string;
}

export interface ParsedLines {
  lines: ParsedLine[];
  errors: RowError[];
}

const E = BANK_STATEMENT_TEXTS.errors;
const CREDIT_WORDS = /^(C|CR|CRED|CREDITO|NC|ABONO|DEPOSITO|INGRESO|\+)$/;
const DEBIT_WORDS = /^(D|DR|DB|DEB|DEBITO|ND|CARGO|RETIRO|EGRESO|-)$/;

/** The columns a mapping names that this header row lacks (0-based), for a clear refusal. */
export function missingColumn(mapping: ColumnMapping, header: Cell[]): number | null {
  const used = [
    mapping.date,
    mapping.description,
    mapping.reference,
    mapping.amount,
    mapping.credit,
    mapping.debit,
    mapping.kind,
  ];
  const width = Math.max(header.length, 1);
  for (const column of used)
    if (column !== null && column !== undefined && column >= width) return column;
  return null;
}

export function parseLines(rows: Cell[][], mapping: ColumnMapping): ParsedLines {
  const lines: ParsedLine[] = [];
  const errors: RowError[] = [];
  for (let index = mapping.headerRow + 1; index < rows.length; index++) {
    const outcome = parseRow(rows[index] ?? [], index + 1, mapping);
    if (outcome === null) continue;
    if ('message' in outcome) errors.push(outcome);
    else lines.push(outcome);
  }
  return { lines, errors };
}

/** The line of one row, why it cannot be read, or null for a row that is no movement. */
export function parseRow(
  cells: Cell[],
  row: number,
  mapping: ColumnMapping,
): ParsedLine | RowError | null {
  const text = (column: number | null | undefined) =>
    column === null || column === undefined ? '' : cellText(cells[column]).replace(/\s+/g, ' ');
  const description = text(mapping.description);
  const reference = text(mapping.reference);
  const dateCell = cells[mapping.date] ?? '';
  const dateText = cellText(dateCell);
  const named = mentionsOrderCode(`${description} ${reference}`);
  if (dateText === '' || (typeof dateCell === 'string' && !/\d/.test(dateText)))
    return named ? { row, message: E.badDate(row, dateText) } : null;
  const date = parseDate(dateCell, mapping.dateFormat);
  if (!date) return { row, message: E.badDate(row, dateText) };
  const cents = amountOf(cells, row, mapping);
  if (cents === null) return named ? { row, message: E.noAmount(row) } : null;
  if (typeof cents !== 'number') return cents;
  return { row, date, description, reference, cents };
}

/** Signed cents; null when the row has no amount at all (a balance line, not a movement). */
function amountOf(cells: Cell[], row: number, mapping: ColumnMapping): number | RowError | null {
  const { decimalSeparator: sep } = mapping;
  if (mapping.amount !== null) {
    const cell = cells[mapping.amount] ?? '';
    if (cellText(cell) === '') return null;
    const cents = parseAmount(cell, sep);
    if (cents === null) return { row, message: E.badAmount(row, cellText(cell)) };
    return signedByKind(cents, cells, row, mapping);
  }
  const credit = moneyIn(cells, mapping.credit, sep);
  const debit = moneyIn(cells, mapping.debit, sep);
  if (credit === 'bad') return { row, message: E.badAmount(row, cellText(cells[mapping.credit!])) };
  if (debit === 'bad') return { row, message: E.badAmount(row, cellText(cells[mapping.debit!])) };
  if (credit === null && debit === null) return null;
  // Banks write a debit as a positive number in its own column, some with a minus.
  return (credit ?? 0) - Math.abs(debit ?? 0);
}

function moneyIn(cells: Cell[], column: number | null, sep: ',' | '.'): number | null | 'bad' {
  if (column === null) return null;
  const cell = cells[column] ?? '';
  if (cellText(cell) === '') return null;
  const cents = parseAmount(cell, sep);
  if (cents === null) return 'bad';
  return cents === 0 ? null : cents;
}

function signedByKind(
  cents: number,
  cells: Cell[],
  row: number,
  mapping: ColumnMapping,
): number | RowError {
  if (mapping.kind === null || mapping.kind === undefined) return cents;
  const word = cellText(cells[mapping.kind])
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[.\s]/g, '');
  if (CREDIT_WORDS.test(word)) return Math.abs(cents);
  if (DEBIT_WORDS.test(word)) return -Math.abs(cents);
  return {
    row,
    message: E.badAmount(
      row,
      `${cellText(cells[mapping.kind])} ${cellText(cells[mapping.amount!])}`,
    ),
  };
}
