// A year of past raffles in the store before the sale (`npm run bench -- --history=N`):
// the store a shop has after ten raffles, so the bench measures the tenth raffle's sale
// on it and not on an empty store (RESULTS.md, "A year of data").
//
// How, so the documents never drift from what the product writes:
//  1. templates: a few raffles made through the api as an admin makes them (create,
//     packages, publish) and a few real purchases in each through the real flow
//     (create-order by transfer; confirmed by staff or by a bank statement import), left
//     to the pipeline until each has its numbers, its messages and its report row;
//  2. clones: every document the product wrote about one template purchase, in every
//     collection, copied in bulk (insertMany) with fresh ids, codes and buyer, and new
//     numbers: the next claim positions of the raffle through its own permutation
//     (claimNumbers), the raffle's counters moved as the numbers worker moves them;
//  3. the end of each raffle through the api again: close, draw, archive.
// Nothing is typed by hand here but the buyer's identity (e-mail, phone, cédula, name).
import { randomUUID } from 'node:crypto';
import { statSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { BSON, ObjectId, type Db, type Document } from 'mongodb';
import { ecuadorDay } from '@vag/contracts';
import { claimNumbers } from '@vag/core/raffle/allocate';
import { getRaffleNumbers } from '@vag/core/db/raffle-numbers';
import { newAccessKey, newOrderCode } from '@vag/core/purchase-lifecycle/order-code';
import { buyer, customOrder } from '@vag/api/payments/test-fixtures';
import { waitFor } from '@vag/core/testing/wait';

export interface HistoryOptions {
  baseUrl: string;
  adminToken: string;
  db: Db;
  /** Past purchases to hold in all (templates and clones). */
  purchases: number;
  /** FerretDB's data directory, for the size on disk (its SQLite files). */
  storeDir?: string;
  log?: (line: string) => void;
}

export interface HistoryFigures {
  raffles: Array<{ id: string; slug: string; purchases: number; numbersSold: number }>;
  purchases: number;
  fillSeconds: number;
  /** Clones written per second (the bulk part). */
  clonesPerSecond: number;
  /** The store's documents and bytes per collection, as collStats counts them. */
  collections: Array<{
    name: string;
    count: number;
    /** The average BSON size of its documents (what MongoDB would store, before compression). */
    bsonBytes: number;
    bytes: number;
    indexBytes: number;
  }>;
  /** The store's files on disk after the fill (FerretDB's SQLite files), or null. */
  diskBytes: number | null;
}

/** The template purchases of each raffle: their quantities, and how each is confirmed. */
const TEMPLATES: Array<{ quantity: number; confirm: 'staff' | 'statement'; whatsapp: boolean }> = [
  { quantity: 1, confirm: 'staff', whatsapp: false },
  { quantity: 3, confirm: 'statement', whatsapp: true },
  { quantity: 5, confirm: 'staff', whatsapp: true },
  { quantity: 10, confirm: 'statement', whatsapp: false },
];
const MEAN_QUANTITY = TEMPLATES.reduce((s, t) => s + t.quantity, 0) / TEMPLATES.length;
/** The most numbers a raffle may have (the api refuses more). */
const MAX_NUMBERS = 1_000_000;
const MIN_RAFFLES = 10;
/** Documents per insertMany. */
const BATCH = 2_000;

type Doc = Document & { _id: unknown };

/** The raffles' plan: how many, how many purchases each, how many numbers each offers. */
function historyPlan(purchases: number): {
  raffles: number;
  perRaffle: number;
  totalNumbers: number;
} {
  const raffles = Math.max(
    MIN_RAFFLES,
    Math.ceil((purchases * MEAN_QUANTITY * 1.05) / MAX_NUMBERS),
  );
  const perRaffle = Math.max(TEMPLATES.length, Math.ceil(purchases / raffles));
  // A round size with room for every purchase: the tenth raffle of a shop is that size too.
  let totalNumbers = 100;
  while (totalNumbers < perRaffle * (MEAN_QUANTITY + 1)) totalNumbers *= 10;
  return { raffles, perRaffle, totalNumbers: Math.min(totalNumbers, MAX_NUMBERS) };
}

export async function fillHistory(options: HistoryOptions): Promise<HistoryFigures> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const plan = historyPlan(options.purchases);
  const call = adminCall(options.baseUrl, options.adminToken);
  log(
    `history: ${plan.raffles} past raffles of ${plan.totalNumbers} numbers, ${plan.perRaffle} purchases each…`,
  );
  const made: Array<{ id: string; slug: string; templates: string[] }> = [];
  for (let r = 0; r < plan.raffles; r++)
    made.push(await templateRaffle(call, options, r, plan.totalNumbers));
  await waitForPipeline(
    options.db,
    made.flatMap((m) => m.templates),
  );
  log(`history: templates bought and notified in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const families = await familiesOf(
    options.db,
    made.flatMap((m) => m.templates),
  );
  const uniquePaths = await uniqueFieldPaths(options.db, families);
  const own = ownUuids(families);

  const cloneStarted = Date.now();
  let clones = 0;
  const counter = { next: 1 + Math.floor(Math.random() * 1e6), codes: new Set<string>() };
  // A raffle's end (close, draw, archive through the api) runs while the next raffle's
  // clones are written: the ends wait on the product's jobs, the clones on the store. One
  // end at a time: ten at once, each asking for its closing record, slowed the whole fill
  // on a loaded box.
  const ends: Array<Promise<HistoryFigures['raffles'][number]>> = [];
  let lastEnd: Promise<unknown> = Promise.resolve();
  for (const raffle of made) {
    const wanted = plan.perRaffle - raffle.templates.length;
    const raffleStarted = Date.now();
    clones += await cloneIntoRaffle(options.db, {
      raffleId: raffle.id,
      templates: raffle.templates.map((id) => families.get(id)!),
      count: wanted,
      uniquePaths,
      own,
      counter,
    });
    const seconds = (Date.now() - raffleStarted) / 1000;
    log(
      `history: ${raffle.slug}: ${wanted} purchases cloned in ${seconds.toFixed(1)} s (${(wanted / seconds).toFixed(0)}/s, ${clones} so far); closing, drawing, archiving…`,
    );
    const end = lastEnd.then(async () => {
      const ending = Date.now();
      await endRaffle(call, raffle);
      log(`history: ${raffle.slug} archived in ${((Date.now() - ending) / 1000).toFixed(1)} s`);
      const numbers = await getRaffleNumbers(options.db, raffle.id);
      return {
        id: raffle.id,
        slug: raffle.slug,
        purchases: plan.perRaffle,
        numbersSold: numbers.sold,
      };
    });
    lastEnd = end;
    ends.push(end);
  }
  const raffles = await Promise.all(ends);
  const cloneSeconds = (Date.now() - cloneStarted) / 1000;
  return {
    raffles,
    purchases: raffles.reduce((s, r) => s + r.purchases, 0),
    fillSeconds: (Date.now() - started) / 1000,
    clonesPerSecond: cloneSeconds > 0 ? clones / cloneSeconds : 0,
    collections: await collectionSizes(options.db),
    diskBytes: options.storeDir ? databaseBytes(options.storeDir, options.db.databaseName) : null,
  };
}

type AdminCall = (method: string, path: string, body?: unknown) => Promise<unknown>;

function adminCall(baseUrl: string, token: string): AdminCall {
  return async (method, path, body) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
}

const MONTHS = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
];

/** One past raffle made as the Rifas screen makes it, and its template purchases bought. */
async function templateRaffle(
  call: AdminCall,
  options: HistoryOptions,
  index: number,
  totalNumbers: number,
): Promise<{ id: string; slug: string; templates: string[] }> {
  const month = MONTHS[index % 12]!;
  const name = `Rifa de ${month}${index >= 12 ? ` ${Math.floor(index / 12) + 1}` : ''}`;
  const slug = `rifa-pasada-${index + 1}`;
  const { _id: id } = (await call('POST', '/admin/raffles', {
    name,
    slug,
    prize: `Premio de ${month}`,
    imageUrl: '',
    pricePerNumber: 1,
    endDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    totalNumbers,
  })) as { _id: string };
  await call('POST', `/raffles/${id}/packages`, {
    name: 'Paquete 10',
    quantity: 10,
    price: 10,
    isPopular: true,
  });
  await call('POST', `/admin/raffles/${id}/publish`);
  const bought: Array<{ id: string; orderCode: string; total: number; confirm: string }> = [];
  for (const [i, template] of TEMPLATES.entries()) {
    const order = customOrder('bank_transfer', template.quantity, 1, {
      buyer: { ...buyer(identity(index * TEMPLATES.length + i)), paymentProvider: 'bank_transfer' },
      ...(template.whatsapp && { messaging: { channel: 'whatsapp' } }),
    } as never);
    const res = await fetch(`${options.baseUrl}/api/raffles/${slug}/payments/create-order`, {
      method: 'POST',
      // As the storefront's checkout sends it: the order is written once per key.
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(order),
    });
    if (res.status !== 201)
      throw new Error(`create-order answered ${res.status}: ${await res.text()}`);
    const created = (await res.json()) as { purchaseId: string; orderCode?: string };
    bought.push({
      id: created.purchaseId,
      orderCode: created.orderCode ?? '',
      total: template.quantity,
      confirm: template.confirm,
    });
  }
  for (const p of bought.filter((b) => b.confirm === 'staff'))
    await call('PATCH', `/purchases/${p.id}/confirm-transfer`, {
      referenceCode: `REF-${index + 1}-${p.orderCode}`,
      bankName: 'Pichincha',
    });
  await importStatement(
    options,
    bought.filter((b) => b.confirm === 'statement'),
  );
  return { id, slug, templates: bought.map((b) => b.id) };
}

/** The buyer's identity of the n-th past purchase: unique e-mail, phone and cédula. */
function identity(n: number) {
  const email = `comprador${n}@example.ec`;
  return {
    firstName: FIRST_NAMES[n % FIRST_NAMES.length]!,
    lastName: LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]!,
    email,
    confirmEmail: email,
    phone: `09${String(n % 100_000_000).padStart(8, '0')}`,
    document: cedula(n),
  };
}
const FIRST_NAMES = [
  'María',
  'José',
  'Ana',
  'Luis',
  'Carmen',
  'Jorge',
  'Rosa',
  'Carlos',
  'Lucía',
  'Diego',
];
const LAST_NAMES = [
  'Guamán',
  'Pérez',
  'Quispe',
  'Andrade',
  'Zambrano',
  'Vera',
  'Cedeño',
  'Mora',
  'Torres',
  'Loor',
];

/** A valid Ecuadorian cédula for n: province 01–24, nine digits, the modulo-10 check digit. */
function cedula(n: number): string {
  const province = String((n % 24) + 1).padStart(2, '0');
  const body = `${province}${String(Math.floor(n / 24) % 10_000_000).padStart(7, '0')}`;
  // The third digit is below 6 for a person.
  const digits = body.split('').map(Number);
  digits[2] = digits[2]! % 6;
  const sum = digits.reduce((s, d, i) => {
    const v = i % 2 === 0 ? d * 2 : d;
    return s + (v > 9 ? v - 9 : v);
  }, 0);
  return `${digits.join('')}${(10 - (sum % 10)) % 10}`;
}

/** The transfers of `paid` arrive in one bank statement, imported as staff import it. */
async function importStatement(
  options: HistoryOptions,
  paid: Array<{ orderCode: string; total: number }>,
): Promise<void> {
  if (paid.length === 0) return;
  const day = ecuadorDay(new Date())!.split('-').reverse().join('/');
  const rows = paid.map(
    (p, i) =>
      `${day};DEPOSITO ${p.orderCode};${String(1000 + i)}${p.orderCode};${p.total.toFixed(2).replace('.', ',')}`,
  );
  const form = new FormData();
  const csv = `Fecha;Concepto;Documento;Monto\r\n${rows.join('\r\n')}\r\n`;
  form.set('file', new Blob([Buffer.from(csv, 'latin1')]), 'estado.csv');
  form.set('bankAccount', '0');
  form.set(
    'mapping',
    JSON.stringify({
      headerRow: 0,
      date: 0,
      description: 1,
      reference: 2,
      amount: 3,
      credit: null,
      debit: null,
      kind: null,
      dateFormat: 'DD/MM/YYYY',
      decimalSeparator: ',',
    }),
  );
  const res = await fetch(`${options.baseUrl}/api/admin/bank-statements`, {
    method: 'POST',
    headers: { authorization: `Bearer ${options.adminToken}` },
    body: form,
  });
  if (res.status !== 201)
    throw new Error(`statement import answered ${res.status}: ${await res.text()}`);
}

/** Every template purchase paid, numbered and told (e-mail and phone) by the pipeline. */
async function waitForPipeline(db: Db, ids: string[]): Promise<void> {
  await waitFor(
    async () => {
      const done = await db.collection('purchases').countDocuments({
        _id: { $in: ids } as never,
        status: 'COMPLETED',
        numbersAssignedAt: { $exists: true },
        'notifications.email.status': 'sent',
        'notifications.sms.status': 'sent',
      });
      return done === ids.length;
    },
    { timeoutMs: 120_000, message: `${ids.length} template purchases numbered and notified` },
  );
}

/** What the product wrote about one purchase: its documents in every collection. */
type Family = { purchaseId: string; docs: Map<string, Doc[]> };

/**
 * Every document that names exactly one template purchase, by collection: the purchase
 * itself, its claim, its messages, its report row, its audit entries, its bank line…
 * (a document naming several, such as one statement's import, belongs to none).
 */
async function familiesOf(db: Db, templateIds: string[]): Promise<Map<string, Family>> {
  const families = new Map<string, Family>(
    templateIds.map((id) => [id, { purchaseId: id, docs: new Map() }]),
  );
  const wanted = new Set(templateIds);
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
    if (name.startsWith('system.')) continue;
    for (const doc of await db.collection<Doc>(name).find().toArray()) {
      const named = new Set<string>();
      walkStrings(doc, (s) => {
        if (wanted.has(s)) named.add(s);
      });
      if (named.size !== 1) continue;
      const family = families.get([...named][0]!)!;
      family.docs.set(name, [...(family.docs.get(name) ?? []), doc]);
    }
  }
  return families;
}

/** The paths of each collection's unique indexes: a clone needs its own values there. */
async function uniqueFieldPaths(
  db: Db,
  families: Map<string, Family>,
): Promise<Map<string, string[]>> {
  const names = new Set([...families.values()].flatMap((f) => [...f.docs.keys()]));
  const paths = new Map<string, string[]>();
  for (const name of names) {
    const indexes = await db.collection(name).indexes();
    paths.set(
      name,
      indexes.filter((i) => i.unique).flatMap((i) => Object.keys(i.key as Record<string, unknown>)),
    );
  }
  return paths;
}

/**
 * `count` clones of the raffle's templates, in turn: each one's documents with fresh ids
 * and unique values, a new buyer, and the next claim positions with their numbers.
 */
async function cloneIntoRaffle(
  db: Db,
  setup: {
    raffleId: string;
    templates: Family[];
    count: number;
    uniquePaths: Map<string, string[]>;
    own: Set<string>;
    counter: { next: number; codes: Set<string> };
  },
): Promise<number> {
  const raffle = await getRaffleNumbers(db, setup.raffleId);
  let position = raffle.nextPosition;
  const pending = new Map<string, Doc[]>();
  let written = 0;
  // One insertMany per collection, side by side: the store converts each on its own. The
  // next batch is built while the store writes this one (at most one batch in flight).
  let inFlight: Promise<unknown> = Promise.resolve();
  const flush = async () => {
    const batches = [...pending].filter(([, docs]) => docs.length > 0);
    pending.clear();
    await inFlight;
    inFlight = Promise.all(
      batches.map(([name, docs]) => db.collection<Doc>(name).insertMany(docs, { ordered: false })),
    );
  };
  let claimed = 0;
  for (let k = 0; k < setup.count; k++) {
    const template = setup.templates[k % setup.templates.length]!;
    const n = setup.counter.next++;
    const purchase = template.docs.get('purchases')![0]!;
    const claim = template.docs.get('number_claims')![0]!;
    const quantity = purchase.quantity as number;
    const start = position;
    position += quantity;
    claimed += quantity;
    const numbers = claimNumbers({ start, count: quantity }, raffle);
    const swap = substitutions(template, { ...setup, n });
    swap.set(String(claim._id), `${setup.raffleId}:${start}`);
    const change: Change = {
      swap,
      inTexts: ['orderCode', '_id', 'accessKey'].map((field) => {
        const old = String(purchase[field]);
        return [old, String(swap.get(old))];
      }),
      numbers: [JSON.stringify(purchase.assignedNumbers), numbers],
    };
    for (const [name, docs] of template.docs) {
      const out = pending.get(name) ?? [];
      for (const doc of docs) {
        const copy = cloneWith(doc, change) as Doc;
        if (name === 'number_claims') Object.assign(copy, { start, count: quantity });
        out.push(copy);
      }
      pending.set(name, out);
    }
    written++;
    if ((pending.get('purchases')?.length ?? 0) >= BATCH) await flush();
  }
  await flush();
  await inFlight;
  // The numbers worker's counters: what advanceCursor and the reservation moved.
  await db
    .collection<{ _id: string }>('raffles')
    .updateOne(
      { _id: setup.raffleId },
      { $max: { nextPosition: position }, $inc: { sold: claimed, available: -claimed } },
    );
  return written;
}

/**
 * What a clone changes: every id and unique value of the template's documents, every id
 * of its own (a UUID no other template names: its outbox event, its bank line…), a new
 * order code and access key (the product's own makers) and the buyer's identity.
 */
function substitutions(
  template: Family,
  setup: {
    uniquePaths: Map<string, string[]>;
    own: Set<string>;
    n: number;
    counter: { codes: Set<string> };
  },
): Map<string, unknown> {
  const swap = new Map<string, unknown>();
  const purchase = template.docs.get('purchases')![0]!;
  let code = newOrderCode();
  while (setup.counter.codes.has(code)) code = newOrderCode();
  setup.counter.codes.add(code);
  swap.set(purchase.orderCode as string, code);
  swap.set(purchase.accessKey as string, newAccessKey());
  const old = purchase.buyer as Record<string, string>;
  const id = identity(setup.n + 10_000);
  for (const field of ['email', 'document', 'firstName', 'lastName'] as const)
    if (old[field]) swap.set(old[field], id[field]);
  // The product keeps the phone as +593…, the way the buyer typed it is gone.
  if (old.phone) swap.set(old.phone, `+593${id.phone.slice(1)}`);
  const fresh = (value: unknown) => {
    // A key made of a swapped value ('email:…', 'bank-line:…') follows it (cloneWith).
    if (typeof value === 'string' && value && !swap.has(value) && !keyOfSwapped(value, swap))
      swap.set(value, freshLike(value, setup.n));
    if (value instanceof ObjectId && !swap.has(value.toHexString()))
      swap.set(value.toHexString(), new ObjectId());
  };
  for (const docs of template.docs.values())
    for (const doc of docs)
      walkStrings(doc, (s) => {
        if (setup.own.has(s)) fresh(s);
      });
  for (const [name, docs] of template.docs)
    for (const doc of docs) {
      fresh(doc._id);
      for (const p of setup.uniquePaths.get(name) ?? []) if (p !== '_id') fresh(valueAt(doc, p));
    }
  return swap;
}

function keyOfSwapped(value: string, swap: Map<string, unknown>): boolean {
  const colon = value.indexOf(':');
  return colon > 0 && swap.has(value.slice(colon + 1));
}

/** The UUIDs that only one template's documents name: ids of its own, fresh in each clone. */
function ownUuids(families: Map<string, Family>): Set<string> {
  const seen = new Map<string, number>();
  for (const family of families.values()) {
    const mine = new Set<string>();
    for (const docs of family.docs.values())
      for (const doc of docs)
        walkStrings(doc, (s) => {
          if (UUID.test(s)) mine.add(s);
        });
    for (const s of mine) seen.set(s, (seen.get(s) ?? 0) + 1);
  }
  return new Set([...seen].filter(([, count]) => count === 1).map(([s]) => s));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function valueAt(doc: Doc, dotted: string): unknown {
  return dotted
    .split('.')
    .reduce<unknown>(
      (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
      doc,
    );
}

/**
 * A value of the same shape, unique for n: a UUID stays a UUID; otherwise the last
 * characters are n written in the same classes (digits stay digits, hex letters stay
 * hex), so two clones never share one, whatever template they copy.
 */
function freshLike(value: string, n: number): string {
  if (UUID.test(value)) return randomUUID();
  const chars = value.split('');
  let rest = n;
  // A fixed width (room for 10¹² clones), not just n's digits: with fewer, a clone's value
  // would keep the template's character where another clone writes its digit.
  let room = 1;
  for (let i = chars.length - 1; i >= 0 && room < 1e12; i--) {
    const c = chars[i]!;
    const alphabet = /[0-9]/.test(c)
      ? '0123456789'
      : /[a-f]/.test(c)
        ? 'abcdef'
        : /[A-F]/.test(c)
          ? 'ABCDEF'
          : /[a-z]/.test(c)
            ? 'abcdefghijklmnopqrstuvwxyz'
            : /[A-Z]/.test(c)
              ? 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
              : '';
    if (!alphabet) continue;
    chars[i] = alphabet[rest % alphabet.length]!;
    rest = Math.floor(rest / alphabet.length);
    room *= alphabet.length;
  }
  return chars.join('');
}

/** What one clone changes in every document it copies. */
interface Change {
  swap: Map<string, unknown>;
  /**
   * Values also found inside texts: the order code (the transfer's concept, the audit's
   * description), the purchase's id and access key (the order link kept with the answer).
   */
  inTexts: Array<[string, string]>;
  /** The template's numbers (as JSON) and the clone's. */
  numbers: [string, string[]];
}

/**
 * A deep copy: each swapped value replaced, also after a key's prefix ('email:…',
 * 'bank-line:…') or inside a text, the template's numbers by the clone's.
 */
function cloneWith(value: unknown, change: Change): unknown {
  if (typeof value === 'string') return swapped(value, change);
  if (value instanceof ObjectId) return change.swap.get(value.toHexString()) ?? value;
  if (value instanceof Date) return new Date(value.getTime());
  if (Array.isArray(value)) {
    const [oldNumbers, numbers] = change.numbers;
    if (value.length === numbers.length && JSON.stringify(value) === oldNumbers)
      return [...numbers];
    return value.map((v) => cloneWith(v, change));
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cloneWith(v, change)]));
  return value;
}

function swapped(value: string, change: Change): unknown {
  const exact = change.swap.get(value);
  if (exact !== undefined) return exact;
  const colon = value.indexOf(':');
  if (colon > 0) {
    const rest = change.swap.get(value.slice(colon + 1));
    if (typeof rest === 'string') return `${value.slice(0, colon + 1)}${rest}`;
  }
  let text = value;
  for (const [old, fresh] of change.inTexts)
    if (text.includes(old)) text = text.replaceAll(old, fresh);
  return text;
}

function walkStrings(value: unknown, visit: (s: string) => void): void {
  if (typeof value === 'string') visit(value);
  else if (Array.isArray(value)) for (const v of value) walkStrings(v, visit);
  else if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    for (const v of Object.values(value)) walkStrings(v, visit);
}

/** The end of a past raffle, through the api: close the sale, record the draw, archive. */
async function endRaffle(call: AdminCall, raffle: { id: string; slug: string }): Promise<void> {
  await call('POST', `/admin/raffles/${raffle.id}/close`);
  const scoped = `/raffles/${raffle.slug}/raffle`;
  await waitFor(
    async () =>
      ((await call('GET', `${scoped}/fairness`)) as { closing: unknown }).closing !== null,
    // Not every 50 ms: each answer is the raffle's closing record (all its sold numbers).
    { timeoutMs: 600_000, intervalMs: 500, message: `${raffle.slug}'s sale to close` },
  );
  await call('POST', `${scoped}/draw`, {
    firstPrize: String(10_000 + Math.floor(Math.random() * 89_999)),
    drawNumber: 7000 + Number(raffle.slug.replace(/\D/g, '')),
    drawDate: ecuadorDay(new Date()),
  });
  await call('POST', `/admin/raffles/${raffle.id}/archive`);
}

