// The RIDE (representación impresa del documento electrónico): the PDF a buyer reads of a
// factura or nota de crédito, with the fields the SRI's ficha técnica asks of it — the
// issuer and its RUC, the document's number, authorization number and date, environment,
// emission, the access key as a Code128 barcode, the buyer, the detail and the totals.
// The XML stays the document that counts; this is its picture, made from the same data.
// A4, standard Helvetica (WinAnsi) as the ticket and the reports.
import { deflateSync } from 'node:zlib';
import {
  INVOICE_KIND_WORDS,
  RIDE_TEXTS as T,
  invoiceNumber,
  type PaymentMethod,
} from '@vag/contracts';
import bwipjs from 'bwip-js/node';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { InvoiceDoc } from '../db/invoices';
import { printable } from '../pdf/printable';
import { ecuadorDate } from './certificate';

type RideDoc = Pick<
  InvoiceDoc,
  | 'kind'
  | 'issuer'
  | 'environment'
  | 'estab'
  | 'ptoEmi'
  | 'secuencial'
  | 'accessKey'
  | 'buyer'
  | 'line'
  | 'ivaRate'
  | 'paymentMethod'
  | 'subtotal'
  | 'iva'
  | 'total'
  | 'issuedAt'
  | 'orderCode'
  | 'modifies'
  | 'modifiesIssuedOn'
  | 'reason'
  | 'authorizationNumber'
  | 'authorizedAt'
>;

const PAGE = { width: 595, height: 842 };
const MARGIN = 30;
const GAP = 10;
const LEFT_COLUMN = 235;
const INK = rgb(0.1, 0.1, 0.1);
const LINE = rgb(0.55, 0.55, 0.55);
/** The barcode's bar height and the narrowest bar's width (0.3 mm: within a scanner's reach). */
const BARCODE = { height: 36, minModule: 0.85 };

/** Tabla 24, as the XML's formaPago writes it (core/src/invoices/xml.ts). */
const PAYMENT_WORDS: Record<PaymentMethod, string> = {
  card: '19 - TARJETA DE CRÉDITO',
  mobile: '19 - TARJETA DE CRÉDITO',
  paypal: '20 - OTROS CON UTILIZACIÓN DEL SISTEMA FINANCIERO',
  bank_transfer: '20 - OTROS CON UTILIZACIÓN DEL SISTEMA FINANCIERO',
};

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

