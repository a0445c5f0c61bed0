// Every place the store keeps a buyer's personal data, in one list: the export reads each
// (personal-data.ts) and the deletion erases each (anonymize.ts), so a place added here is
// both exported and erased (SPEC, "Personal data and trust"; DESIGN, "Security").
//
// A person is what they proved: the e-mail whose mailbox opened the link, the purchases
// made with it, and the documents that name those purchases by id. What a buyer typed on
// an order (a phone, a cédula, a name, an address) is never a key into other documents
// nor a word searched in free text: anyone may type anyone's phone on an order. A phone or
// cédula of theirs that is also on another buyer's purchase goes to staff review instead
// (the data request lists it), and nothing found only through it is exported or erased.
import type { Db, Filter } from 'mongodb';
import { FIRST_RAFFLE_ID } from '../db/by-raffle';
import type { PurchaseDoc } from '../db/purchases';

export interface Person {
  /** The verified e-mail, lower-cased. */
  email: string;
  purchaseIds: string[];
  /** Their purchases' order codes, by purchase id (what a person reads; never the id). */
  orderCodes: Map<string, string>;
  /** Their phones (every stored form) that no other buyer's purchase carries. */
  ownPhones: string[];
  /** Their phones and cédulas that another buyer's purchase carries too: for staff. */
  shared: SharedValue[];
  /** The shared phones in every form they are stored in. */
  sharedPhones: string[];
}

/** A value typed on the person's purchases that is on someone else's purchase too. */
export interface SharedValue {
  field: 'phone' | 'document';
  value: string;
  /** The other purchases' order codes (or ids), for staff to look at. */
  otherOrders: string[];
}

/** A phone as typed and as stored (09…, +5939…). */
export function phoneForms(phone: string): string[] {
  const digits = phone.replace(/[\s-]/g, '');
  if (!digits) return [];
  if (digits.startsWith('+593')) return [digits, `0${digits.slice(4)}`];
  if (digits.startsWith('0')) return [digits, `+593${digits.slice(1)}`];
  return [digits];
}

const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

type BuyerRow = Pick<PurchaseDoc, '_id' | 'buyer' | 'orderCode'>;

/** Other buyers' purchases that carry `forms` in `field`. */
async function othersWith(
  db: Db,
  email: string,
  field: 'phone' | 'document',
  forms: string[],
): Promise<string[]> {
  const others = await db
    .collection<PurchaseDoc>('purchases')
    .find(
      { [`buyer.${field}`]: { $in: forms }, 'buyer.email': { $ne: email } },
      { projection: { _id: 1, orderCode: 1 } },
    )
    .toArray();
  return others.map((p) => p.orderCode ?? p._id);
}

/** Splits the person's phones and cédulas into their own and those shared with another buyer. */
async function sortTypedValues(
  db: Db,
  email: string,
  purchases: BuyerRow[],
): Promise<Pick<Person, 'ownPhones' | 'shared' | 'sharedPhones'>> {
  const ownPhones: string[] = [];
  const shared: SharedValue[] = [];
  const phones = unique(purchases.map((p) => p.buyer.phone ?? ''));
  const documents = unique(purchases.map((p) => p.buyer.document ?? ''));
  for (const phone of phones) {
    const forms = phoneForms(phone);
    const otherOrders = await othersWith(db, email, 'phone', forms);
    if (otherOrders.length > 0) shared.push({ field: 'phone', value: phone, otherOrders });
    else ownPhones.push(...forms);
  }
  for (const document of documents) {
    const otherOrders = await othersWith(db, email, 'document', [document]);
    if (otherOrders.length > 0) shared.push({ field: 'document', value: document, otherOrders });
  }
  const sharedPhones = shared.flatMap((v) => (v.field === 'phone' ? phoneForms(v.value) : []));
  return { ownPhones: unique(ownPhones), shared, sharedPhones: unique(sharedPhones) };
}

