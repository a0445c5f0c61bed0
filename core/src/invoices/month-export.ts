// The month's documents for the accountant (Facturas → Exportar mes): a zip with each
// authorized document's XML as the SRI returned it (the <autorizacion>, which is what the
// SRI and the accountant's software read) and an Excel summary — one sheet of the
// authorized documents with their amounts and the month's net total, one of those still
// without authorization, so nothing of the month is silently left out.
import {
  INVOICE_EXPORT_TEXTS as T,
  INVOICE_KIND_WORDS,
  INVOICE_STATUS_WORDS,
  invoiceFileName,
  invoiceNumber,
} from '@vag/contracts';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Db } from 'mongodb';
import { invoices, monthRange, type InvoiceDoc } from '../db/invoices';
import { ecuadorDate } from './certificate';

const MONEY_FORMAT = '"$"#,##0.00';
/** Subtotal, IVA and Total (1-based columns of the authorized sheet). */
const MONEY_COLUMNS = [9, 10, 11];

export interface MonthExport {
  fileName: string;
  zip: Uint8Array;
  authorized: number;
  unauthorized: number;
}

export async function exportMonth(db: Db, month: string): Promise<MonthExport> {
  const docs = await invoices(db)
    .find(
      { issuedAt: monthRange(month), number: { $gt: 0 } },
      { sort: { kind: 1, series: 1, number: 1 }, projection: { signedXml: 0 } },
    )
    .toArray();
  const authorized = docs.filter((d) => d.status === 'autorizada' && d.authorizedXml);
  const others = docs.filter((d) => !authorized.includes(d));
  const zip = new JSZip();
  for (const doc of authorized) zip.file(invoiceFileName(doc, 'xml'), doc.authorizedXml!);
  zip.file(T.workbookName(month), await summary(authorized, others));
  return {
    fileName: T.zipName(month),
    zip: await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }),
    authorized: authorized.length,
    unauthorized: others.length,
  };
}

async function summary(authorized: InvoiceDoc[], others: InvoiceDoc[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Voy a Ganar';
  book.created = new Date();
  const sheet = book.addWorksheet(T.authorizedSheet);
  const widths = [16, 20, 14, 52, 20, 18, 16, 32, 12, 12, 12, 10, 14, 20];
  sheet.columns = T.columns.map((header, i) => ({ header, width: widths[i] }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const doc of authorized) sheet.addRow(authorizedRow(doc));
  const net = (pick: (d: InvoiceDoc) => number) =>
    Math.round(authorized.reduce((sum, d) => sum + sign(d) * pick(d), 0) * 100) / 100;
  sheet.addRow([]);
  const totals = sheet.addRow([
    T.totals,
    ...Array<null>(7).fill(null),
    net((d) => d.subtotal),
    net((d) => d.iva),
    net((d) => d.total),
  ]);
  totals.font = { bold: true };
  for (const column of MONEY_COLUMNS) sheet.getColumn(column).numFmt = MONEY_FORMAT;

  const pending = book.addWorksheet(T.otherSheet);
  pending.columns = T.otherColumns.map((header, i) => ({
    header,
    width: [16, 20, 14, 22, 14, 80][i],
  }));
  pending.getRow(1).font = { bold: true };
  for (const doc of others)
    pending.addRow([
      INVOICE_KIND_WORDS[doc.kind],
      invoiceNumber(doc),
      ecuadorDate(doc.issuedAt),
      INVOICE_STATUS_WORDS[doc.status],
      doc.orderCode ?? '',
      doc.messages.map((m) => m.mensaje).join(' · '),
    ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A nota de crédito takes its amounts back: negative in the summary. */
function sign(doc: InvoiceDoc): 1 | -1 {
  return doc.kind === 'nota_credito' ? -1 : 1;
}

function authorizedRow(doc: InvoiceDoc): Array<string | number> {
  return [
    INVOICE_KIND_WORDS[doc.kind],
    invoiceNumber(doc),
    ecuadorDate(doc.issuedAt),
    doc.authorizationNumber ?? '',
    doc.authorizedAt ? ecuadorDate(doc.authorizedAt) : '',
    T.idTypes[doc.buyer.idType] ?? doc.buyer.idType,
    doc.buyer.id,
    doc.buyer.name,
    sign(doc) * doc.subtotal,
    sign(doc) * doc.iva,
    sign(doc) * doc.total,
    doc.ivaRate,
    doc.orderCode ?? '',
    doc.modifies ?? '',
  ];
}
