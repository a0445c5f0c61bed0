// boleto.pdf: one A5 page per paid purchase, read as a document — raffle, prize, order
// code, whose it is (name, cédula's last digits), what was paid and when, when the draw
// is, the numbers in order, any instant prize won, the declared draw rule and a QR code
// to /verificar with the numbers, so the buyer can check them against the published key
// after the draw, then the link to the raffle's trust page (who organizes it, its
// permit). Standard Helvetica (WinAnsi) as in the reports.
// In core because two places hand it out: the order page's download (api) and the numbers
// e-mail (workers), and both must give the same ticket.
import { RAFFLE_TRUST_TEXTS, TICKET_TEXTS } from '@vag/contracts';
import { deflateSync } from 'node:zlib';
import { correction, generate, mode } from 'lean-qr';
import { PDFDocument, PDFString, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { printable } from '../pdf/printable';

export interface TicketData {
  raffleName: string;
  prize: string;
  orderCode: string;
  buyerName?: string;
  /** Masked (maskedDocument): the ticket travels. */
  buyerDocument?: string;
  /** Formatted, as '$9,50'. */
  total?: string;
  /** In words, on Ecuador's clock. */
  purchasedAt?: string;
  drawText?: string;
  numbers: readonly string[];
  instantPrizes?: ReadonlyArray<{ number: string; amount: string }>;
  ruleText: string;
  verifyUrl: string;
  /** The raffle's trust page (who organizes it, its permit): tickets of raffles with a slug. */
  trustUrl?: string;
}

const PAGE = { width: 420, height: 595 };
const MARGIN = 32;
const BRAND = rgb(0.24, 0.06, 0.5);
const INK = rgb(0.1, 0.1, 0.1);
const WIN = rgb(0.05, 0.45, 0.2);

/**
 * Lines already wrapped, by font, size, width and text: most of a ticket's text (the
 * titles, the raffle's name, prize and rule) is the same on every ticket of a raffle, and
 * measuring it with pdf-lib's kerning tables was a fifth of a ticket's time.
 */
const wrappedLines = new Map<string, readonly string[]>();
const MAX_WRAPPED = 500;

/** Splits `text` into lines no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): readonly string[] {
  const key = `${font.name}|${size}|${width}|${text}`;
  let lines = wrappedLines.get(key);
  if (!lines) {
    lines = wrapLines(text, font, size, width);
    if (wrappedLines.size >= MAX_WRAPPED) wrappedLines.clear();
    wrappedLines.set(key, lines);
  }
  return lines;
}

function wrapLines(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text).split(/\s+/)) {
    for (const piece of pieces(word, fits)) {
      const next = line ? `${line} ${piece}` : piece;
      if (line && !fits(next)) {
        lines.push(line);
        line = piece;
      } else line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A word wider than a line (the verifier link with many numbers) in pieces that fit,
 * each broken after a comma, slash or ampersand when one is in its second half.
 */
function pieces(word: string, fits: (text: string) => boolean): string[] {
  const found: string[] = [];
  let rest = word;
  while (!fits(rest)) {
    // The longest start of `rest` that fits, found by halving.
    let lo = 1;
    let hi = rest.length - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (fits(rest.slice(0, mid))) lo = mid;
      else hi = mid - 1;
    }
    const soft = Math.max(...[',', '/', '&'].map((mark) => rest.lastIndexOf(mark, lo - 1)));
    const cut = soft >= lo / 2 ? soft + 1 : lo;
    found.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  found.push(rest);
  return found;
}

/**
 * The most bytes a QR code holds (version 40, byte mode; ISO/IEC 18004 table 7): M
 * corrects 15 % of a damaged code, L 7 %. The link of a purchase of some 330 numbers
 * outgrows M and one of some 420 outgrows L.
 */
const QR_BYTES = { M: 2331, L: 2953 } as const;
/** The smallest side of a QR code's module on the ticket, in points. */
const QR_MODULE_PT = 1.5;

/** A QR code's modules, row by row from the top. */
interface QrModules {
  size: number;
  dark(row: number, col: number): boolean;
}

/**
 * The QR code's modules for `text`, at the strongest error correction it fits in, or
 * null when it is too long for any. One byte segment: a search for the shortest mix of
 * encodings saves a link of digits and commas nothing here. lean-qr picks the ISO mask as
 * qrcode did (the same modules) in 60 % of its time.
 */
function qrModules(text: string): QrModules | null {
  const data = Buffer.from(text);
  const level = (['M', 'L'] as const).find((l) => data.byteLength <= QR_BYTES[l]);
  if (!level) return null;
  const code = generate(mode.bytes(data), {
    minCorrectionLevel: correction[level],
    maxCorrectionLevel: correction[level],
  });
  return { size: code.size, dark: (row, col) => code.get(col, row) };
}

/**
 * Draws the QR code's modules as vector squares, one rectangle per run of dark modules in
 * a row, filled as one path (no seams between rows). An embedded PNG cost every paid
 * purchase a PNG encode, its decode by pdf-lib and a second deflate: a fifth of the api's
 * CPU in a sellout. Vectors are also sharp at any zoom and when printed.
 *
 * The squares go into a content stream of their own, written as text and deflated by
 * Node's zlib: as pdf-lib operators they were some 300 objects per ticket, and pdf-lib's
 * JavaScript deflate of them cost more than the QR code itself (run 8, docs/bench-history.md).
 */
function drawQrCode(
  pdf: PDFDocument,
  page: PDFPage,
  modules: QrModules,
  at: { x: number; y: number; size: number },
) {
  const n = modules.size;
  const unit = (at.size / n).toFixed(4);
  // Module units from here on: every rectangle is four small integers.
  const ops = [`q 0 0 0 rg ${unit} 0 0 ${unit} ${at.x.toFixed(2)} ${at.y.toFixed(2)} cm`];
  for (let row = 0; row < n; row++) {
    let start = -1;
    for (let col = 0; col <= n; col++) {
      const dark = col < n && modules.dark(row, col);
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        // PDF's y axis points up: the QR code's first row is the top one.
        ops.push(`${start} ${n - 1 - row} ${col - start} 1 re`);
        start = -1;
      }
    }
  }
  ops.push('f Q');
  // Level 1: the rectangles' text compresses almost as well, in a third of the time.
  const stream = pdf.context.stream(deflateSync(ops.join('\n'), { level: 1 }), {
    Filter: 'FlateDecode',
  });
  page.node.addContentStream(pdf.context.register(stream));
}