/** The person behind the verified `email`: their purchases, and which typed values are theirs alone. */
export async function identify(db: Db, email: string): Promise<Person> {
  const normalized = email.trim().toLowerCase();
  const purchases = await db
    .collection<PurchaseDoc>('purchases')
    .find({ 'buyer.email': normalized }, { projection: { buyer: 1, orderCode: 1 } })
    .toArray();
  return {
    email: normalized,
    purchaseIds: purchases.map((p) => p._id),
    orderCodes: new Map(purchases.flatMap((p) => (p.orderCode ? [[p._id, p.orderCode]] : []))),
    ...(await sortTypedValues(db, normalized, purchases)),
  };
}

/** What the deletion does with a place's documents; every change replaces whole values. */
export type Erasure =
  /** Buyer blocks whose e-mail is theirs lose their contact fields; values equal to their e-mail become the alias. */
  | { kind: 'scrub'; fields?: string[] }
  /** These fields get these values, whatever they held (a text written about the person goes whole). */
  | { kind: 'set'; values: (alias: { id: string; email: string }) => Record<string, unknown> }
  /** Remove the documents: they are delivery or counting state, nothing the law needs. */
  | { kind: 'delete' }
  /** Receipt files: the bytes go, the purchase keeps the record that there was one. */
  | { kind: 'receipts' }
  /** Documents keyed by the e-mail: kept (the history of a choice) under the alias. */
  | { kind: 'rekey' }
  /** Kept as they are: staff's and the audit's own texts are never rewritten. */
  | { kind: 'keep' };

/** A stored document of any place. */
export type StoredDoc = { _id: string; [field: string]: unknown };

/** The collection of a place. */
export const placeCollection = (db: Db, place: Place) => db.collection<StoredDoc>(place.collection);

/** The sections of the export, in the order a person reads them. */
export const SECTIONS = [
  'purchases',
  'payments',
  'messages',
  'consents',
  'requests',
  'history',
  'other',
] as const;
export type Section = (typeof SECTIONS)[number];

/** What the export needs besides the document (a raffle's name for its id). */
export interface ExportContext {
  person: Person;
  raffleNames: ReadonlyMap<string, string>;
}

/** One exported record: plain values a person reads, no internal ids, keys or staff. */
export type ExportedRecord = Record<
  string,
  string | number | boolean | null | string[] | Array<{ number: string; amount: number }>
>;

export interface Place {
  /** The collection (the receipts' files: their GridFS bucket). */
  collection: string;
  section: Section;
  filter: (person: Person) => Filter<StoredDoc>;
  erasure: Erasure;
  /** The document as the person reads it; null leaves it out of the export. */
  exported: (doc: StoredDoc, context: ExportContext) => ExportedRecord | null;
}

const byPurchase = (p: Person) => ({ purchaseId: { $in: p.purchaseIds } });
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const num = (value: unknown) => (typeof value === 'number' ? value : null);
const orderOf = (p: Person, id: unknown) => p.orderCodes.get(String(id)) ?? null;
const field = (doc: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as never)[k] : undefined), doc);

function exportedPurchase(doc: StoredDoc, { raffleNames }: ExportContext): ExportedRecord {
  const buyer = (doc.buyer ?? {}) as Record<string, unknown>;
  const raffleId = text(doc.raffleId) ?? FIRST_RAFFLE_ID;
  const prizes = (doc.instantPrizesWon ?? []) as Array<{ number: string; amount: number }>;
  return {
    orderCode: text(doc.orderCode),
    raffle: raffleNames.get(raffleId) ?? null,
    createdAt: iso(doc.createdAt),
    paidAt: iso(doc.paidAt),
    status: text(doc.status),
    quantity: num(doc.quantity),
    totalPrice: num(doc.totalPrice),
    paymentMethod: text(doc.paymentMethod),
    numbers: [...((doc.assignedNumbers ?? []) as string[])].sort(),
    instantPrizes: prizes.map((w) => ({ number: w.number, amount: w.amount })),
    firstName: text(buyer.firstName),
    lastName: text(buyer.lastName),
    email: text(buyer.email),
    phone: text(buyer.phone),
    document: text(buyer.document) ?? null,
    country: text(buyer.country),
    province: text(buyer.province),
    city: text(buyer.city),
    address: text(buyer.address),
    receipts: ((doc.receipts ?? []) as unknown[]).length,
    termsAcceptedAt: iso(field(doc, 'consent.acceptedAt')),
    termsVersion: text(field(doc, 'consent.termsVersion')),
    privacyVersion: text(field(doc, 'consent.privacyVersion')),
    messagingChannel: text(field(doc, 'messaging.channel')),
    whatsappOptInAt: iso(field(doc, 'messaging.optIn.at')),
  };
}

