// Bank statements: the file a bank's online banking exports, its lines as the matching
// read them, and what each line did to an order. A line is the bank's own proof of a
// transfer (its credit names the order code the buyer typed as the concept), so a credit
// with the right code and amount confirms the order like a staff member would.
//
// Money is in dollars with two decimals, as purchases keep it (`totalPrice`); a line's
// amount is signed: credits (money in) positive, debits negative.
//
// A bank account of Ajustes is named by its index in `settings.bankAccounts` over the
// wire (what the staff pick in a list); the column mapping remembered for it is keyed by
// the account's number (digits only), so reordering the accounts keeps each mapping.
import { z } from 'zod';
import { isoDateTimeSchema } from '../common';
import { formatUsd } from '../helpers/money';
import { PURCHASE_STATUSES } from '../constants';

/** A statement file may be this large (bytes) and hold this many rows, no more. */
export const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;
export const STATEMENT_MAX_ROWS = 50_000;
/**
 * An Excel file is a zip: what it may hold once unzipped, checked while unzipping (a bank's
 * 50 000-row export is a few tens of MB; a zip bomb of a few hundred KB is gigabytes).
 */
export const STATEMENT_MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;
export const STATEMENT_MAX_ZIP_ENTRIES = 100;
/** Rows shown raw and parsed in the preview. */
export const STATEMENT_PREVIEW_ROWS = 20;

export const STATEMENT_DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY/MM/DD'] as const;
export const statementDateFormatSchema = z.enum(STATEMENT_DATE_FORMATS);
export type StatementDateFormat = z.infer<typeof statementDateFormatSchema>;

export const LINE_STATUSES = [
  /** The line confirmed its order (automatically, or a late payment with new numbers). */
  'confirmed',
  /** A person must look at it: see `reason`. */
  'needs_review',
  /** Staff assigned it to an order, which it confirmed. */
  'assigned',
  /** Staff set it aside with a note (not a payment for an order, refunded, …). */
  'set_aside',
  /** The same bank line came in an earlier import (same fingerprint): counted once. */
  'duplicate',
  /** Money out of the account: listed, never matched. */
  'debit',
  /**
   * The payment staff already confirmed by hand with this line's reference and amount: the
   * same money seen in the bank, linked to its order, never counted twice.
   */
  'recognised',
] as const;
export const lineStatusSchema = z.enum(LINE_STATUSES);
export type LineStatus = z.infer<typeof lineStatusSchema>;

export const LINE_REASONS = [
  'no_code',
  /** Only the start of a code survived the bank's cut of a long concept: never confirmed on its own. */
  'partial_code',
  'amount_less',
  'amount_more',
  'already_paid',
  /**
   * Staff's word for a line about an order whose hold ran out. The matching itself never
   * stops there: a late payment gets new numbers (confirmed, `late`) or `refund_due`.
   */
  'hold_expired',
  'two_candidates',
  /** The money came after the hold ran out and no numbers were left: the order must be refunded. */
  'refund_due',
  /** The code is of an order paid another way (card, PayPal, PayPhone). */
  'other_method',
] as const;
export const lineReasonSchema = z.enum(LINE_REASONS);
export type LineReason = z.infer<typeof lineReasonSchema>;

const columnIndex = z.number().int().min(0).max(200).nullable();

/**
 * Which column holds what (0-based indexes into the header row), the header row itself
 * (0-based, after any title lines), and how dates and decimals are written. A statement
 * has one signed `amount` column or separate `credit`/`debit` columns.
 */
export const columnMappingSchema = z
  .object({
    headerRow: z.number().int().min(0).max(50),
    date: z.number().int().min(0).max(200),
    description: columnIndex,
    reference: columnIndex,
    amount: columnIndex,
    credit: columnIndex,
    debit: columnIndex,
    /** A column saying C or D (crédito/débito) beside an unsigned `amount`; absent or null when the amount carries its sign. */
    kind: columnIndex.optional(),
    dateFormat: statementDateFormatSchema,
    decimalSeparator: z.enum([',', '.']),
  })
  .refine((m) => m.amount !== null || m.credit !== null, {
    error: 'Indica la columna del monto, o la de créditos (abonos).',
    path: ['amount'],
  })
  .refine((m) => m.description !== null || m.reference !== null, {
    error: 'Indica la columna del concepto o la de la referencia: ahí está el código del pedido.',
    path: ['description'],
  });
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

