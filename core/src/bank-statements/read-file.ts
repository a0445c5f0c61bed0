// A statement file as rows of cells, whatever the bank exported: an Excel workbook (.xlsx,
// its first sheet) or a CSV in UTF-8 (with or without BOM) or windows-1252, separated by
// ';', ',', tabs or '|'. Cells keep what the file knew: Excel's dates and numbers stay
// typed, so a date cell never goes through a text format and back.
import { BANK_STATEMENT_TEXTS, STATEMENT_MAX_BYTES, STATEMENT_MAX_ROWS } from '@vag/contracts';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';

export type Cell = string | number | Date;

export interface StatementFile {
  /** 'utf-8', 'windows-1252' or 'xlsx'. */
  encoding: string;
  /** Row i is the file's row i + 1 (blank rows kept, so row numbers match the file). */
  rows: Cell[][];
}

/** A file that cannot be imported: `message` is the Spanish answer for staff. */
export class StatementError extends Error {}

const E = BANK_STATEMENT_TEXTS.errors;
const DELIMITERS = [';', ',', '\t', '|'];
/** Lines read to guess the delimiter: enough to get past the title lines. */
const SNIFF_LINES = 40;

export async function readStatementFile(data: Buffer): Promise<StatementFile> {
  if (data.length === 0) throw new StatementError(E.empty);
  if (data.length > STATEMENT_MAX_BYTES) throw new StatementError(E.tooLarge);
  const file = isZip(data) ? await readWorkbook(data) : readCsv(data);
  if (file.rows.length > STATEMENT_MAX_ROWS)
    throw new StatementError(E.tooManyRows(file.rows.length));
  if (file.rows.every((row) => row.every((cell) => cellText(cell) === '')))
    throw new StatementError(E.empty);
  return file;
}

/** How a cell reads as text (Excel dates as YYYY-MM-DD). */
export function cellText(cell: Cell | undefined): string {
  if (cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return typeof cell === 'number' ? String(cell) : cell.trim();
}

function isZip(data: Buffer): boolean {
  return data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
}

async function readWorkbook(data: Buffer): Promise<StatementFile> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new StatementError(E.unreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new StatementError(E.empty);
  if (sheet.rowCount > STATEMENT_MAX_ROWS) throw new StatementError(E.tooManyRows(sheet.rowCount));
  const rows: Cell[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    while (rows.length < number - 1) rows.push([]);
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = workbookCell(cell.value);
    });
    rows.push(Array.from(cells, (cell) => cell ?? ''));
  });
  return { encoding: 'xlsx', rows };
}

function workbookCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return '';
  if (value instanceof Date || typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if ('result' in value && value.result !== undefined)
    return workbookCell(value.result as ExcelJS.CellValue);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return String(value.text);
  return '';
}

function readCsv(data: Buffer): StatementFile {
  const { text, encoding } = decode(data);
  if (text.includes('\u0000')) throw new StatementError(E.unreadable);
  const delimiter = guessDelimiter(text);
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  const rows = parsed.data.map((row) => row.map((cell) => cell.trim()));
  // Papa reads the newline that ends the file as one more, empty, row.
  if (rows.length > 0 && rows[rows.length - 1]!.every((cell) => cell === '')) rows.pop();
  return { encoding, rows };
}

/** UTF-8 when the bytes are valid UTF-8 (a BOM dropped), else windows-1252 (old bank exports). */
function decode(data: Buffer): { text: string; encoding: string } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(data), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(data), encoding: 'windows-1252' };
  }
}

/**
 * The delimiter that splits most of the first lines into the same number (2 or more) of
 * fields: title lines above the table have one field whatever the delimiter, and a
 * decimal comma inside quotes does not count.
 */
export function guessDelimiter(text: string): string {
  const sample = text.split(/\r?\n/).slice(0, SNIFF_LINES).join('\n');
  let best = { delimiter: ';', rows: 0, fields: 0 };
  for (const delimiter of DELIMITERS) {
    const counts = Papa.parse<string[]>(sample, { delimiter, skipEmptyLines: true }).data.map(
      (row) => row.length,
    );
    const { value: fields, times: rows } = mode(counts.filter((n) => n >= 2));
    if (rows > best.rows || (rows === best.rows && fields > best.fields))
      best = { delimiter, rows, fields };
  }
  return best.delimiter;
}

function mode(values: number[]): { value: number; times: number } {
  const times = new Map<number, number>();
  for (const v of values) times.set(v, (times.get(v) ?? 0) + 1);
  let best = { value: 0, times: 0 };
  for (const [value, n] of times)
    if (n > best.times || (n === best.times && value > best.value)) best = { value, times: n };
  return best;
}
