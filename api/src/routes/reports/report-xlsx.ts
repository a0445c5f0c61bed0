// reporte.xlsx: one sheet with Spanish headers, dates as dd/MM/yyyy HH:mm text, amounts
// as numbers shown with 2 decimals, and a totals line under the table.
import { REPORT_COLUMNS, REPORT_TEXTS } from '@vag/contracts';
import ExcelJS from 'exceljs';
import { reportCells, reportTitle, type NamedReport } from './report-format';

const MONEY_FORMAT = '"$"#,##0.00';

/** The money column (1-based), after Fecha, Rifa, Comprador, Email, Método and Cantidad. */
const MONEY_COLUMN = 7;

export async function renderReportXlsx(report: NamedReport): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Voy a Ganar';
  book.created = new Date();
  book.title = reportTitle(report);
  const sheet = book.addWorksheet(REPORT_TEXTS.sheetName);
  const widths = [18, 24, 28, 32, 22, 10, 12, 18, 16];
  sheet.columns = REPORT_COLUMNS.map((header, i) => ({ header, width: widths[i] }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  for (const row of report.rows.map(reportCells)) {
    sheet.addRow([
      row.date,
      row.raffle,
      row.buyer,
      row.email,
      row.method,
      row.quantity,
      row.total,
      row.status,
      row.reseller,
    ]);
  }
  sheet.getColumn(MONEY_COLUMN).numFmt = MONEY_FORMAT;

  sheet.addRow([]);
  const totals = sheet.addRow([
    REPORT_TEXTS.totalTickets,
    null,
    null,
    null,
    null,
    report.totals.totalTickets,
    report.totals.totalAmount,
  ]);
  totals.font = { bold: true };
  totals.getCell(MONEY_COLUMN).numFmt = MONEY_FORMAT;
  for (const [label, tickets, amount] of [
    [REPORT_TEXTS.pendingTotals, report.totals.pendingTickets, report.totals.pendingAmount],
    [REPORT_TEXTS.expiredTotals, report.totals.expiredTickets, report.totals.expiredAmount],
  ] as const)
    sheet.addRow([label, null, null, null, null, tickets, amount]).getCell(MONEY_COLUMN).numFmt =
      MONEY_FORMAT;

  return Buffer.from(await book.xlsx.writeBuffer());
}