/** An order a line could be for, shown to staff beside the line. */
export const lineCandidateSchema = z.object({
  purchaseId: z.string(),
  orderCode: z.string(),
  totalPrice: z.number(),
  status: z.enum(PURCHASE_STATUSES),
});
export type LineCandidate = z.infer<typeof lineCandidateSchema>;

export const statementLineSchema = z.object({
  id: z.string(),
  importId: z.string(),
  fileName: z.string(),
  /** The row number as a spreadsheet shows it (1 = the file's first row). */
  row: z.number().int().positive(),
  /** The bank's date of the movement, YYYY-MM-DD. */
  date: z.string(),
  description: z.string(),
  reference: z.string(),
  amount: z.number(),
  fingerprint: z.string(),
  status: lineStatusSchema,
  reason: lineReasonSchema.nullable(),
  /** The order the line names or was assigned to. */
  purchaseId: z.string().nullable(),
  orderCode: z.string().nullable(),
  /** True when it confirmed an order whose hold had run out (new numbers). */
  late: z.boolean(),
  candidates: z.array(lineCandidateSchema),
  /** Staff's note when they set it aside. */
  note: z.string().nullable(),
  handledBy: z.string().nullable(),
  handledAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** What one import did, line by line counted. */
export const statementImportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  /** Index in Ajustes' bank accounts, and how the account reads ("Banco X · Ahorros 2200…"). */
  bankAccount: z.number().int().min(0),
  bankAccountLabel: z.string(),
  createdAt: isoDateTimeSchema,
  /** The staff member's e-mail, or 'clave de importación' for a machine. */
  createdBy: z.string(),
  /** 'importing' until every line was matched (an import cut short is finished by importing the file again). */
  state: z.enum(['importing', 'done']),
  lines: z.number().int(),
  credits: z.number().int(),
  debits: z.number().int(),
  confirmed: z.number().int(),
  lateConfirmed: z.number().int(),
  refundsDue: z.number().int(),
  needsReview: z.number().int(),
  duplicates: z.number().int(),
});
export type StatementImport = z.infer<typeof statementImportSchema>;

/** POST /api/admin/bank-statements (and /api/bank-statements): the summary and a toast. */
export const statementImportResponseSchema = statementImportSchema.extend({ msg: z.string() });
export type StatementImportResponse = z.infer<typeof statementImportResponseSchema>;

/** One parsed line of the preview, or why its row cannot be read. */
export const previewLineSchema = z.object({
  row: z.number().int().positive(),
  date: z.string().nullable(),
  description: z.string(),
  reference: z.string(),
  amount: z.number().nullable(),
  error: z.string().nullable(),
});
export type PreviewLine = z.infer<typeof previewLineSchema>;

/** POST /api/admin/bank-statements/preview. */
export const statementPreviewSchema = z.object({
  fileName: z.string(),
  /** 'utf-8', 'windows-1252' or 'xlsx'. */
  encoding: z.string(),
  /** The header row's cells (after the title lines). */
  columns: z.array(z.string()),
  /** The file's first rows as text, title lines included. */
  rows: z.array(z.array(z.string())),
  totalRows: z.number().int(),
  mapping: columnMappingSchema,
  /** True when the mapping is the one remembered for that bank account. */
  remembered: z.boolean(),
  lines: z.array(previewLineSchema),
});
export type StatementPreview = z.infer<typeof statementPreviewSchema>;

/** The multipart fields beside `file` (the OpenAPI's form; the handler reads them itself). */
export const statementUploadFieldsSchema = z.object({
  bankAccount: z.string().regex(/^\d{1,2}$/),
  /** A ColumnMapping as JSON; optional on the machine endpoint and the preview. */
  mapping: z.string().optional(),
});

/**
 * Staff's reason to confirm an order that bank lines paid only in part (SPEC §4, "Short
 * payments"): the same field in Conciliación and in "Confirmar Transferencia".
 */
export const acceptShortReasonSchema = z
  .string()
  .trim()
  .min(3, { error: 'Escribe por qué confirmas el pedido con un pago incompleto.' })
  .max(200, { error: 'El motivo puede tener hasta 200 caracteres.' })
  .optional();

export const assignLineSchema = z.object({
  orderCode: z
    .string({ error: 'Escribe el código del pedido (VAG-XXXXXX).' })
    .trim()
    .min(6, { error: 'Escribe el código del pedido (VAG-XXXXXX).' })
    .max(20, { error: 'Escribe el código del pedido (VAG-XXXXXX).' }),
  /**
   * A line for less than the order owes confirms it only with staff's reason for taking
   * less (SPEC §4, "Short payments"); without one the order stays unpaid and says what is missing.
   */
  acceptShortReason: acceptShortReasonSchema,
});
export type AssignLine = z.infer<typeof assignLineSchema>;

