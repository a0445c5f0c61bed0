// Every place the store keeps a buyer's personal data, in one list: the export reads each
// (personal-data.ts) and the deletion scrubs or removes each (anonymize.ts), so a place
// added here is both exported and erased. A buyer is known by their e-mail; their
// purchases give the rest (phones, cédulas, names, addresses) and the ids other places use.
import type { Db, Filter } from 'mongodb';
import type { PurchaseDoc } from '../db/purchases';

export interface Person {
  email: string;
  purchaseIds: string[];
  /** Strings that name the person wherever they appear (e-mail, phones, cédulas, full names, addresses). */
  strong: string[];
  /** Strings that name the person only as a whole value (a first or a last name alone). */
  exact: string[];
}

/** A phone as typed and as stored (09…, +5939…). */
function phoneForms(phone: string): string[] {
  const digits = phone.replace(/[\s-]/g, '');
  if (!digits) return [];
  if (digits.startsWith('+593')) return [digits, `0${digits.slice(4)}`];
  if (digits.startsWith('0')) return [digits, `+593${digits.slice(1)}`];
  return [digits];
}

const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/** The buyer behind `email`, from their purchases. */
export async function identify(db: Db, email: string): Promise<Person> {
  const normalized = email.trim().toLowerCase();
  const purchases = await db
    .collection<PurchaseDoc>('purchases')
    .find({ 'buyer.email': normalized }, { projection: { buyer: 1 } })
    .toArray();
  const buyers = purchases.map((p) => p.buyer);
  const strong = unique([
    normalized,
    ...buyers.flatMap((b) => phoneForms(b.phone ?? '')),
    ...buyers.map((b) => b.document ?? '').filter((d) => d.length >= 6),
    ...buyers.map((b) => `${b.firstName} ${b.lastName}`),
    ...buyers.map((b) => b.address ?? '').filter((a) => a.length >= 6),
  ]);
  return {
    email: normalized,
    purchaseIds: purchases.map((p) => p._id),
    strong,
    exact: unique(buyers.flatMap((b) => [b.firstName, b.lastName])),
  };
}

/** What the deletion does with a place's documents. */
export type Erasure =
  /** Replace the person's data in the documents, keep the rest (purchases, audit…). */
  | { kind: 'scrub'; fields?: string[] }
  /** Remove the documents: they are delivery or counting state, nothing the law needs. */
  | { kind: 'delete' }
  /** Receipt files: the bytes go, the purchase keeps the record that there was one. */
  | { kind: 'receipts' }
  /** Documents keyed by the e-mail: kept (the history of a choice) under the alias. */
  | { kind: 'rekey' }
  /** Free texts written by others about the person (a bank's concept): the whole text goes. */
  | { kind: 'replace'; fields: string[] };

/** A stored document of any place. */
export type StoredDoc = { _id: string; [field: string]: unknown };

/** The collection of a place. */
export const placeCollection = (db: Db, place: Place) => db.collection<StoredDoc>(place.collection);

export interface Place {
  /** The collection (the receipts' files: their GridFS bucket). */
  collection: string;
  /** What the export calls it. */
  label: string;
  filter: (person: Person) => Filter<StoredDoc>;
  erasure: Erasure;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function naming(person: Person) {
  return { $regex: person.strong.map(escapeRegex).join('|'), $options: 'i' };
}

function buyerKeys(person: Person): string[] {
  return [
    `e:${person.email}`,
    ...person.strong.filter((s) => s.startsWith('+593')).map((p) => `p:${p}`),
    ...person.strong.filter((s) => /^\d{10,13}$/.test(s)).map((d) => `d:${d}`),
  ];
}

export const PLACES: readonly Place[] = [
  {
    collection: 'purchases',
    label: 'Compras',
    filter: (p) => ({ 'buyer.email': p.email }),
    erasure: { kind: 'scrub' },
  },
  {
    collection: 'report_facts',
    label: 'Reportes de ventas',
    filter: (p) => ({ $or: [{ 'buyer.email': p.email }, { _id: { $in: p.purchaseIds } }] }),
    erasure: { kind: 'scrub' },
  },
  {
    collection: 'receipts.files',
    label: 'Comprobantes de pago',
    filter: (p) => ({ 'metadata.purchaseId': { $in: p.purchaseIds } }),
    erasure: { kind: 'receipts' },
  },
  {
    collection: 'order_holds',
    label: 'Límites de compra',
    filter: (p) => ({
      $or: [{ buyerKeys: { $in: buyerKeys(p) } }, { _id: { $in: p.purchaseIds } }],
    }),
    erasure: { kind: 'scrub' },
  },
  {
    collection: 'lookup_requests',
    label: 'Consultas de pedidos',
    filter: (p) => ({ 'outbox.event.data.email': p.email }),
    erasure: { kind: 'scrub' },
  },
  {
    collection: 'audit_log',
    label: 'Registro de auditoría',
    filter: (p) => ({
      $or: [{ purchaseId: { $in: p.purchaseIds } }, { description: naming(p) }],
    }),
    erasure: { kind: 'scrub', fields: ['description'] },
  },
  {
    collection: 'marketing_consents',
    label: 'Consentimiento de novedades',
    // One document per e-mail, keyed by it (marketing-consent.ts).
    filter: (p) => ({ _id: p.email }),
    erasure: { kind: 'rekey' },
  },
  {
    collection: 'data_requests',
    label: 'Solicitudes sobre tus datos',
    filter: (p) => ({ email: p.email }),
    erasure: { kind: 'scrub' },
  },
  {
    collection: 'raffles',
    label: 'Sorteos ganados',
    filter: (p) => ({ 'drawOutbox.event.data.winner.email': p.email }),
    erasure: { kind: 'scrub', fields: ['drawOutbox'] },
  },
  {
    collection: 'draw_notices',
    label: 'Avisos del sorteo',
    filter: (p) => ({ to: { $in: p.strong } }),
    erasure: { kind: 'delete' },
  },
  {
    // Twilio's delivery states per message: the number it went to (and the SMS kept for
    // a WhatsApp fallback) are theirs; the state, the time and the purchase stay.
    collection: 'message_deliveries',
    label: 'Entregas de WhatsApp y SMS',
    filter: (p) => ({
      $or: [{ purchaseId: { $in: p.purchaseIds } }, { to: { $in: p.strong } }],
    }),
    erasure: { kind: 'scrub' },
  },
  {
    collection: 'unpaid_notice_throttle',
    label: 'Avisos de pedidos sin pagar',
    filter: (p) => ({ _id: { $in: p.strong.flatMap((s) => [`email:${s}`, `sms:${s}`]) } }),
    erasure: { kind: 'delete' },
  },
  {
    // The payer's own words in the bank's concept ("TRANSF ANA PEREZ VAG-…"), in whatever
    // spelling their bank uses: a line that paid their order loses its texts whole, and
    // keeps its date, amount, order and fingerprint (the reconciliation stays provable).
    collection: 'bank_statement_lines',
    label: 'Movimientos del banco',
    filter: (p) => ({
      $or: [
        { purchaseId: { $in: p.purchaseIds } },
        { description: naming(p) },
        { reference: naming(p) },
      ],
    }),
    erasure: { kind: 'replace', fields: ['description', 'reference'] },
  },
  {
    collection: 'rate_limits',
    label: 'Límites de solicitudes',
    filter: (p) => ({ subject: { $in: p.strong } }),
    erasure: { kind: 'delete' },
  },
];