/**
 * Makes rectangles of pages open `uri` when tapped or clicked: one annotation each, all
 * sharing one action, so a long link is written into the file once.
 */
function linkTo(pdf: PDFDocument, uri: string) {
  const action = pdf.context.register(
    pdf.context.obj({ Type: 'Action', S: 'URI', URI: PDFString.of(uri) }),
  );
  return (page: PDFPage, rect: [number, number, number, number]) => {
    const annotation = pdf.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: rect,
      Border: [0, 0, 0],
      A: action,
    });
    page.node.addAnnot(pdf.context.register(annotation));
  };
}

export async function renderTicketPdf(ticket: TicketData): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${TICKET_TEXTS.title} ${ticket.orderCode}`);
  pdf.setLanguage('es-EC');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.CourierBold);
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  const inner = PAGE.width - 2 * MARGIN;
  let y = PAGE.height - MARGIN;

  // A long purchase goes on to further pages rather than off the bottom. A line with a
  // `uri` opens it when tapped, every piece of it on whichever page it lands.
  const line = (text: string, size: number, f: PDFFont = font, color = INK, uri?: string) => {
    const link = uri ? linkTo(pdf, uri) : null;
    for (const part of wrap(text, f, size, inner)) {
      if (y - size < MARGIN) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - MARGIN;
      }
      y -= size + 3;
      page.drawText(part, { x: MARGIN, y, size, font: f, color });
      link?.(page, [MARGIN, y - 2, MARGIN + f.widthOfTextAtSize(part, size), y + size]);
    }
  };

  line('Voy a Ganar', 20, bold, BRAND);
  line(TICKET_TEXTS.title, 12, font, BRAND);
  y -= 6;
  line(`${TICKET_TEXTS.raffle}: ${ticket.raffleName}`, 11, bold);
  line(`${TICKET_TEXTS.prize}: ${ticket.prize}`, 11);
  if (ticket.drawText) line(`${TICKET_TEXTS.drawDate}: ${ticket.drawText}`, 11);
  y -= 4;
  // 11 pt: read on a phone, the A5 page is shown some 390 px wide.
  line(`${TICKET_TEXTS.orderCode}: ${ticket.orderCode}`, 11, bold);
  if (ticket.buyerName) line(`${TICKET_TEXTS.buyer}: ${ticket.buyerName}`, 11);
  if (ticket.buyerDocument) line(`${TICKET_TEXTS.document}: ${ticket.buyerDocument}`, 11);
  if (ticket.total) line(`${TICKET_TEXTS.total}: ${ticket.total}`, 11);
  if (ticket.purchasedAt) line(`${TICKET_TEXTS.purchasedAt}: ${ticket.purchasedAt}`, 11);
  y -= 8;
  line(TICKET_TEXTS.numbers(ticket.numbers.length), 12, bold, BRAND);
  line(ticket.numbers.join(', '), 14, mono);
  if (ticket.instantPrizes?.length) {
    y -= 4;
    line(TICKET_TEXTS.instantPrizeTitle, 12, bold, WIN);
    for (const prize of ticket.instantPrizes)
      line(TICKET_TEXTS.instantPrize(prize.number, prize.amount), 11, bold);
  }
  y -= 8;
  line(TICKET_TEXTS.rule, 10, bold);
  line(ticket.ruleText, 9);
  y -= 8;
  const qr = qrModules(ticket.verifyUrl);
  line(qr ? TICKET_TEXTS.verify : TICKET_TEXTS.verifyWithoutQr, 9);
  line(ticket.verifyUrl, 8, font, BRAND, ticket.verifyUrl);

  if (qr) {
    // A large purchase's code has more modules: it grows so that each stays big enough
    // for a phone's camera on paper (1.5 pt, half a millimetre), up to the page's width.
    const size = Math.min(inner, Math.max(120, qr.size * QR_MODULE_PT));
    const quietZone = 12;
    if (y - size - quietZone < MARGIN) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
    }
    drawQrCode(pdf, page, qr, { x: (PAGE.width - size) / 2, y: y - size - quietZone, size });
    y -= size + quietZone + 8;
  }
  if (ticket.trustUrl) {
    line(RAFFLE_TRUST_TEXTS.ticketLine, 9);
    line(ticket.trustUrl, 8, font, BRAND, ticket.trustUrl);
  }
  // Plain objects rather than object streams, which pdf-lib deflates in JavaScript: a
  // third of the ticket's time for 1 KB.
  return pdf.save({ useObjectStreams: false });
}
