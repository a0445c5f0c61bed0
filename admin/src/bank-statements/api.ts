// The reconciliation screen's calls to the api (bank-core's routes): the file goes up as
// multipart with the bank account and, for the import, the mapping the staff confirmed.
import { API_URL } from '../dataProvider';
import { apiFetch } from '../http';
import type { ColumnMapping, StatementImportResponse, StatementPreview } from '@vag/contracts';

function statementForm(file: File, bankAccount: number, mapping?: ColumnMapping): FormData {
  const form = new FormData();
  form.append('file', file);
  form.append('bankAccount', String(bankAccount));
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  return form;
}

/** POST /admin/bank-statements/preview: the first rows, the guessed (or remembered) mapping. */
export async function previewStatement(
  file: File,
  bankAccount: number,
  mapping?: ColumnMapping,
): Promise<StatementPreview> {
  const { json } = await apiFetch(`${API_URL}/admin/bank-statements/preview`, {
    method: 'POST',
    body: statementForm(file, bankAccount, mapping),
  });
  return json as StatementPreview;
}

/** POST /admin/bank-statements: matches every line and answers the summary. */
export async function importStatement(
  file: File,
  bankAccount: number,
  mapping: ColumnMapping,
): Promise<StatementImportResponse> {
  const { json } = await apiFetch(`${API_URL}/admin/bank-statements`, {
    method: 'POST',
    body: statementForm(file, bankAccount, mapping),
  });
  return json as StatementImportResponse;
}
