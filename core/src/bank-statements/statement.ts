// From the uploaded bytes to the statement's movements, checked whole before anything is
// written: a file with one unreadable row is refused with that row named, and nothing of
// it is imported. The preview runs the same steps on the same file.
import {
  BANK_STATEMENT_TEXTS,
  STATEMENT_PREVIEW_ROWS,
  type BankAccount,
  type ColumnMapping,
  type PreviewLine,
  type StatementPreview,
} from '@vag/contracts';
import type { CoreDeps } from '../deps';
import { rememberedMapping, type RememberedMapping } from '../db/bank-statements';
import { currentSettings } from '../settings/live-settings';
import { guessMapping } from './guess-columns';
import { missingColumn, parseLines, parseRow, type ParsedLine } from './lines';
import { cellText, readStatementFile, StatementError, type StatementFile } from './read-file';

const E = BANK_STATEMENT_TEXTS.errors;

export interface StatementAccount {
  index: number;
  /** The account number's digits: what its remembered mapping and its lines' fingerprints are keyed by. */
  key: string;
  label: string;
  bank: string;
}

/** Ajustes' bank account at `index`, or a Spanish refusal. */
export async function statementAccount(
  deps: Pick<CoreDeps, 'db' | 'env' | 'settings'>,
  index: number,
): Promise<StatementAccount> {
  const accounts = (await currentSettings(deps)).bankAccounts;
  if (accounts.length === 0) throw new StatementError(E.noBankAccounts);
  const account: BankAccount | undefined = accounts[index];
  if (!account) throw new StatementError(E.bankAccount);
  return {
    index,
    key: account.number.replace(/\D/g, ''),
    label: `${account.bank} · ${account.type} ${account.number}`,
    bank: account.bank,
  };
}

/** The account whose number has these digits, when Ajustes still lists it. */
export async function statementAccountByKey(
  deps: Pick<CoreDeps, 'db' | 'env' | 'settings'>,
  key: string,
): Promise<StatementAccount | null> {
  const accounts = (await currentSettings(deps)).bankAccounts;
  const index = accounts.findIndex((a) => a.number.replace(/\D/g, '') === key);
  return index < 0 ? null : statementAccount(deps, index);
}

export interface ReadStatement {
  file: StatementFile;
  mapping: ColumnMapping;
  remembered: boolean;
}

/** The file and the mapping to read it with: the one given, else the account's, else a guess. */
export async function openStatement(
  deps: Pick<CoreDeps, 'db'>,
  data: Buffer,
  account: StatementAccount,
  given: ColumnMapping | null,
): Promise<ReadStatement> {
  const file = await readStatementFile(data);
  if (given) return { file, mapping: given, remembered: false };
  const remembered = await rememberedMapping(deps.db, account.key);
  if (remembered && fits(remembered, file))
    return { file, mapping: remembered.mapping, remembered: true };
  const guessed = guessMapping(file.rows);
  if (!guessed) throw new StatementError(E.notStatement);
  return { file, mapping: guessed, remembered: false };
}

/** The header row's texts under `mapping` (what a remembered mapping is checked against). */
export function headerOf(mapping: ColumnMapping, file: StatementFile): string[] {
  return (file.rows[mapping.headerRow] ?? []).map((cell) => cellText(cell));
}

/** A remembered mapping is used only for a file whose header row reads the same. */
function fits(remembered: RememberedMapping, file: StatementFile): boolean {
  const header = headerOf(remembered.mapping, file);
  return header.length > 0 && header.join('\u0000') === remembered.header.join('\u0000');
}

/** Every movement of the file, or a StatementError naming the first bad row. */
export function statementLines({ file, mapping }: ReadStatement): ParsedLine[] {
  const header = file.rows[mapping.headerRow];
  if (!header) throw new StatementError(E.notStatement);
  const missing = missingColumn(mapping, header);
  if (missing !== null) throw new StatementError(E.mappingOutside(missing));
  const { lines, errors } = parseLines(file.rows, mapping);
  if (errors.length > 0)
    throw new StatementError(E.fileRefused(errors[0]!.message, errors.length - 1));
  if (lines.length === 0) throw new StatementError(E.noLines);
  return lines;
}

/** What the preview shows: the first rows raw, the mapping, and those rows as lines. */
export function previewOf(fileName: string, read: ReadStatement): StatementPreview {
  const { file, mapping, remembered } = read;
  const header = file.rows[mapping.headerRow] ?? [];
  const body = file.rows.slice(mapping.headerRow + 1);
  const lines = body.flatMap((cells, i): PreviewLine[] => {
    if (i >= STATEMENT_PREVIEW_ROWS * 2) return [];
    const row = mapping.headerRow + 2 + i;
    const line = parseRow(cells, row, mapping);
    if (line === null) return [];
    if ('message' in line)
      return [
        { row, date: null, description: '', reference: '', amount: null, error: line.message },
      ];
    return [
      {
        row,
        date: line.date,
        description: line.description,
        reference: line.reference,
        amount: line.cents / 100,
        error: null,
      },
    ];
  });
  return {
    fileName,
    encoding: file.encoding,
    columns: header.map((cell) => cellText(cell)),
    rows: file.rows
      .slice(0, STATEMENT_PREVIEW_ROWS)
      .map((row) => row.map((cell) => cellText(cell))),
    totalRows: file.rows.length,
    mapping,
    remembered,
    lines: lines.slice(0, STATEMENT_PREVIEW_ROWS),
  };
}
