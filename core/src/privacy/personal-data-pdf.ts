// The export as a document a person reads (LOPDP art. 13): who it is for, when it was
// made (Ecuador's clock, in Spanish), then one section per kind of data: their purchases
// (code, raffle, date, amount, method, numbers), payments, messages sent, consents,
// requests about their data, what happened to their purchases, and the rest. Spanish
// labels and formatted values only: no internal ids, keys or staff, as personal-data.ts
// exports them.
import {
  DATA_REQUEST_KIND_WORDS,
  formatDateTime,
  formatUsd,
  LOCALE,
  MY_DATA_TEXTS,
  PAYMENT_METHOD_LABELS,
  REPORT_STATUS_LABELS,
  TIME_ZONE,
  WHATSAPP_TEXTS,
  type DataRequestKind,
  type PaymentMethod,
} from '@vag/contracts';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { printable } from '../pdf/printable';
import type { ExportedRecord, Section } from './places';
import type { PersonalData } from './personal-data';

const PAGE = { width: 595, height: 842, margin: 56 };
const SIZE = 10;
const LABEL_COLUMN = 128;
const INK = rgb(0.12, 0.12, 0.12);
const MUTED = rgb(0.4, 0.4, 0.4);

const longDate = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const SECTION_TITLES: Record<Section, string> = {
  purchases: 'Tus compras',
  payments: 'Tus pagos',
  messages: 'Mensajes que te enviamos',
  consents: 'Consentimientos',
  requests: 'Solicitudes sobre tus datos',
  history: 'Lo que pasó con tus compras',
  other: 'Otros datos',
};

const CHANNELS: Record<string, string> = { email: 'Correo', sms: 'SMS', whatsapp: 'WhatsApp' };
const MESSAGES: Record<string, string> = {
  ...WHATSAPP_TEXTS.labels,
  lookup_mail: 'Enlace a tus pedidos',
};
const CONSENT_SOURCES: Record<string, string> = {
  checkout: 'al comprar',
  reseller: 'con un vendedor',
  staff: 'por nuestro equipo',
  unsubscribe_link: 'con el enlace del correo',
  my_data: 'en «Mis datos»',
};
const MAIL_STATES: Record<string, string> = {
  sending: 'Enviando',
  sent: 'Enviado',
  logged: 'Registrado',
  failed: 'No se pudo enviar',
};

