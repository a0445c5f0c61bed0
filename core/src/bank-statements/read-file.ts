// A statement file as rows of cells, whatever the bank exported: an Excel workbook (.xlsx,
// its first sheet) or a CSV in UTF-8 (with or without BOM) or windows-1252, separated by
// ';', ',', tabs or '|'. Cells keep what the file knew: Excel's dates and numbers stay
// typed, so a date cell never goes through a text format and back.
//
// The reading runs in a worker thread (off-thread/run.ts): a file made to be slow or huge
// holds that thread, never the api's event loop, and is stopped at its time and memory
// limits. An Excel file is unzipped once first, counting what comes out, so a zip bomb is
// refused before anything parses it (its parts, its bytes, its sheets' rows).
import {
  BANK_STATEMENT_TEXTS,
  STATEMENT_MAX_BYTES,
  STATEMENT_MAX_ROWS,
  STATEMENT_MAX_UNZIPPED_BYTES,
  STATEMENT_MAX_ZIP_ENTRIES,
} from '@vag/contracts';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import Papa from 'papaparse';
import { OffThreadError, OffThreadLimit, runOffThread } from '../off-thread/run';

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

/** How long a statement may take to read, and the heap its worker may use. */
const READ_LIMITS = { timeoutMs: 20_000, maxHeapMb: 512 };

/** The statement's rows, read in a worker thread; a StatementError says why not. */
export async function readStatementFile(data: Buffer): Promise<StatementFile> {
  if (data.length === 0) throw new StatementError(E.empty);
  if (data.length > STATEMENT_MAX_BYTES) throw new StatementError(E.tooLarge);
  try {
    return await runOffThread<StatementFile>('statement', new Uint8Array(data), READ_LIMITS);
  } catch (error) {
    throw asStatementError(error);
  }
}

function asStatementError(error: unknown): unknown {
  if (error instanceof OffThreadError && error.kind === StatementError.name)
    return new StatementError(error.message);
  if (!(error instanceof OffThreadLimit)) return error;
  if (error.limit === 'time') return new StatementError(E.tooSlow);
  if (error.limit === 'memory') return new StatementError(E.unzippedTooLarge);
  return new StatementError(E.unreadable);
}

/** The reading itself, in the thread that calls it (the worker's task). */
export async function readStatementHere(data: Buffer): Promise<StatementFile> {
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

/**
 * Unzips every part once, counting: more parts, more bytes or (in the sheets) more rows
 * than a statement has stops the unzipping there.
 */
async function checkUnzipped(data: Buffer): Promise<void> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(data);
  } catch {
    throw new StatementError(E.unreadable);
  }
  const parts = Object.values(zip.files).filter((entry) => !entry.dir);
  if (parts.length > STATEMENT_MAX_ZIP_ENTRIES) throw new StatementError(E.tooManyParts);
  const budget = { bytes: STATEMENT_MAX_UNZIPPED_BYTES, rows: 0 };
  for (const part of parts) await unzipCounting(part, budget);
}

const SHEET = /^xl\/worksheets\/[^/]+\.xml$/;
const ROW_TAG = '<row';

function unzipCounting(part: JSZip.JSZipObject, budget: { bytes: number; rows: number }) {
  const sheet = SHEET.test(part.name);
  // A row tag cut between two chunks is counted in the second: the first's last 3 characters come along.
  let tail = '';
  return new Promise<void>((resolve, reject) => {
    const stream = part.nodeStream('nodebuffer');
    const stop = (message: string) => {
      stream.pause();
      stream.removeAllListeners('data');
      reject(new StatementError(message));
    };
    stream.on('data', (chunk: Buffer) => {
      budget.bytes -= chunk.length;
      if (budget.bytes < 0) return stop(E.unzippedTooLarge);
      if (!sheet) return;
      const text = tail + chunk.toString('latin1');
      budget.rows += text.split(ROW_TAG).length - 1;
      tail = text.slice(-(ROW_TAG.length - 1));
      if (budget.rows > STATEMENT_MAX_ROWS) stop(E.moreRowsThanMax);
    });
    stream.on('error', () => reject(new StatementError(E.unreadable)));
    stream.on('end', () => resolve());
  });
}

async function readWorkbook(data: Buffer): Promise<StatementFile> {
  await checkUnzipped(data);
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