export const setAsideLineSchema = z.object({
  reason: z
    .string({ error: 'Escribe por qué se aparta esta línea.' })
    .trim()
    .min(3, { error: 'Escribe por qué se aparta esta línea.' })
    .max(200, { error: 'El motivo puede tener hasta 200 caracteres.' }),
});
export type SetAsideLine = z.infer<typeof setAsideLineSchema>;

export const lineParamSchema = z.object({ id: z.string().min(1).max(100) });

/** POST /assign and /set-aside: the line as it is now, and a toast. */
export const lineActionResponseSchema = statementLineSchema.extend({ msg: z.string() });

/** POST /api/admin/bank-statements/import-key: the key, shown this once. */
export const importKeyResponseSchema = z.object({ key: z.string(), msg: z.string() });
/** GET /api/admin/bank-statements/import-key: whether a key exists (never the key). */
export const importKeyStateSchema = z.object({
  exists: z.boolean(),
  createdAt: isoDateTimeSchema.nullable(),
  createdBy: z.string().nullable(),
});

/** A purchase row of the transfer review queue: the statement line that names the order. */
export const purchaseBankLineSchema = z.object({
  id: z.string(),
  date: z.string(),
  amount: z.number(),
  status: lineStatusSchema,
});
export type PurchaseBankLine = z.infer<typeof purchaseBankLineSchema>;

/** Who the audit log and the import name for a machine's import. */
export const IMPORT_KEY_ACTOR = 'clave de importación';

