// Bank statement reconciliation (mounted at /api): staff preview and import a statement,
// list imports and lines, assign a line to an order or set it aside (admins only: a
// statement is the organizer's account, not one reseller's sales); machines POST a
// statement to /api/bank-statements with the import key made in Ajustes.
import {
  BANK_STATEMENT_TEXTS,
  IMPORT_KEY_ACTOR,
  PERMISSIONS,
  STAFF_API_MESSAGES,
  assignLineSchema,
  importKeyResponseSchema,
  importKeyStateSchema,
  lineActionResponseSchema,
  lineParamSchema,
  setAsideLineSchema,
  statementImportResponseSchema,
  statementImportSchema,
  statementLineSchema,
  statementPreviewSchema,
  statementUploadFieldsSchema,
  type StatementImport,
  type StatementLine,
} from '@vag/contracts';
import { Hono, type MiddlewareHandler } from 'hono';
import { uniqueSymbol } from 'hono-openapi';
import { z } from 'zod';
import { appendAudit } from '@vag/core/db/audit-log';
import {
  listImports,
  listLines,
  type StatementImportDoc,
  type StatementLineDoc,
} from '@vag/core/db/bank-statements';
import { importStatement } from '@vag/core/bank-statements/import';
import {
  createImportKey,
  importKeyRecord,
  importKeyValid,
} from '@vag/core/bank-statements/import-key';
import { assignLine, setAsideLine } from '@vag/core/bank-statements/staff-actions';
import { openStatement, previewOf, statementAccount } from '@vag/core/bank-statements/statement';
import { ADMIN_ONLY, requireStaff } from '../../auth';
import { clientAddress } from '../../auth/client-address';
import { recordWrongImportKey, refuseLockedImportKey } from '../../auth/import-key-lockout';
import type { AppEnv } from '../../context';
import { apiError } from '../../lib/errors';
import { describe, errorResponse, JSON_BODY, LIST, BY_ID } from '../../lib/openapi';
import {
  contentRange,
  ListQueryError,
  parseListQuery,
  type ListQuery,
} from '../../lib/simple-rest';
import { validate } from '../../lib/validate';
import { asApiError, readUpload, statementBodyLimit } from './statement-upload';

const TAG = 'bank-statements';
const staffOnly = () => requireStaff(ADMIN_ONLY, PERMISSIONS.confirmTransfers);

export function importView(doc: StatementImportDoc): StatementImport {
  return {
    id: doc._id,
    fileName: doc.fileName,
    bankAccount: doc.bankAccount,
    bankAccountLabel: doc.bankAccountLabel,
    createdAt: doc.createdAt.toISOString(),
    createdBy: doc.createdBy,
    state: doc.state,
    lines: doc.lines,
    credits: doc.credits,
    debits: doc.debits,
    confirmed: doc.confirmed,
    lateConfirmed: doc.lateConfirmed,
    refundsDue: doc.refundsDue,
    needsReview: doc.needsReview,
    duplicates: doc.duplicates,
  };
}

export function lineView(doc: StatementLineDoc): StatementLine {
  return {
    id: doc._id,
    importId: doc.importId,
    fileName: doc.fileName,
    row: doc.row,
    date: doc.date,
    description: doc.description,
    reference: doc.reference,
    amount: doc.amount,
    fingerprint: doc.fingerprint,
    status: doc.status === 'pending' ? 'needs_review' : doc.status,
    reason: doc.reason,
    purchaseId: doc.purchaseId,
    orderCode: doc.orderCode,
    late: doc.late,
    candidates: doc.candidates,
    note: doc.note,
    handledBy: doc.handledBy,
    handledAt: doc.handledAt ? doc.handledAt.toISOString() : null,
    createdAt: doc.createdAt.toISOString(),
  };
}

function listQueryOf(raw: Record<string, string>): ListQuery {
  try {
    return parseListQuery(raw);
  } catch (error) {
    if (error instanceof ListQueryError)
      throw apiError(400, STAFF_API_MESSAGES.invalidListQuery, {
        [error.message]: STAFF_API_MESSAGES.invalidListQuery,
      });
    throw error;
  }
}

function pageOf(query: ListQuery): { skip: number; limit: number } {
  const start = query.range?.start ?? 0;
  const end = query.range?.end ?? start + 99;
  return { skip: start, limit: Math.min(end - start + 1, 1000) };
}

