// Cell texts shared by the PDF and the spreadsheet: Ecuador dates dd/MM/yyyy HH:mm,
// money with 2 decimals, Spanish labels.
import {
  PAYMENT_METHOD_LABELS,
  REPORT_STATUS_LABELS,
  REPORT_TEXTS,
  UI,
  formatDateTime,
  formatUsd,
  type PaymentMethod,
} from '@vag/contracts';
import type { PurchaseReport, ReportRowDoc } from '@vag/core/db/report-facts';

export { formatDateTime, formatUsd };

/** A report row with its raffle's name, as the list and the exports show it. */
export type NamedReportRow = ReportRowDoc & { raffleName: string };

/** The report with every row named, and the raffle it was narrowed to (null: every raffle). */
export interface NamedReport {
  totals: PurchaseReport['totals'];
  rows: NamedReportRow[];
  raffleName: string | null;
}

/** 'Reporte de ventas · Rifa Express', or '· Todas las rifas' when not narrowed to one. */
export const reportTitle = (report: Pick<NamedReport, 'raffleName'>): string =>
  `${REPORT_TEXTS.title} · ${report.raffleName ?? REPORT_TEXTS.allRaffles}`;

export interface ReportCells {
  date: string;
  raffle: string;
  buyer: string;
  email: string;
  method: string;
  quantity: number;
  total: number;
  status: string;
  reseller: string;
}

export function reportCells(row: NamedReportRow): ReportCells {
  return {
    date: formatDateTime(row.createdAt),
    raffle: row.raffleName,
    buyer: `${row.buyer.firstName} ${row.buyer.lastName}`.trim(),
    email: row.buyer.email,
    method: PAYMENT_METHOD_LABELS[row.paymentMethod as PaymentMethod] ?? row.paymentMethod,
    quantity: row.quantity,
    total: row.totalPrice,
    status: REPORT_STATUS_LABELS[row.status as keyof typeof REPORT_STATUS_LABELS] ?? row.status,
    reseller: row.resellerCode ?? UI.direct,
  };
}