type Lines = Array<[label: string, value: string]>;
interface Block {
  title: string;
  lines: Lines;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const when = (v: unknown) => (typeof v === 'string' && v ? formatDateTime(v) : '');
const money = (v: unknown) => (typeof v === 'number' ? formatUsd(v) : '');
const joined = (...parts: unknown[]) => parts.map(str).filter(Boolean).join(', ');
const fullName = (r: ExportedRecord) =>
  [str(r.firstName), str(r.lastName)].filter(Boolean).join(' ');
/** 'ECUADOR' as a person writes it. */
const capitalized = (v: unknown) => str(v).charAt(0) + str(v).slice(1).toLowerCase();
const order = (r: ExportedRecord) => (r.orderCode ? `Pedido ${str(r.orderCode)}` : 'Pedido');
/** Lines with a value; the empty ones are left out. */
const filled = (lines: Lines): Lines => lines.filter(([, value]) => value.trim() !== '');

function purchaseBlock(r: ExportedRecord): Block {
  const numbers = Array.isArray(r.numbers) ? (r.numbers as string[]) : [];
  const prizes = Array.isArray(r.instantPrizes)
    ? (r.instantPrizes as Array<{ number: string; amount: number }>)
    : [];
  const status = REPORT_STATUS_LABELS[str(r.status) as keyof typeof REPORT_STATUS_LABELS];
  return {
    title: [order(r), str(r.raffle)].filter(Boolean).join(' · '),
    lines: filled([
      ['Fecha', when(r.createdAt)],
      ['Monto', money(r.totalPrice)],
      ['Método de pago', PAYMENT_METHOD_LABELS[str(r.paymentMethod) as PaymentMethod] ?? ''],
      ['Estado', status ?? str(r.status)],
      ['Pagado', when(r.paidAt)],
      [`Números (${numbers.length})`, numbers.length ? numbers.join(', ') : 'todavía ninguno'],
      [
        'Premios instantáneos',
        prizes.map((p) => `${p.number} (${formatUsd(p.amount)})`).join(', '),
      ],
      ['A nombre de', fullName(r)],
      ['Cédula o RUC', str(r.document)],
      ['Correo', str(r.email)],
      ['Teléfono', str(r.phone)],
      ['Dirección', joined(r.address, r.city, r.province, capitalized(r.country))],
      ['Comprobantes subidos', r.receipts ? String(r.receipts) : ''],
    ]),
  };
}

function paymentBlock(r: ExportedRecord): Block {
  if (r.kind === 'receipt')
    return {
      title: `Comprobante de pago · ${order(r)}`,
      lines: filled([['Subido', when(r.at)]]),
    };
  return {
    title: `Movimiento del banco · ${order(r)}`,
    lines: filled([
      ['Fecha', str(r.date).replace(/^(\d{4})-(\d{2})-(\d{2}).*$/, '$3/$2/$1')],
      ['Monto', money(r.amount)],
      ['Concepto', str(r.description)],
    ]),
  };
}

function messageBlock(r: ExportedRecord): Block {
  const channel = CHANNELS[str(r.channel)] ?? str(r.channel);
  const what = MESSAGES[str(r.message || r.kind)] ?? str(r.message);
  const status = WHATSAPP_TEXTS.statusWords[str(r.status)] ?? MAIL_STATES[str(r.status)] ?? '';
  return {
    title: [when(r.at), channel, what].filter(Boolean).join(' · '),
    lines: filled([
      ['Para', str(r.to)],
      ['Pedido', str(r.orderCode)],
      ['Estado', status],
    ]),
  };
}

function consentBlocks(data: PersonalData): Block[] {
  const marketing = data.sections.consents.map((r) => ({
    title: 'Noticias de próximas rifas',
    lines: filled([
      ['Tu elección', r.granted ? 'Sí, quieres recibirlas' : 'No quieres recibirlas'],
      ['Desde', `${CONSENT_SOURCES[str(r.source)] ?? str(r.source)}, ${when(r.at)}`],
    ]),
  }));
  const terms = data.sections.purchases
    .filter((r) => r.termsAcceptedAt)
    .map((r) => ({
      title: `Términos y aviso de privacidad · ${order(r)}`,
      lines: filled([
        ['Aceptados', when(r.termsAcceptedAt)],
        ['Versiones', joined(r.termsVersion, r.privacyVersion)],
        ['Mensajes del pedido por', CHANNELS[str(r.messagingChannel)] ?? ''],
        ['Aceptaste WhatsApp', when(r.whatsappOptInAt)],
      ]),
    }));
  return [...marketing, ...terms];
}

function requestBlock(r: ExportedRecord): Block {
  return {
    title: `${when(r.at)} · ${DATA_REQUEST_KIND_WORDS[str(r.kind) as DataRequestKind] ?? str(r.kind)}`,
    lines: filled([
      ['Estado', r.status === 'done' ? 'Atendida' : 'En curso'],
      ['Qué se hizo', str(r.what)],
    ]),
  };
}

function historyBlock(r: ExportedRecord): Block {
  return { title: `${when(r.at)} · ${order(r)}`, lines: filled([['', str(r.what)]]) };
}

function otherBlock(r: ExportedRecord): Block {
  if (r.kind === 'won')
    return { title: `Ganaste el sorteo «${str(r.raffle)}»`, lines: filled([['Con el', order(r)]]) };
  return {
    title: `Dirección de internet de tu pedido · ${order(r)}`,
    lines: filled([['Dirección IP', str(r.address)]]),
  };
}

/** Each section's blocks, in the order a person reads them. */
function blocksOf(data: PersonalData): Array<[title: string, blocks: Block[]]> {
  const s = data.sections;
  return [
    [SECTION_TITLES.purchases, s.purchases.map(purchaseBlock)],
    [SECTION_TITLES.payments, s.payments.map(paymentBlock)],
    [SECTION_TITLES.messages, s.messages.map(messageBlock)],
    [SECTION_TITLES.consents, consentBlocks(data)],
    [SECTION_TITLES.requests, s.requests.map(requestBlock)],
    [SECTION_TITLES.history, s.history.map(historyBlock)],
    [SECTION_TITLES.other, s.other.map(otherBlock)],
  ];
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of printable(text).split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) current = next;
    else {
      if (current) lines.push(current);
      current = word;
      // A word wider than the line (a long concept) is cut.
      while (font.widthOfTextAtSize(current, size) > width) {
        const cut = Math.max(
          1,
          Math.floor((current.length * width) / font.widthOfTextAtSize(current, size)),
        );
        lines.push(current.slice(0, cut));
        current = current.slice(cut);
      }
    }
  }
  if (current) lines.push(current);
  return lines;
}

