// The export as a readable PDF: the same sections as the JSON download, each document as
// "field: value" lines, long lists (numbers) wrapped, so a buyer reads what we hold
// without a JSON viewer.
import { MY_DATA_TEXTS } from '@vag/contracts';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { printable } from '../pdf/printable';
import type { PersonalData } from './personal-data';

const PAGE = { width: 595, height: 842, margin: 48 };
const SIZE = 9;
const LINE = 12;

function display(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) return value.join(', ');
  return String(value);
}

/** The buyer's own fields in Spanish; other fields keep their stored name. */
const FIELD_WORDS: Record<string, string> = {
  firstName: 'Nombre',
  lastName: 'Apellido',
  email: 'Correo',
  phone: 'Teléfono',
  country: 'País',
  address: 'Dirección',
  city: 'Ciudad',
  province: 'Provincia',
  document: 'Cédula o RUC',
  orderCode: 'Código de pedido',
  quantity: 'Cantidad de números',
  totalPrice: 'Total (USD)',
  paymentMethod: 'Método de pago',
  status: 'Estado',
  assignedNumbers: 'Números',
  createdAt: 'Fecha',
  granted: 'Acepta novedades',
  kind: 'Tipo',
  what: 'Qué se hizo',
};

function fieldName(path: string): string {
  const own = path.startsWith('buyer.') ? path.slice('buyer.'.length) : path;
  return FIELD_WORDS[own] ?? path;
}

/** A document as "field: value" lines, nested objects flattened. */
export function documentLines(doc: unknown, prefix = ''): string[] {
  if (doc === null || doc === undefined) return [];
  if (
    typeof doc !== 'object' ||
    doc instanceof Date ||
    (Array.isArray(doc) && doc.every((v) => typeof v !== 'object'))
  )
    return [`${fieldName(prefix)}: ${display(doc)}`];
  const entries = Array.isArray(doc)
    ? doc.map((v, i) => [String(i), v] as const)
    : Object.entries(doc);
  return entries.flatMap(([key, value]) => documentLines(value, prefix ? `${prefix}.${key}` : key));
}

function wrap(text: string, font: PDFFont, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of printable(text).split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(next, SIZE) <= width) current = next;
    else {
      if (current) lines.push(current);
      current = word;
      // A word wider than the line (a long id) is cut.
      while (font.widthOfTextAtSize(current, SIZE) > width) {
        const cut = Math.max(
          1,
          Math.floor((current.length * width) / font.widthOfTextAtSize(current, SIZE)),
        );
        lines.push(current.slice(0, cut));
        current = current.slice(cut);
      }
    }
  }
  if (current) lines.push(current);
  return lines;
}

class Writer {
  private page!: PDFPage;
  private y = 0;
  constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage();
  }
  private newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }
  line(text: string, options: { bold?: boolean; size?: number; gap?: number } = {}) {
    const font = options.bold ? this.bold : this.font;
    const size = options.size ?? SIZE;
    for (const part of wrap(text, font, PAGE.width - 2 * PAGE.margin)) {
      if (this.y < PAGE.margin) this.newPage();
      this.page.drawText(part, {
        x: PAGE.margin,
        y: this.y,
        size,
        font,
        color: rgb(0.1, 0.1, 0.1),
      });
      this.y -= Math.max(LINE, size + 4);
    }
    this.y -= options.gap ?? 0;
  }
}

export async function personalDataPdf(data: PersonalData): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(MY_DATA_TEXTS.pdfTitle);
  const w = new Writer(
    pdf,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
  );
  w.line(MY_DATA_TEXTS.pdfTitle, { bold: true, size: 16, gap: 4 });
  w.line(`Correo: ${data.email}`);
  w.line(`Generado: ${data.generatedAt}`, { gap: 8 });
  for (const section of data.sections) {
    const count = section.documents.length;
    w.line(`${section.label} (${count === 0 ? 'ninguno' : count})`, {
      bold: true,
      size: 11,
      gap: 2,
    });
    section.documents.forEach((doc, i) => {
      if (count > 1) w.line(`#${i + 1}`, { bold: true });
      for (const line of documentLines(doc)) w.line(line);
      w.line('', { gap: 2 });
    });
    w.line('', { gap: 4 });
  }
  return pdf.save();
}