export async function renderRide(doc: RideDoc): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${INVOICE_KIND_WORDS[doc.kind]} ${invoiceNumber(doc)}`);
  pdf.setAuthor(doc.issuer.razonSocial);
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  // The right column is the wider: the 49-digit key's barcode needs some 320 modules.
  const left = { x: MARGIN, width: LEFT_COLUMN };
  const right = {
    x: MARGIN + LEFT_COLUMN + GAP,
    width: PAGE.width - 2 * MARGIN - GAP - LEFT_COLUMN,
  };
  const top = PAGE.height - MARGIN;
  const issuerBottom = drawIssuer(page, fonts, doc, { ...left, y: top });
  const documentBottom = drawDocumentBox(pdf, page, fonts, doc, { ...right, y: top });
  let y = Math.min(issuerBottom, documentBottom) - GAP;
  y = drawBuyer(page, fonts, doc, y) - GAP;
  y = drawDetail(page, fonts, doc, y) - GAP;
  drawAdditional(page, fonts, doc, { ...left, y });
  drawTotals(page, fonts, doc, { ...right, y });
  return pdf.save();
}

interface Box {
  x: number;
  y: number;
  width: number;
}

function drawIssuer(page: PDFPage, fonts: Fonts, doc: RideDoc, box: Box): number {
  const { issuer } = doc;
  const lines: Array<[string, PDFFont, number]> = [
    [issuer.razonSocial, fonts.bold, 12],
    ...(issuer.nombreComercial
      ? [[issuer.nombreComercial, fonts.regular, 10] as [string, PDFFont, number]]
      : []),
    [`${T.dirMatriz}: ${issuer.dirMatriz}`, fonts.regular, 8],
    [`${T.dirEstablecimiento}: ${issuer.dirEstablecimiento}`, fonts.regular, 8],
  ];
  if (issuer.contribuyenteEspecial)
    lines.push([`${T.contribuyenteEspecial} ${issuer.contribuyenteEspecial}`, fonts.regular, 8]);
  lines.push([
    `${T.obligadoContabilidad}: ${issuer.obligadoContabilidad ? T.yes : T.no}`,
    fonts.regular,
    8,
  ]);
  if (issuer.regime) lines.push([T.rimpe[issuer.regime], fonts.bold, 8]);
  const inner = { x: box.x + 6, width: box.width - 12 };
  let y = box.y - 14;
  for (const [text, font, size] of lines) y = drawWrapped(page, text, { ...inner, y }, font, size);
  const bottom = y - 4;
  frame(page, { ...box, y: box.y }, box.y - bottom);
  return bottom;
}

function drawDocumentBox(
  pdf: PDFDocument,
  page: PDFPage,
  fonts: Fonts,
  doc: RideDoc,
  box: Box,
): number {
  const inner = { x: box.x + 6, width: box.width - 12 };
  let y = box.y - 14;
  const line = (text: string, font = fonts.regular, size = 8) => {
    y = drawWrapped(page, text, { ...inner, y }, font, size);
  };
  line(`${T.ruc}: ${doc.issuer.ruc}`, fonts.bold, 11);
  line(T.title[doc.kind], fonts.bold, 13);
  line(`${T.number} ${invoiceNumber(doc)}`, fonts.bold, 10);
  y -= 2;
  line(T.authorizationNumber, fonts.bold);
  line(doc.authorizationNumber ?? T.notAuthorized);
  line(`${T.authorizationDate}: ${doc.authorizedAt ? ecuadorDateTime(doc.authorizedAt) : '—'}`);
  line(`${T.environment}: ${T.environments[doc.environment]}`);
  line(`${T.emission}: ${T.emissionNormal}`);
  y -= 2;
  line(T.accessKey, fonts.bold);
  y -= BARCODE.height + 2;
  drawBarcode(pdf, page, doc.accessKey, { x: inner.x, y, width: inner.width });
  y -= 10;
  page.drawText(doc.accessKey, { x: inner.x, y, size: 7, font: fonts.regular, color: INK });
  const bottom = y - 8;
  frame(page, box, box.y - bottom);
  return bottom;
}

/**
 * The access key in Code128 (bwip-js encodes it: start C, digit pairs, check symbol, stop),
 * drawn as vector bars in a content stream of its own, in module units like the ticket's
 * QR code: sharp when printed, and each bar is four small integers.
 */
function drawBarcode(pdf: PDFDocument, page: PDFPage, text: string, at: Box): void {
  const [encoded] = bwipjs.raw({ bcid: 'code128', text }) as Array<{ sbs: number[] }>;
  const widths = encoded?.sbs ?? [];
  const modules = widths.reduce((sum, w) => sum + w, 0);
  const unit = Math.max(BARCODE.minModule, at.width / modules);
  const ops = [
    `q 0 0 0 rg ${unit.toFixed(4)} 0 0 ${BARCODE.height} ${at.x.toFixed(2)} ${at.y.toFixed(2)} cm`,
  ];
  let x = 0;
  widths.forEach((width, i) => {
    // Even entries are bars, odd ones the spaces between them.
    if (i % 2 === 0) ops.push(`${x} 0 ${width} 1 re`);
    x += width;
  });
  ops.push('f Q');
  const stream = pdf.context.stream(deflateSync(ops.join('\n')), { Filter: 'FlateDecode' });
  page.node.addContentStream(pdf.context.register(stream));
}

function drawBuyer(page: PDFPage, fonts: Fonts, doc: RideDoc, top: number): number {
  const width = PAGE.width - 2 * MARGIN;
  const box = { x: MARGIN + 6, width: width - 12 };
  let y = top - 12;
  const row = (label: string, value: string) => {
    y = drawWrapped(page, `${label}: ${value}`, { ...box, y }, fonts.regular, 8);
  };
  row(T.buyerName, doc.buyer.name);
  row(T.buyerId, doc.buyer.id);
  row(T.issueDate, ecuadorDate(doc.issuedAt));
  if (doc.buyer.address) row(T.buyerAddress, doc.buyer.address);
  if (doc.kind === 'nota_credito') {
    row(T.modifies, T.modifiesFactura(doc.modifies ?? '', doc.modifiesIssuedOn ?? ''));
    row(T.reason, doc.reason ?? '');
  }
  const bottom = y - 4;
  frame(page, { x: MARGIN, y: top, width }, top - bottom);
  return bottom;
}

/** Cód. · Cant. · Descripción · Precio Unitario · Descuento · Precio Total: the ticket line. */
function drawDetail(page: PDFPage, fonts: Fonts, doc: RideDoc, top: number): number {
  const widths = [50, 40, 225, 80, 60, 80];
  const header = Object.values(T.columns);
  const unit = (doc.subtotal / doc.line.quantity).toFixed(6);
  const cells = [
    'BOLETO',
    String(doc.line.quantity),
    doc.line.description,
    unit,
    '0.00',
    doc.subtotal.toFixed(2),
  ];
  const headerBottom = tableRow(page, fonts.bold, header, widths, top);
  return tableRow(page, fonts.regular, cells, widths, headerBottom);
}

function tableRow(
  page: PDFPage,
  font: PDFFont,
  cells: readonly string[],
  widths: readonly number[],
  top: number,
): number {
  let x = MARGIN;
  let bottom = top;
  cells.forEach((cell, i) => {
    const width = widths[i]!;
    bottom = Math.min(
      bottom,
      drawWrapped(page, cell, { x: x + 3, y: top - 10, width: width - 6 }, font, 8),
    );
    x += width;
  });
  x = MARGIN;
  for (const width of widths) {
    frame(page, { x, y: top, width }, top - bottom);
    x += width;
  }
  return bottom;
}

function drawAdditional(page: PDFPage, fonts: Fonts, doc: RideDoc, box: Box): void {
  let y = box.y - 12;
  const inner = { x: box.x + 6, width: box.width - 12 };
  y = drawWrapped(page, T.additional, { ...inner, y }, fonts.bold, 9);
  y = drawWrapped(page, `${T.email}: ${doc.buyer.email}`, { ...inner, y }, fonts.regular, 8);
  if (doc.orderCode)
    y = drawWrapped(page, `${T.order}: ${doc.orderCode}`, { ...inner, y }, fonts.regular, 8);
  y = drawWrapped(
    page,
    `${T.paymentMethod}: ${PAYMENT_WORDS[doc.paymentMethod]} (${doc.total.toFixed(2)})`,
    { ...inner, y },
    fonts.regular,
    8,
  );
  frame(page, box, box.y - (y - 4));
}

function drawTotals(page: PDFPage, fonts: Fonts, doc: RideDoc, box: Box): void {
  const taxed = doc.ivaRate > 0;
  const rows: Array<[string, number, PDFFont]> = [
    [T.subtotalAt(doc.ivaRate), taxed ? doc.subtotal : 0, fonts.regular],
    ...(taxed ? [[T.subtotalAt(0), 0, fonts.regular] as [string, number, PDFFont]] : []),
    [T.subtotalNoTax, doc.subtotal, fonts.regular],
    [T.discount, 0, fonts.regular],
    [T.ivaAt(doc.ivaRate), doc.iva, fonts.regular],
    [T.total, doc.total, fonts.bold],
  ];
  if (!taxed) rows[0] = [T.subtotalAt(0), doc.subtotal, fonts.regular];
  let y = box.y;
  for (const [label, amount, font] of rows) {
    page.drawText(printable(label), { x: box.x + 6, y: y - 11, size: 8, font, color: INK });
    const value = amount.toFixed(2);
    const width = font.widthOfTextAtSize(value, 8);
    page.drawText(value, {
      x: box.x + box.width - 6 - width,
      y: y - 11,
      size: 8,
      font,
      color: INK,
    });
    frame(page, { ...box, y }, 15);
    y -= 15;
  }
}

/** Draws `text` wrapped to the box's width from its top line; answers the y below it. */
function drawWrapped(page: PDFPage, text: string, box: Box, font: PDFFont, size: number): number {
  let y = box.y;
  for (const line of wrap(printable(text), font, size, box.width)) {
    page.drawText(line, { x: box.x, y, size, font, color: INK });
    y -= size + 3;
  }
  return y;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

function frame(page: PDFPage, box: Box, height: number): void {
  page.drawRectangle({
    x: box.x,
    y: box.y - height,
    width: box.width,
    height,
    borderColor: LINE,
    borderWidth: 0.6,
  });
}

/** dd/mm/aaaa hh:mm:ss in Ecuador's time zone, as the SRI prints the authorization date. */
function ecuadorDateTime(date: Date): string {
  const time = new Intl.DateTimeFormat('es-EC', {
    timeZone: 'America/Guayaquil',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(date);
  return `${ecuadorDate(date)} ${time}`;
}