export const PLACES: readonly Place[] = [
  {
    collection: 'purchases',
    section: 'purchases',
    filter: (p) => ({ 'buyer.email': p.email }),
    erasure: { kind: 'scrub' },
    exported: exportedPurchase,
  },
  {
    // The reports' copy of the purchase's row: nothing the purchase does not show.
    collection: 'report_facts',
    section: 'purchases',
    filter: (p) => ({ _id: { $in: p.purchaseIds } }),
    erasure: {
      kind: 'set',
      values: (alias) => ({
        'buyer.firstName': 'Anónimo',
        'buyer.lastName': '',
        'buyer.email': alias.email,
      }),
    },
    exported: () => null,
  },
  {
    collection: 'receipts.files',
    section: 'payments',
    filter: (p) => ({ 'metadata.purchaseId': { $in: p.purchaseIds } }),
    erasure: { kind: 'receipts' },
    exported: (doc, { person }) => ({
      kind: 'receipt',
      orderCode: orderOf(person, field(doc, 'metadata.purchaseId')),
      at: iso(doc.uploadDate),
      size: num(doc.length),
    }),
  },
  {
    // The bank line that paid their order (its own id on the line, never its words).
    collection: 'bank_statement_lines',
    section: 'payments',
    filter: byPurchase,
    erasure: {
      kind: 'set',
      values: (alias) => ({ description: alias.id, reference: alias.id }),
    },
    exported: (doc, { person }) => ({
      kind: 'bank_line',
      orderCode: orderOf(person, doc.purchaseId),
      date: text(doc.date) ?? iso(doc.date),
      amount: num(doc.amount),
      description: text(doc.description),
    }),
  },
  {
    // The order's entry in the purchase limits: the keys typed on it and the address it came from.
    collection: 'order_holds',
    section: 'other',
    filter: (p) => ({ _id: { $in: p.purchaseIds } }),
    erasure: {
      kind: 'set',
      values: (alias) => ({
        buyerKeys: [],
        keyE: alias.id,
        keyP: alias.id,
        keyD: alias.id,
        address: '',
      }),
    },
    exported: (doc, { person }) => ({
      kind: 'order_address',
      orderCode: orderOf(person, doc._id),
      address: text(doc.address),
    }),
  },
  {
    // The links to their orders mailed to them: the signed link itself is a key, never shown.
    collection: 'lookup_requests',
    section: 'messages',
    filter: (p) => ({ 'outbox.event.data.email': p.email }),
    erasure: {
      kind: 'set',
      values: (alias) => ({
        'outbox.event.data.email': alias.email,
        'outbox.event.data.token': '',
      }),
    },
    exported: (doc) => ({
      kind: 'lookup_mail',
      channel: 'email',
      at: iso(doc.createdAt),
      status: text(field(doc, 'mail.status')),
    }),
  },
  {
    // Their messages' delivery states: the number it went to and the SMS kept for a
    // WhatsApp fallback are theirs; the state, the time and the purchase stay.
    collection: 'message_deliveries',
    section: 'messages',
    // A message to a phone another buyer typed too stays as it is, for staff.
    filter: (p) => ({ ...byPurchase(p), to: { $nin: p.sharedPhones } }),
    erasure: { kind: 'set', values: () => ({ to: '', fallbackSms: null }) },
    exported: (doc, { person }) => ({
      kind: 'delivery',
      orderCode: orderOf(person, doc.purchaseId),
      channel: text(doc.channel),
      message: text(doc.message),
      to: text(doc.to),
      status: text(doc.status),
      at: iso(doc.createdAt),
    }),
  },
  {
    // The draw's messages to their e-mail, and to their phone when it is theirs alone: a
    // draw's phone messages go only to phones typed on that raffle's purchases, so a phone
    // on no one else's purchase was reached for theirs.
    collection: 'draw_notices',
    section: 'messages',
    filter: (p) => ({ to: { $in: [p.email, ...p.ownPhones] } }),
    erasure: { kind: 'delete' },
    exported: (doc) => ({
      kind: 'draw_notice',
      channel: text(doc.channel),
      message: 'draw_result',
      to: text(doc.to),
      status: text(doc.status),
      at: iso(doc.at),
    }),
  },
  {
    // Who may get an unpaid order's messages now: their mailbox's entry goes; an entry a
    // purchase of theirs holds on a phone goes only once lapsed, since deleting a live one
    // would let more messages reach a phone anyone may have typed (db/notice-throttle.ts).
    collection: 'unpaid_notice_throttle',
    section: 'other',
    filter: (p) => ({
      $or: [{ _id: `email:${p.email}` }, { ...byPurchase(p), until: { $lte: new Date() } }],
    }),
    erasure: { kind: 'delete' },
    exported: () => null,
  },
  {
    // The unsubscribe links sent to their mailbox (privacy/unsubscribe-token.ts): an opaque
    // id beside the e-mail, nothing to read; erased, those links stop working.
    collection: 'unsubscribe_links',
    section: 'other',
    filter: (p) => ({ email: p.email }),
    erasure: { kind: 'delete' },
    exported: () => null,
  },
  {
    collection: 'marketing_consents',
    section: 'consents',
    // One document per e-mail, keyed by it (marketing-consent.ts).
    filter: (p) => ({ _id: p.email }),
    erasure: { kind: 'rekey' },
    exported: (doc) => ({
      kind: 'marketing',
      granted: typeof doc.granted === 'boolean' ? doc.granted : null,
      source: text(doc.source),
      at: iso(doc.at),
    }),
  },
  {
    collection: 'data_requests',
    section: 'requests',
    filter: (p) => ({ email: p.email }),
    erasure: { kind: 'scrub' },
    // Who on staff answered is not theirs to read; what was done is.
    exported: (doc) => ({
      kind: text(doc.kind),
      at: iso(doc.createdAt),
      status: text(doc.status),
      what: text(doc.what),
    }),
  },
  {
    // What happened to their purchases, as the audit says it; never rewritten (DESIGN, "Security"),
    // and shown without the staff member who did it.
    collection: 'audit_log',
    section: 'history',
    filter: byPurchase,
    erasure: { kind: 'keep' },
    exported: (doc, { person }) => ({
      orderCode: orderOf(person, doc.purchaseId),
      at: iso(doc.at),
      what: text(doc.description),
    }),
  },
  {
    // The message queued when their purchase won: it names the winner.
    collection: 'raffles',
    section: 'other',
    filter: (p) => ({ 'drawOutbox.event.data.winner.purchaseId': { $in: p.purchaseIds } }),
    erasure: {
      kind: 'set',
      values: (alias) => ({
        'drawOutbox.event.data.winner.firstName': 'Anónimo',
        'drawOutbox.event.data.winner.lastName': '',
        'drawOutbox.event.data.winner.email': alias.email,
        'drawOutbox.event.data.winner.phone': '',
        'drawOutbox.event.data.winner.city': '',
      }),
    },
    // The raffle's document is reused by the next raffle: the event names the one won.
    exported: (doc, { person }) => ({
      kind: 'won',
      raffle: text(field(doc, 'drawOutbox.event.data.raffleName')),
      orderCode: orderOf(person, field(doc, 'drawOutbox.event.data.winner.purchaseId')),
    }),
  },
  {
    collection: 'rate_limits',
    section: 'other',
    filter: (p) => ({ subject: p.email }),
    erasure: { kind: 'delete' },
    exported: () => null,
  },
];
