// The shapes of the reconciliation api as the shared plan names them, until bank-core's
// contracts (contracts/src/entities/bank-statement.ts) are merged.
export interface ColumnMapping {
  headerRow: number | null;
  date: number | null;
  description: number | null;
  reference: number | null;
  amount: number | null;
  credit: number | null;
  debit: number | null;
  dateFormat: string;
  decimalSeparator: ',' | '.';
}

export type LineStatus =
  'confirmed' | 'needs_review' | 'assigned' | 'set_aside' | 'duplicate' | 'debit';
export type ReviewReason =
  | 'no_code'
  | 'amount_less'
  | 'amount_more'
  | 'already_paid'
  | 'hold_expired'
  | 'two_candidates'
  | 'refund_due';

export interface StatementLine {
  id: string;
  importId: string;
  row: number;
  date: string;
  description: string;
  reference: string;
  amount: number;
  status: LineStatus;
  reason?: ReviewReason;
  purchaseId?: string;
  candidates?: string[];
}

export interface PreviewLine {
  row: number;
  date?: string;
  description?: string;
  reference?: string;
  amount?: number;
  error?: string;
}

export interface StatementPreview {
  fileName: string;
  encoding: string;
  columns: string[];
  rows: string[][];
  totalRows: number;
  mapping: ColumnMapping;
  lines: PreviewLine[];
}

export interface StatementImport {
  id: string;
  fileName: string;
  lines: number;
  credits: number;
  confirmed: number;
  lateConfirmed: number;
  refundsDue: number;
  needsReview: number;
  duplicates: number;
  createdAt?: string;
}