async function collectionSizes(db: Db): Promise<HistoryFigures['collections']> {
  const rows: HistoryFigures['collections'] = [];
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
    const stats = (await db.command({ collStats: name })) as {
      count?: number;
      size?: number;
      totalIndexSize?: number;
    };
    rows.push({
      name,
      count: stats.count ?? 0,
      bsonBytes: await averageBsonBytes(db, name),
      bytes: stats.size ?? 0,
      indexBytes: stats.totalIndexSize ?? 0,
    });
  }
  return rows.sort((a, b) => b.bytes - a.bytes);
}

/** The average BSON size of a collection's documents, from up to 500 of them. */
async function averageBsonBytes(db: Db, name: string): Promise<number> {
  const sample = await db.collection(name).find().limit(500).toArray();
  if (sample.length === 0) return 0;
  return sample.reduce((s, d) => s + BSON.calculateObjectSize(d), 0) / sample.length;
}

/** The bytes of one database's files in FerretDB's data folder (`<db>.sqlite`, its WAL…). */
function databaseBytes(dir: string, dbName: string): number {
  return readdirSync(dir)
    .filter((f) => f === `${dbName}.sqlite` || f.startsWith(`${dbName}.sqlite-`))
    .reduce((total, f) => total + statSync(path.join(dir, f)).size, 0);
}