const asText = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The machine import's guard: a valid X-Import-Key, else a staff token like the others. */
const keyOrStaff: MiddlewareHandler<AppEnv> = Object.assign(
  async (
    c: Parameters<MiddlewareHandler<AppEnv>>[0],
    next: Parameters<MiddlewareHandler<AppEnv>>[1],
  ) => {
    const key = c.req.header('x-import-key');
    if (key === undefined) return staffOnly()(c, next);
    const deps = c.get('deps');
    const address = clientAddress(c, deps.env.TRUST_PROXY);
    await refuseLockedImportKey(deps, address);
    if (!(await importKeyValid(deps.db, key))) {
      await recordWrongImportKey(deps, address);
      throw apiError(401, BANK_STATEMENT_TEXTS.errors.importKey);
    }
    await next();
  },
  {
    [uniqueSymbol]: {
      spec: {
        security: [{ bearerAuth: [] }, { importKey: [] }],
        'x-roles': ['admin'],
        responses: { 401: errorResponse(401), 403: errorResponse(403), 429: errorResponse(429) },
      },
    },
  },
);

async function runImport(c: Parameters<MiddlewareHandler<AppEnv>>[0], byKey: boolean) {
  const upload = await readUpload(c);
  try {
    const done = await importStatement(c.get('deps'), {
      ...upload,
      by: byKey ? 'import-key' : { id: c.get('staff').id, email: c.get('staff').email },
    });
    const summary = importView(done);
    return c.json({ ...summary, msg: BANK_STATEMENT_TEXTS.imported(summary) }, 201);
  } catch (error) {
    throw asApiError(error);
  }
}

