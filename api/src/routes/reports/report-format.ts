// Cell texts shared by the PDF and the spreadsheet: Ecuador dates dd/MM/yyyy HH:mm,
// money with 2 decimals, Spanish labels.
import {
  PAYMENT_METHOD_LABELS,
  REPORT_STATUS_LABELS,
  UI,
  formatDateTime,
  formatUsd,
  type PaymentMethod,
} from '@vag/contracts';
import type { ReportRowDoc } from '@vag/core/db/report-facts';

export { formatDateTime, formatUsd };

export interface ReportCells {
  date: string;
  buyer: string;
  email: string;
  method: string;
  quantity: number;
  total: number;
  status: string;
  reseller: string;
}

export function reportCells(row: ReportRowDoc): ReportCells {
  return {
    date: formatDateTime(row.createdAt),
    buyer: `${row.buyer.firstName} ${row.buyer.lastName}`.trim(),
    email: row.buyer.email,
    method: PAYMENT_METHOD_LABELS[row.paymentMethod as PaymentMethod] ?? row.paymentMethod,
    quantity: row.quantity,
    total: row.totalPrice,
    status: REPORT_STATUS_LABELS[row.status as keyof typeof REPORT_STATUS_LABELS] ?? row.status,
    reseller: row.resellerCode ?? UI.direct,
  };
}
