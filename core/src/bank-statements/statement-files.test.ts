// Each fixture is a shape of file Ecuadorian online banking exports (named by shape, not
// by bank): read, columns guessed from the headers, every movement read with its row.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BANK_STATEMENT_TEXTS,
  STATEMENT_MAX_ROWS,
  STATEMENT_MAX_ZIP_ENTRIES,
} from '@vag/contracts';
import { xlsxWithParts, xlsxWithRows, xlsxZipBomb } from '../testing/zip-bomb';
import { guessMapping } from './guess-columns';
import { readStatementFile, StatementError } from './read-file';
import { statementLines } from './statement';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

async function linesOf(name: string) {
  const file = await readStatementFile(fixture(name));
  const mapping = guessMapping(file.rows);
  expect(mapping, `a mapping for ${name}`).not.toBeNull();
  return {
    file,
    mapping: mapping!,
    lines: statementLines({ file, mapping: mapping!, remembered: false }),
  };
}

async function refusal(data: Buffer | string): Promise<string> {
  try {
    const file = await readStatementFile(Buffer.isBuffer(data) ? data : Buffer.from(data));
    const mapping = guessMapping(file.rows);
    if (!mapping) return BANK_STATEMENT_TEXTS.errors.notStatement;
    statementLines({ file, mapping, remembered: false });
  } catch (error) {
    if (error instanceof StatementError) return error.message;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('statement files', () => {
  it('semicolon, windows-1252, title lines, a C/D column and decimal commas with thousands', async () => {
    const { file, mapping, lines } = await linesOf('semicolon-latin1-decimal-comma.csv');
    expect(file.encoding).toBe('windows-1252');
    expect(mapping).toMatchObject({
      headerRow: 5,
      date: 0,
      description: 1,
      kind: 2,
      reference: 3,
      amount: 5,
      decimalSeparator: ',',
      dateFormat: 'DD/MM/YYYY',
    });
    // 'SALDO ANTERIOR' (no amount) and the totals line (no date) are no movements.
    expect(lines.map((l) => [l.row, l.date, l.cents])).toEqual([
      [8, '2026-11-27', 1050],
      [9, '2026-11-27', 123456],
      [10, '2026-11-28', -41],
      [11, '2026-11-28', 2500],
    ]);
    expect(lines[0]!.description).toBe('TRANSFERENCIA DE JOSÉ PÉREZ NÚÑEZ VAG-7KQ4MZ');
    expect(lines[0]!.reference).toBe('0012345');
  });

  it('comma, UTF-8 with BOM, quoted "1,234.56", signed amounts and ISO dates', async () => {
    const { file, mapping, lines } = await linesOf('comma-utf8-bom-signed-amount.csv');
    expect(file.encoding).toBe('utf-8');
    expect(file.rows[0]![0]).toBe('Fecha');
    expect(mapping).toMatchObject({
      headerRow: 0,
      description: 1,
      reference: 2,
      amount: 3,
      decimalSeparator: '.',
    });
    expect(lines.map((l) => [l.row, l.date, l.cents, l.reference])).toEqual([
      [2, '2026-11-27', 1050, 'VAG7KQ4MZ'],
      [3, '2026-11-27', -1200, '991234'],
      [4, '2026-11-28', 123456, 'VAG-3HD9TX'],
    ]);
  });

  it('tabs, dd-mm-yyyy and separate Débito / Crédito columns', async () => {
    const { mapping, lines } = await linesOf('tab-credit-debit-columns.txt');
    expect(mapping).toMatchObject({
      headerRow: 2,
      amount: null,
      debit: 3,
      credit: 4,
      reference: 2,
    });
    expect(lines.map((l) => [l.row, l.date, l.cents])).toEqual([
      [4, '2026-11-27', 1050],
      [5, '2026-11-27', -10000],
      [6, '2026-11-28', 123456],
    ]);
  });

  it('one amount column with CR / DR marks and parentheses, two-digit years', async () => {
    const { lines } = await linesOf('semicolon-cr-dr-marks.csv');
    expect(lines.map((l) => [l.date, l.cents])).toEqual([
      ['2026-11-27', 1050],
      ['2026-11-27', -41],
      ['2026-11-28', -200],
      ['2026-11-28', 123456],
    ]);
  });

  it('Excel (.xlsx) with title rows, real dates and number cells in debit/credit columns', async () => {
    const { file, mapping, lines } = await linesOf('title-rows-credit-debit.xlsx');
    expect(file.encoding).toBe('xlsx');
    expect(mapping).toMatchObject({
      headerRow: 4,
      date: 0,
      description: 1,
      reference: 2,
      debit: 3,
      credit: 4,
    });
    expect(lines.map((l) => [l.row, l.date, l.cents, l.reference])).toEqual([
      [6, '2026-11-27', 1050, '771001'],
      [7, '2026-11-27', -10000, '771002'],
      [8, '2026-11-28', 123456, 'VAG-3HD9TX'],
    ]);
  });
});

describe('files that are refused, with the row named', () => {
  const E = BANK_STATEMENT_TEXTS.errors;

  it('an empty file', async () => {
    expect(await refusal(fixture('empty.csv'))).toBe(E.empty);
    expect(await refusal('\n\n;;\n')).toBe(E.empty);
  });

  it('a CSV that is no statement', async () => {
    expect(await refusal(fixture('not-a-statement.csv'))).toBe(E.notStatement);
  });

  it('an image or an old .xls', async () => {
    expect(await refusal(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x00, 0x0d]))).toBe(
      E.unreadable,
    );
    expect(await refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBe(E.unreadable);
  });

  it('a file over 10 MB', async () => {
    expect(await refusal(Buffer.alloc(10 * 1024 * 1024 + 1, 0x41))).toBe(E.tooLarge);
  });

  it('a file over the row limit', async () => {
    const text = 'Fecha;Concepto;Monto\n' + '27/11/2026;X;1,00\n'.repeat(STATEMENT_MAX_ROWS + 1);
    expect(await refusal(text)).toBe(E.tooManyRows(STATEMENT_MAX_ROWS + 2));
  });

  it('an Excel file that unzips to more than a statement holds, stopped while unzipping', async () => {
    expect(await refusal(xlsxZipBomb(300))).toBe(E.unzippedTooLarge);
    expect(await refusal(xlsxWithRows(STATEMENT_MAX_ROWS + 1))).toBe(E.moreRowsThanMax);
    expect(await refusal(xlsxWithParts(STATEMENT_MAX_ZIP_ENTRIES))).toBe(E.tooManyParts);
  });

  it('an amount in an unknown format', async () => {
    expect(await refusal(fixture('broken-row-amount-format.csv'))).toBe(
      E.fileRefused(E.badAmount(3, '12.50'), 0),
    );
  });

  it('a date that does not exist', async () => {
    expect(await refusal(fixture('broken-row-date.csv'))).toBe(
      E.fileRefused(E.badDate(3, '31/02/2026'), 0),
    );
  });

  it('a row that names an order but has no date', async () => {
    const text = 'Fecha;Concepto;Monto\n27/11/2026;PAGO VAG-7KQ4MZ;10,50\n;PAGO VAG-3HD9TX;12,50\n';
    expect(await refusal(text)).toBe(E.fileRefused(E.badDate(3, ''), 0));
  });
});