export const BANK_STATEMENT_TEXTS = {
  title: 'Conciliación bancaria',
  statuses: {
    confirmed: 'Confirmada',
    needs_review: 'Por revisar',
    assigned: 'Asignada',
    set_aside: 'Apartada',
    duplicate: 'Repetida',
    debit: 'Débito',
    recognised: 'Ya confirmada a mano',
  } satisfies Record<LineStatus, string>,
  reasons: {
    no_code: 'No tiene un código de pedido',
    partial_code: 'Solo tiene parte de un código (el banco cortó el concepto)',
    amount_less: 'El monto es menor que el total del pedido',
    amount_more: 'El monto es mayor que el total del pedido',
    already_paid: 'El pedido ya estaba pagado',
    hold_expired: 'La reserva del pedido venció',
    two_candidates: 'Nombra dos pedidos o más',
    refund_due: 'Pago recibido, sin números: reembolsar',
    other_method: 'El pedido se paga con otro medio de pago',
  } satisfies Record<LineReason, string>,
  dateFormats: {
    'DD/MM/YYYY': 'Día/mes/año (31/12/2026)',
    'MM/DD/YYYY': 'Mes/día/año (12/31/2026)',
    'YYYY/MM/DD': 'Año-mes-día (2026-12-31)',
  } satisfies Record<StatementDateFormat, string>,
  errors: {
    missingFile: 'Adjunta el archivo del estado de cuenta (CSV o Excel .xlsx).',
    empty: 'El archivo está vacío.',
    tooLarge: `El archivo pasa de ${STATEMENT_MAX_BYTES / 1024 / 1024} MB. Exporta un período más corto.`,
    moreRowsThanMax: `El archivo tiene más de ${STATEMENT_MAX_ROWS} filas. Exporta un período más corto.`,
    tooManyRows: (rows: number) =>
      `El archivo tiene ${rows} filas; el máximo es ${STATEMENT_MAX_ROWS}. Exporta un período más corto.`,
    unreadable:
      'No pudimos leer el archivo: sube el CSV o el Excel (.xlsx) que exporta la banca en línea.',
    unzippedTooLarge: `El archivo es demasiado grande al descomprimirlo (más de ${STATEMENT_MAX_UNZIPPED_BYTES / 1024 / 1024} MB): no parece un estado de cuenta. Exporta un período más corto o guárdalo como CSV.`,
    tooManyParts: `El archivo Excel tiene más de ${STATEMENT_MAX_ZIP_ENTRIES} partes: no parece un estado de cuenta exportado por la banca. Guárdalo como CSV y vuelve a subirlo.`,
    tooSlow:
      'El archivo tardó demasiado en leerse: exporta un período más corto o guárdalo como CSV.',
    notStatement:
      'El archivo no parece un estado de cuenta: no encontramos columnas de fecha y monto.',
    noLines: 'El estado de cuenta no tiene movimientos.',
    mappingInvalid: 'La asignación de columnas no es válida.',
    mappingOutside: (column: number) =>
      `La columna ${column + 1} no existe en la fila de encabezados.`,
    badDate: (row: number, value: string) =>
      `Fila ${row}: la fecha «${value}» no se entiende con el formato elegido.`,
    badAmount: (row: number, value: string) =>
      `Fila ${row}: el monto «${value}» no tiene un formato conocido.`,
    noAmount: (row: number) => `Fila ${row}: no tiene monto.`,
    fileRefused: (first: string, more: number) =>
      more === 0
        ? `No se importó nada. ${first}`
        : `No se importó nada. ${first} (y ${more} ${more === 1 ? 'fila más' : 'filas más'} con errores)`,
    bankAccount: 'Elige una de las cuentas bancarias de Ajustes.',
    noBankAccounts: 'Agrega primero la cuenta bancaria en Ajustes → Transferencia.',
    noMapping:
      'Esta cuenta todavía no tiene una asignación de columnas: envía `mapping` o importa una vez desde Pagos → Conciliación.',
    lineNotFound: 'No encontramos esa línea del estado de cuenta.',
    notReviewable: 'Esta línea ya no está por revisar.',
    notAssignable: 'Solo un crédito por revisar se puede asignar a un pedido.',
    orderNotFound: 'No hay un pedido con ese código.',
    orderPaid: 'Ese pedido ya está pagado.',
    notTransfer: 'Ese pedido no es por transferencia bancaria.',
    importKey: 'Clave de importación inválida.',
    importKeyLocked:
      'Demasiadas claves de importación inválidas desde esta dirección. Espera unos minutos y vuelve a intentarlo con la clave de Ajustes.',
  },
  assigned: (orderCode: string) => `Línea asignada: el pedido ${orderCode} quedó confirmado.`,
  assignedShort: (orderCode: string, missing: number) =>
    `Línea asignada al pedido ${orderCode}: pago incompleto, faltan ${formatUsd(missing)}. El pedido sigue pendiente hasta que llegue el resto o lo confirmes con un motivo.`,
  assignedShortAccepted: (orderCode: string, missing: number) =>
    `Línea asignada: el pedido ${orderCode} quedó confirmado con un pago incompleto (faltaban ${formatUsd(missing)}).`,
  assignedRefund: (orderCode: string) =>
    `Línea asignada al pedido ${orderCode}: ya no quedaban números, el pedido queda para reembolso.`,
  setAside: 'Línea apartada.',
  imported: (s: Pick<StatementImport, 'lines' | 'confirmed' | 'needsReview' | 'duplicates'>) =>
    `Estado de cuenta importado: ${s.lines} líneas, ${s.confirmed} pedidos confirmados, ${s.needsReview} por revisar${s.duplicates ? `, ${s.duplicates} ya importadas antes` : ''}.`,
  importKeyCreated:
    'Clave creada. Cópiala ahora: no se vuelve a mostrar. La clave anterior dejó de valer.',
  /** The audit entries (staff only). */
  audit: {
    reconciled: (orderCode: string, fileName: string, row: number, by: 'auto' | 'staff') =>
      `Pago por transferencia confirmado del pedido ${orderCode} por ${by === 'auto' ? 'conciliación automática' : 'conciliación manual'}: archivo «${fileName}», fila ${row}.`,
    assigned: (orderCode: string, fileName: string, row: number, amount: number) =>
      `Línea del estado de cuenta asignada al pedido ${orderCode}: archivo «${fileName}», fila ${row}, ${formatUsd(amount)}.`,
    short: (orderCode: string, amount: number, missing: number) =>
      `Pago incompleto del pedido ${orderCode}: llegaron ${formatUsd(amount)}, faltan ${formatUsd(missing)}. El pedido sigue pendiente.`,
    shortAccepted: (orderCode: string, missing: number, reason: string) =>
      `Pedido ${orderCode} confirmado con un pago incompleto (faltaban ${formatUsd(missing)}). Motivo: ${reason}`,
    setAside: (fileName: string, row: number, amount: number, reason: string) =>
      `Línea del estado de cuenta apartada: archivo «${fileName}», fila ${row}, ${formatUsd(amount)}. Motivo: ${reason}`,
    importKeyCreated: 'Se creó una clave de importación de estados de cuenta.',
  },
} as const;