interface TextStyle {
  bold?: boolean;
  size?: number;
  color?: ReturnType<typeof rgb>;
  indent?: number;
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
  /** Starts a new page when less than `height` is left. */
  keep(height: number) {
    if (this.y - height < PAGE.margin) this.newPage();
  }
  space(height: number) {
    this.y -= height;
  }
  text(text: string, style: TextStyle = {}) {
    const font = style.bold ? this.bold : this.font;
    const size = style.size ?? SIZE;
    const x = PAGE.margin + (style.indent ?? 0);
    for (const part of wrap(text, font, size, PAGE.width - PAGE.margin - x)) {
      this.keep(size + 4);
      this.page.drawText(part, { x, y: this.y - size, size, font, color: style.color ?? INK });
      this.y -= size + 4;
    }
  }
  /** "Label: value", the label in grey, the value wrapped beside it. */
  field(label: string, value: string, indent: number) {
    if (!label) return this.text(value, { indent });
    const x = PAGE.margin + indent;
    const labelText = `${printable(label)}: `;
    // One column for the labels, so the values line up; a longer label pushes its value.
    const labelWidth = Math.max(LABEL_COLUMN, this.font.widthOfTextAtSize(labelText, SIZE));
    const parts = wrap(value, this.font, SIZE, PAGE.width - PAGE.margin - x - labelWidth);
    parts.forEach((part, i) => {
      this.keep(SIZE + 4);
      if (i === 0)
        this.page.drawText(labelText, {
          x,
          y: this.y - SIZE,
          size: SIZE,
          font: this.font,
          color: MUTED,
        });
      this.page.drawText(part, {
        x: x + labelWidth,
        y: this.y - SIZE,
        size: SIZE,
        font: this.font,
        color: INK,
      });
      this.y -= SIZE + 4;
    });
  }
  rule() {
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.width - PAGE.margin, y: this.y },
      thickness: 0.6,
      color: rgb(0.8, 0.8, 0.8),
    });
    this.y -= 8;
  }
}

/** The name on the person's latest purchase, if any. */
function nameOf(data: PersonalData): string {
  const latest = data.sections.purchases.at(-1);
  return latest ? fullName(latest) : '';
}

export async function personalDataPdf(data: PersonalData): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(MY_DATA_TEXTS.pdfTitle);
  pdf.setLanguage('es-EC');
  const w = new Writer(
    pdf,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
  );
  const name = nameOf(data);
  w.text(MY_DATA_TEXTS.pdfTitle, { bold: true, size: 20 });
  w.space(4);
  w.text(`Para ${name ? `${name} (${data.email})` : data.email}`, { size: 11 });
  w.text(`Generado el ${longDate.format(new Date(data.generatedAt))} (hora de Ecuador)`, {
    size: 11,
  });
  w.space(6);
  w.text(MY_DATA_TEXTS.pdfIntro, { color: MUTED });
  w.space(10);
  for (const [title, blocks] of blocksOf(data)) {
    w.keep(60);
    w.text(title, { bold: true, size: 13 });
    w.space(2);
    w.rule();
    if (blocks.length === 0) w.text(MY_DATA_TEXTS.pdfNothing, { color: MUTED, indent: 8 });
    for (const block of blocks) {
      w.keep(SIZE * 3);
      w.text(block.title, { bold: true, indent: 8 });
      for (const [label, value] of block.lines) w.field(label, value, 16);
      w.space(6);
    }
    w.space(10);
  }
  return pdf.save();
}