export const bankStatementsRouter = new Hono<AppEnv>()
  .post(
    '/admin/bank-statements/preview',
    describe({
      operationId: 'previewBankStatement',
      tag: TAG,
      summary:
        'Lee un estado de cuenta (CSV o Excel) sin importarlo: primeras filas, columnas y la asignación recordada para esa cuenta o adivinada.',
      form: statementUploadFieldsSchema,
      response: statementPreviewSchema,
      errors: [400, 413],
    }),
    staffOnly(),
    statementBodyLimit,
    async (c) => {
      const upload = await readUpload(c);
      try {
        const account = await statementAccount(c.get('deps'), upload.bankAccount);
        const read = await openStatement(c.get('deps'), upload.data, account, upload.mapping);
        return c.json(previewOf(upload.fileName, read));
      } catch (error) {
        throw asApiError(error);
      }
    },
  )
  .post(
    '/admin/bank-statements',
    describe({
      operationId: 'importBankStatement',
      tag: TAG,
      status: 201,
      summary:
        'Importa un estado de cuenta: cada crédito con el código de un pedido y su total exacto confirma el pedido; el resto queda por revisar. Importar dos veces el mismo movimiento no confirma dos veces.',
      form: statementUploadFieldsSchema,
      response: statementImportResponseSchema,
      errors: [400, 413],
    }),
    staffOnly(),
    statementBodyLimit,
    (c) => runImport(c, false),
  )
  .get(
    '/admin/bank-statements',
    describe({
      operationId: 'listBankStatements',
      tag: TAG,
      summary: 'Importaciones de estados de cuenta, la más reciente primero.',
      response: z.array(statementImportSchema),
      errors: [...LIST],
    }),
    staffOnly(),
    async (c) => {
      const query = listQueryOf(c.req.query());
      const page = pageOf(query);
      const { items, total } = await listImports(c.get('deps').db, page);
      c.header(
        'Content-Range',
        contentRange('bank-statements', { items, total, start: page.skip }),
      );
      c.header('Access-Control-Expose-Headers', 'Content-Range');
      return c.json(items.map(importView));
    },
  )
  .get(
    '/admin/bank-statements/import-key',
    describe({
      operationId: 'bankStatementImportKeyState',
      tag: TAG,
      summary: 'Si existe una clave de importación (nunca la clave).',
      response: importKeyStateSchema,
    }),
    staffOnly(),
    async (c) => {
      const record = await importKeyRecord(c.get('deps').db);
      return c.json({
        exists: record !== null,
        createdAt: record ? record.createdAt.toISOString() : null,
        createdBy: record?.createdBy ?? null,
      });
    },
  )
  .post(
    '/admin/bank-statements/import-key',
    describe({
      operationId: 'createBankStatementImportKey',
      tag: TAG,
      status: 201,
      summary:
        'Crea la clave de importación (X-Import-Key) para POST /api/bank-statements; se muestra solo esta vez y reemplaza a la anterior.',
      response: importKeyResponseSchema,
    }),
    staffOnly(),
    async (c) => {
      const staff = c.get('staff');
      const key = await createImportKey(c.get('deps').db, staff.email);
      await appendAudit(c.get('deps').db, {
        actor: staff,
        action: 'bank_import_key.created',
        description: BANK_STATEMENT_TEXTS.audit.importKeyCreated,
      });
      return c.json({ key, msg: BANK_STATEMENT_TEXTS.importKeyCreated }, 201);
    },
  )
  .get(
    '/admin/bank-statement-lines',
    describe({
      operationId: 'listBankStatementLines',
      tag: TAG,
      summary:
        'Líneas de los estados de cuenta (filtros: status, importId, reason, purchaseId, q), con Content-Range.',
      response: z.array(statementLineSchema),
      errors: [...LIST],
    }),
    staffOnly(),
    async (c) => {
      const query = listQueryOf(c.req.query());
      const page = pageOf(query);
      const f = query.filter;
      const { items, total } = await listLines(
        c.get('deps').db,
        {
          status: asText(f.status),
          importId: asText(f.importId),
          reason: asText(f.reason),
          purchaseId: asText(f.purchaseId),
          q: asText(f.q),
        },
        { ...page, ...(query.sort ? { sort: query.sort } : {}) },
      );
      c.header(
        'Content-Range',
        contentRange('bank-statement-lines', { items, total, start: page.skip }),
      );
      c.header('Access-Control-Expose-Headers', 'Content-Range');
      return c.json(items.map(lineView));
    },
  )
  .post(
    '/admin/bank-statement-lines/:id/assign',
    describe({
      operationId: 'assignBankStatementLine',
      tag: TAG,
      summary:
        'Asigna un crédito por revisar a un pedido (por su código): el pedido queda pagado como con una confirmación del equipo.',
      response: lineActionResponseSchema,
      errors: [...JSON_BODY, ...BY_ID, 409],
    }),
    staffOnly(),
    validate('param', lineParamSchema),
    validate('json', assignLineSchema),
    async (c) => {
      const staff = c.get('staff');
      try {
        const { line, msg } = await assignLine(
          c.get('deps'),
          c.req.valid('param').id,
          c.req.valid('json'),
          { id: staff.id, email: staff.email },
        );
        return c.json({ ...lineView(line), msg });
      } catch (error) {
        throw asApiError(error);
      }
    },
  )
  .post(
    '/admin/bank-statement-lines/:id/set-aside',
    describe({
      operationId: 'setAsideBankStatementLine',
      tag: TAG,
      summary: 'Aparta una línea por revisar con un motivo (queda anotado quién y por qué).',
      response: lineActionResponseSchema,
      errors: [...JSON_BODY, ...BY_ID, 409],
    }),
    staffOnly(),
    validate('param', lineParamSchema),
    validate('json', setAsideLineSchema),
    async (c) => {
      const staff = c.get('staff');
      try {
        const { line, msg } = await setAsideLine(
          c.get('deps'),
          c.req.valid('param').id,
          c.req.valid('json').reason,
          { id: staff.id, email: staff.email },
        );
        return c.json({ ...lineView(line), msg });
      } catch (error) {
        throw asApiError(error);
      }
    },
  )
  .post(
    '/bank-statements',
    describe({
      operationId: 'importBankStatementByKey',
      tag: TAG,
      status: 201,
      summary: `Importa un estado de cuenta desde un programa: cabecera X-Import-Key (la clave creada en Ajustes; importa como «${IMPORT_KEY_ACTOR}») o un token del equipo. Mismo formulario que la importación del back office; sin mapping usa la asignación recordada para esa cuenta.`,
      form: statementUploadFieldsSchema,
      response: statementImportResponseSchema,
      errors: [400, 413],
    }),
    keyOrStaff,
    statementBodyLimit,
    (c) => runImport(c, c.req.header('x-import-key') !== undefined),
  );
