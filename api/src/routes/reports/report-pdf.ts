// reporte.pdf: landscape A4, title, filters, totals, then the table with its header
// repeated on every page. Standard Helvetica covers Spanish (WinAnsi); characters
// outside it (emoji in a name) are replaced so the export never fails.
import { REPORT_COLUMNS, REPORT_TEXTS } from '@vag/contracts';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  formatDateTime,
  formatUsd,
  reportCells,
  reportTitle,
  type NamedReport,
} from './report-format';
import { printable } from '@vag/core/pdf/printable';

const PAGE = { width: 842, height: 595 };
const MARGIN = 30;
const ROW_HEIGHT = 16;
const FONT_SIZE = 8;
/** Column widths in points, in REPORT_COLUMNS order (sum = page width minus margins). */
const WIDTHS = [72, 90, 105, 135, 100, 45, 55, 80, 100];

function fit(text: string, font: PDFFont, width: number): string {
  let out = printable(text);
  if (font.widthOfTextAtSize(out, FONT_SIZE) <= width) return out;
  while (out.length > 1 && font.widthOfTextAtSize(`${out}…`, FONT_SIZE) > width)
    out = out.slice(0, -1);
  return `${out}…`;
}

export async function renderReportPdf(
  report: NamedReport,
  filtersText: string,
  now = new Date(),
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(reportTitle(report));
  pdf.setLanguage('es-EC');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const rows = report.rows.map(reportCells);

  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const text = (p: PDFPage, value: string, x: number, yy: number, size = FONT_SIZE, f = font) =>
    p.drawText(printable(value), { x, y: yy, size, font: f, color: rgb(0.1, 0.1, 0.1) });

  text(page, reportTitle(report), MARGIN, y - 14, 16, bold);
  y -= 34;
  text(page, `${REPORT_TEXTS.generatedAt} ${formatDateTime(now)}`, MARGIN, y, 9);
  y -= 14;
  text(page, `${REPORT_TEXTS.filters}: ${filtersText || REPORT_TEXTS.noFilters}`, MARGIN, y, 9);
  y -= 14;
  text(
    page,
    `${REPORT_TEXTS.totalAmount}: ${formatUsd(report.totals.totalAmount)}`,
    MARGIN,
    y,
    10,
    bold,
  );
  text(
    page,
    `${REPORT_TEXTS.totalTickets}: ${report.totals.totalTickets}`,
    MARGIN + 250,
    y,
    10,
    bold,
  );
  y -= 14;
  const { pendingTickets, pendingAmount, expiredTickets, expiredAmount } = report.totals;
  text(
    page,
    `${REPORT_TEXTS.pendingTotals}: ${REPORT_TEXTS.numbersAndAmount(pendingTickets, formatUsd(pendingAmount))}`,
    MARGIN,
    y,
    9,
  );
  text(
    page,
    `${REPORT_TEXTS.expiredTotals}: ${REPORT_TEXTS.numbersAndAmount(expiredTickets, formatUsd(expiredAmount))}`,
    MARGIN + 250,
    y,
    9,
  );
  y -= 24;

  const header = (p: PDFPage, yy: number) => {
    p.drawRectangle({
      x: MARGIN,
      y: yy - 4,
      width: PAGE.width - 2 * MARGIN,
      height: ROW_HEIGHT,
      color: rgb(0.9, 0.92, 0.96),
    });
    let x = MARGIN + 2;
    REPORT_COLUMNS.forEach((title, i) => {
      text(p, title, x, yy, FONT_SIZE, bold);
      x += WIDTHS[i] ?? 0;
    });
  };
  header(page, y);
  y -= ROW_HEIGHT;

  if (rows.length === 0) text(page, REPORT_TEXTS.empty, MARGIN + 2, y);
  for (const row of rows) {
    if (y < MARGIN + ROW_HEIGHT) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN - 10;
      header(page, y);
      y -= ROW_HEIGHT;
    }
    const cells = [
      row.date,
      row.raffle,
      row.buyer,
      row.email,
      row.method,
      String(row.quantity),
      formatUsd(row.total),
      row.status,
      row.reseller,
    ];
    let x = MARGIN + 2;
    cells.forEach((cell, i) => {
      const width = (WIDTHS[i] ?? 0) - 4;
      text(page, fit(cell, font, width), x, y);
      x += WIDTHS[i] ?? 0;
    });
    y -= ROW_HEIGHT;
  }

  const pages = pdf.getPages();
  pages.forEach((p, i) =>
    text(p, REPORT_TEXTS.page(i + 1, pages.length), PAGE.width - MARGIN - 70, MARGIN / 2, 8),
  );
  return pdf.save();
}
