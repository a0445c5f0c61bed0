// reporte.xlsx: one sheet with Spanish headers, dates as dd/MM/yyyy HH:mm text, amounts
// as numbers shown with 2 decimals, and a totals line under the table.
import { REPORT_COLUMNS, REPORT_TEXTS } from '@vag/contracts';
import ExcelJS from 'exceljs';
import type { PurchaseReport } from '@vag/core/db/report-facts';
import { reportCells } from './report-format';

const MONEY_FORMAT = '"$"#,##0.00';

export async function renderReportXlsx(report: PurchaseReport): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Voy a Ganar';
  book.created = new Date();
  const sheet = book.addWorksheet(REPORT_TEXTS.sheetName);
  const widths = [18, 28, 32, 22, 10, 12, 18, 16];
  sheet.columns = REPORT_COLUMNS.map((header, i) => ({ header, width: widths[i] }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  for (const row of report.rows.map(reportCells)) {
    sheet.addRow([
      row.date,
      row.buyer,
      row.email,
      row.method,
      row.quantity,
      row.total,
      row.status,
      row.reseller,
    ]);
  }
  sheet.getColumn(6).numFmt = MONEY_FORMAT;

  sheet.addRow([]);
  const totals = sheet.addRow([
    REPORT_TEXTS.totalTickets,
    null,
    null,
    null,
    report.totals.totalTickets,
    report.totals.totalAmount,
  ]);
  totals.font = { bold: true };
  totals.getCell(6).numFmt = MONEY_FORMAT;
  for (const [label, tickets, amount] of [
    [REPORT_TEXTS.pendingTotals, report.totals.pendingTickets, report.totals.pendingAmount],
    [REPORT_TEXTS.expiredTotals, report.totals.expiredTickets, report.totals.expiredAmount],
  ] as const)
    sheet.addRow([label, null, null, null, tickets, amount]).getCell(6).numFmt = MONEY_FORMAT;

  return Buffer.from(await book.xlsx.writeBuffer());
}
