// The multipart form of a statement upload (preview, import, machine import): the file,
// the bank account of Ajustes (its index) and the column mapping as JSON. Read by hand,
// as multipart forms are, with the Spanish answers of the bank statement contract.
import {
  BANK_STATEMENT_TEXTS,
  columnMappingSchema,
  STATEMENT_MAX_BYTES,
  type ColumnMapping,
} from '@vag/contracts';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { StatementError } from '@vag/core/bank-statements/read-file';
import { LineActionError } from '@vag/core/bank-statements/staff-actions';
import type { AppEnv } from '../../context';
import { apiError } from '../../lib/errors';
import { fieldErrors } from '../../lib/validate';
import { declaresBodyLimit } from '../../lib/route-facts';

const E = BANK_STATEMENT_TEXTS.errors;
/** Room for the multipart envelope and the other fields around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

export const statementBodyLimit = declaresBodyLimit(
  bodyLimit({
    maxSize: STATEMENT_MAX_BYTES + MULTIPART_OVERHEAD,
    onError: (c) => c.json({ msg: E.tooLarge, errors: { file: E.tooLarge } }, 413),
  }),
);

export interface StatementUpload {
  data: Buffer;
  fileName: string;
  bankAccount: number;
  mapping: ColumnMapping | null;
}

export async function readUpload(c: Context<AppEnv>): Promise<StatementUpload> {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw apiError(400, E.missingFile, { file: E.missingFile });
  }
  const file = form.file;
  if (!(file instanceof File)) throw apiError(400, E.missingFile, { file: E.missingFile });
  if (file.size > STATEMENT_MAX_BYTES) throw apiError(413, E.tooLarge, { file: E.tooLarge });
  const account = typeof form.bankAccount === 'string' ? form.bankAccount.trim() : '0';
  if (!/^\d{1,2}$/.test(account))
    throw apiError(400, E.bankAccount, { bankAccount: E.bankAccount });
  return {
    data: Buffer.from(await file.arrayBuffer()),
    fileName: (file.name || 'estado-de-cuenta').slice(0, 200),
    bankAccount: Number(account),
    mapping: mappingOf(form.mapping),
  };
}

function mappingOf(raw: unknown): ColumnMapping | null {
  if (raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return null;
  let json: unknown;
  try {
    json = typeof raw === 'string' ? JSON.parse(raw) : undefined;
  } catch {
    throw apiError(400, E.mappingInvalid, { mapping: E.mappingInvalid });
  }
  const parsed = columnMappingSchema.safeParse(json);
  if (!parsed.success) {
    const errors = fieldErrors(
      parsed.error.issues.map((i) => ({ ...i, path: ['mapping', ...i.path] })),
    );
    throw apiError(400, parsed.error.issues[0]?.message ?? E.mappingInvalid, errors);
  }
  return parsed.data;
}

/** Core's refusals as the api answers them: the file's problems are 400s about `file`. */
export function asApiError(error: unknown): unknown {
  if (error instanceof StatementError) return apiError(400, error.message, { file: error.message });
  if (error instanceof LineActionError) return apiError(error.status, error.message);
  return error;
}
