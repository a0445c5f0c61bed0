// Importing a statement: read and check the whole file, find which of its lines were
// imported before (by fingerprint), then match each new credit, confirm its order and
// write the line once, with its outcome. A line's id comes from its fingerprint, so an
// import that stops half-way (the api killed between paying an order and writing the
// line) is finished by importing the file again: the line comes back with the same id,
// and the order it paid is recognised by that id on the purchase (pay-from-line.ts), its
// audit entry written once. Lines an older import left 'pending' are taken over and settled.
import { createHash, randomUUID } from 'node:crypto';
import type { ColumnMapping, LineCandidate } from '@vag/contracts';
import { IMPORT_KEY_ACTOR } from '@vag/contracts';
import type { Db } from 'mongodb';
import type { CoreDeps } from '../deps';
import {
  adoptPendingLines,
  finishImport,
  importedToTheEnd,
  insertImport,
  insertNewLines,
  linesByFingerprint,
  rememberMapping,
  settleLines,
  type LineOutcome,
  type StatementImportCounts,
  type StatementImportDoc,
  type StatementLineDoc,
} from '../db/bank-statements';
import { ordersByCode, ordersByCodePrefix } from '../db/purchase-codes';
import type { ParsedLine } from './lines';
import { decide, findCodes, type OrderToMatch } from './match';
import type { PurchaseDoc } from '../db/purchases';
import { recordShortLine } from '../db/short-payments';
import {
  AUTOMATIC_RECONCILIATION,
  AuditBatch,
  payFromLine,
  payPendingFromLines,
  type LinePayer,
  type LinePayment,
} from './pay-from-line';
import {
  headerOf,
  openStatement,
  statementAccount,
  statementLines,
  type StatementAccount,
} from './statement';

/** Lines matched at once: each waits on a few writes, so a few in flight keep the store busy. */
const MATCH_CONCURRENCY = 16;
/** Lines whose outcomes (and audit entries) are written in one command. */
const SETTLE_CHUNK = 500;

export interface ImportRequest {
  data: Buffer;
  fileName: string;
  bankAccount: number;
  /** null: the account's remembered mapping, else a guess from the headers. */
  mapping: ColumnMapping | null;
  /** A staff member, or 'import-key' for a machine. */
  by: { id: string; email: string } | 'import-key';
}

export interface ImportOptions {
  /**
   * Stops after paying the orders of this many lines, before writing those lines: the api
   * killed between the two (tests of an import cut short).
   */
  stopAfter?: number;
  /** Filled with the milliseconds each step took (the benchmark's breakdown). */
  timings?: Record<string, number>;
}

export async function importStatement(
  deps: CoreDeps,
  request: ImportRequest,
  options: ImportOptions = {},
): Promise<StatementImportDoc> {
  const lap = stopwatch(options.timings);
  const account = await statementAccount(deps, request.bankAccount);
  const read = await openStatement(deps, request.data, account, request.mapping);
  const parsed = statementLines(read);
  lap('read');
  const record = newImport(request, account);
  const docs = linesOf(parsed, record, account);
  record.linesHash = hashOf(docs.map((d) => d.fingerprint).join('\n'));
  await insertImport(deps.db, record);
  const { toMatch, stored, counts } = await writeLines(deps.db, record, docs);
  lap('write lines');
  const payer: LinePayer = {
    actor: request.by === 'import-key' ? 'sistema' : request.by,
    confirmedBy: AUTOMATIC_RECONCILIATION,
    how: 'auto',
    bankName: account.bank,
  };
  const lines = toMatch.slice(0, options.stopAfter ?? toMatch.length);
  const codes = [...new Set(lines.flatMap((l) => findCodes(l.description, l.reference).codes))];
  const orders = await ordersByCode(deps.db, codes);
  lap('find orders');
  const write = options.stopAfter === undefined;
  const matched = await matchLines(deps, { lines, stored, orders, payer, write });
  lap('match and confirm');
  if (options.stopAfter !== undefined) return record;
  for (const outcome of matched) count(counts, outcome);
  await rememberMapping(deps.db, account.key, {
    mapping: read.mapping,
    header: headerOf(read.mapping, read.file),
  });
  return (await finishImport(deps.db, record._id, counts)) ?? record;
}

function stopwatch(into: Record<string, number> | undefined): (step: string) => void {
  let last = performance.now();
  return (step) => {
    const now = performance.now();
    if (into) into[step] = Math.round(now - last);
    last = now;
  };
}

function newImport(request: ImportRequest, account: StatementAccount): StatementImportDoc {
  return {
    _id: randomUUID(),
    fileName: request.fileName,
    fileHash: hashOf(request.data),
    bankAccount: account.index,
    bankAccountKey: account.key,
    bankAccountLabel: account.label,
    createdAt: new Date(),
    createdBy: request.by === 'import-key' ? IMPORT_KEY_ACTOR : request.by.email,
    state: 'importing',
    lines: 0,
    credits: 0,
    debits: 0,
    confirmed: 0,
    lateConfirmed: 0,
    refundsDue: 0,
    needsReview: 0,
    duplicates: 0,
  };
}

function hashOf(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function normalized(text: string): string {
  return text.toUpperCase().replace(/\s+/g, ' ').trim();
}

/**
 * The same movement gets the same id in every import: what lets a re-import recognise
 * the payment a stopped import made before it could write the line.
 */
function lineId(fingerprint: string): string {
  const f = fingerprint;
  return `${f.slice(0, 8)}-${f.slice(8, 12)}-${f.slice(12, 16)}-${f.slice(16, 20)}-${f.slice(20, 32)}`;
}

/**
 * One document per movement. The fingerprint names the bank movement: account, date,
 * amount, reference, description, and how many identical movements came before it in the
 * same file (two equal transfers on one day are two lines; the same statement, or one that
 * overlaps it, gives them the same two fingerprints again).
 */
export function linesOf(
  parsed: ParsedLine[],
  record: Pick<StatementImportDoc, '_id' | 'fileName' | 'createdAt'>,
  account: Pick<StatementAccount, 'key'>,
): StatementLineDoc[] {
  const seen = new Map<string, number>();
  return parsed.map((line) => {
    const identity = [
      account.key,
      line.date,
      line.cents,
      normalized(line.reference),
      normalized(line.description),
    ].join('|');
    const occurrence = (seen.get(identity) ?? 0) + 1;
    seen.set(identity, occurrence);
    const fingerprint = createHash('sha256').update(`${identity}|${occurrence}`).digest('hex');
    return {
      _id: lineId(fingerprint),
      fingerprint,
      importId: record._id,
      fileName: record.fileName,
      row: line.row,
      date: line.date,
      description: line.description,
      reference: line.reference,
      cents: line.cents,
      amount: line.cents / 100,
      bankAccountKey: account.key,
      status: line.cents > 0 ? 'pending' : 'debit',
      reason: null,
      purchaseId: null,
      orderCode: null,
      late: false,
      candidates: [],
      note: null,
      handledBy: null,
      handledAt: null,
      createdAt: record.createdAt,
    };
  });
}

/**
 * Sorts the file's lines: seen before (kept as 'duplicate' records of this import), left
 * 'pending' by an older import that stopped (taken over: matched and settled here), or
 * new. New debits are written now; new credits once matched (matchLines).
 */
async function writeLines(
  db: Db,
  record: StatementImportDoc,
  docs: StatementLineDoc[],
): Promise<{ toMatch: StatementLineDoc[]; stored: Set<string>; counts: StatementImportCounts }> {
  // The very same lines imported before, to the end: every line is known and settled, so
  // the reads that would find that out one line at a time are skipped.
  const importedBefore = await importedToTheEnd(db, record.linesHash!);
  const earlier = importedBefore
    ? []
    : await linesByFingerprint(
        db,
        docs.map((d) => d.fingerprint),
      );
  const unfinished = earlier.filter((line) => line.status === 'pending');
  const finished = importedBefore
    ? new Set(docs.map((d) => d.fingerprint))
    : new Set(earlier.filter((l) => l.status !== 'pending').map((l) => l.fingerprint));
  await adoptPendingLines(
    db,
    unfinished.map((l) => l._id),
    record._id,
  );
  const duplicates = docs
    .filter((d) => finished.has(d.fingerprint))
    .map((d) => ({
      ...d,
      _id: randomUUID(),
      fingerprint: `${d.fingerprint}~${record._id}`,
      status: 'duplicate' as const,
    }));
  if (duplicates.length > 0) await insertNewLines(db, duplicates);
  const seen = new Set(earlier.map((l) => l.fingerprint));
  const fresh = importedBefore ? [] : docs.filter((d) => !seen.has(d.fingerprint));
  await insertNewLines(
    db,
    fresh.filter((d) => d.status !== 'pending'),
  );
  const counts: StatementImportCounts = {
    lines: docs.length,
    credits: docs.filter((d) => d.cents > 0).length,
    debits: docs.filter((d) => d.cents <= 0).length,
    confirmed: 0,
    lateConfirmed: 0,
    refundsDue: 0,
    needsReview: 0,
    duplicates: duplicates.length,
  };
  return {
    toMatch: [...unfinished, ...fresh.filter((d) => d.status === 'pending')],
    stored: new Set(unfinished.map((l) => l._id)),
    counts,
  };
}

function count(counts: StatementImportCounts, outcome: LineOutcome): void {
  if (outcome.status === 'confirmed') {
    counts.confirmed++;
    if (outcome.late) counts.lateConfirmed++;
  } else if (outcome.reason === 'refund_due') counts.refundsDue++;
  else if (outcome.status === 'needs_review') counts.needsReview++;
}

interface LinesToMatch {
  lines: StatementLineDoc[];
  /** Ids of the lines already written ('pending'): settled by an update, the others inserted. */
  stored: Set<string>;
  orders: Map<string, PurchaseDoc>;
  payer: LinePayer;
  /** false: the lines' outcomes are not written (an import cut short, in tests). */
  write: boolean;
}

/**
 * Matches every line, a few at a time, a chunk after another: each chunk's audit entries
 * and lines are written together once its orders are paid (a stop in between leaves its
 * lines unwritten, and the next import finds the payments they made by their ids).
 */
async function matchLines(deps: CoreDeps, work: LinesToMatch): Promise<LineOutcome[]> {
  const { lines, stored, orders, payer, write } = work;
  const audits = new AuditBatch();
  const outcomes: LineOutcome[] = [];
  let writing: Promise<void> = Promise.resolve();
  for (let start = 0; start < lines.length; start += SETTLE_CHUNK) {
    const chunk = lines.slice(start, start + SETTLE_CHUNK);
    const settled = await matchChunk(deps, chunk, orders, payer, audits);
    await writing;
    // The next chunk is matched while this one's records are written: the audit entries
    // first, then the lines, so a written line always has its entry (a re-import takes a
    // written line as done).
    const entries = audits.flush(deps);
    writing = entries.then(() =>
      write ? writeOutcomes(deps.db, chunk, settled, stored) : undefined,
    );
    writing.catch(() => undefined); // awaited (and thrown) with the next chunk or below
    outcomes.push(...settled);
  }
  await writing;
  return outcomes;
}

async function writeOutcomes(
  db: Db,
  chunk: StatementLineDoc[],
  settled: LineOutcome[],
  stored: Set<string>,
): Promise<void> {
  const lines = chunk.map((line, i) => ({ line, outcome: settled[i]! }));
  await settleLines(
    db,
    lines
      .filter(({ line }) => stored.has(line._id))
      .map(({ line, outcome }) => ({ id: line._id, outcome })),
  );
  // A line another import wrote meanwhile (the same file twice at once) keeps its record.
  await insertNewLines(
    db,
    lines
      .filter(({ line }) => !stored.has(line._id))
      .map(({ line, outcome }) => ({ ...line, ...outcome })),
  );
}

/**
 * A chunk's outcomes. The common case, a credit paying exactly its unpaid order, goes in
 * one command for the chunk; everything else (late payments, reviews, a second line for
 * the same order) line by line after it, so a second line finds its order paid.
 */
async function matchChunk(
  deps: CoreDeps,
  chunk: StatementLineDoc[],
  orders: Map<string, PurchaseDoc>,
  payer: LinePayer,
  audits: AuditBatch,
): Promise<LineOutcome[]> {
  const claimed = new Set<string>();
  const plain: Array<{ index: number; purchase: PurchaseDoc; line: StatementLineDoc }> = [];
  const others: number[] = [];
  chunk.forEach((line, index) => {
    const decision = decide(line._id, line.cents, namedOrders(line, orders), line);
    const order = decision.action === 'confirm' ? decision.order : null;
    if (order && order.status === 'PENDING' && !claimed.has(order._id)) {
      claimed.add(order._id);
      plain.push({ index, purchase: order, line });
    } else others.push(index);
  });
  const outcomes: LineOutcome[] = new Array(chunk.length);
  const paid = await payPendingFromLines(deps, plain, payer, audits);
  plain.forEach(({ index }, i) => (outcomes[index] = outcomeOf(paid[i]!)));
  const rest = await inParallel(others, (index) =>
    matchLine(deps, chunk[index]!, orders, payer, audits),
  );
  others.forEach((index, i) => (outcomes[index] = rest[i]!));
  return outcomes;
}

function namedOrders(line: StatementLineDoc, orders: Map<string, PurchaseDoc>): PurchaseDoc[] {
  return findCodes(line.description, line.reference).codes.flatMap(
    (code) => orders.get(code) ?? [],
  );
}

/** `work` on every item, MATCH_CONCURRENCY at a time; the answers in the items' order. */
async function inParallel<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      answers[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(MATCH_CONCURRENCY, items.length) }, worker));
  return answers;
}

/** What one credit line did: confirmed its order, or why a person must look at it. */
export async function matchLine(
  deps: CoreDeps,
  line: StatementLineDoc,
  orders: Map<string, PurchaseDoc>,
  payer: LinePayer,
  audits?: AuditBatch,
): Promise<LineOutcome> {
  const found = findCodes(line.description, line.reference);
  const named = namedOrders(line, orders);
  if (named.length === 0 && found.cut) {
    const candidates = (await ordersByCodePrefix(deps.db, found.cut)).map(candidateOf);
    return review(candidates.length > 0 ? 'partial_code' : 'no_code', null, candidates);
  }
  const decision = decide(line._id, line.cents, named, line);
  if (decision.action === 'recognised') return recognised(decision.order);
  if (decision.action === 'review') {
    // A short credit counts toward its unpaid order, which stays unpaid and says what is
    // missing (SPEC §4, "Short payments"); the line waits for staff all the same.
    const order =
      decision.reason === 'amount_less'
        ? ((await recordShortLine(deps.db, decision.order!._id, {
            id: line._id,
            cents: line.cents,
          })) ?? decision.order)
        : decision.order;
    return review(decision.reason, order, (order ? [order] : named).map(candidateOf));
  }
  // 'done' too: the payment stands, and its audit entry is written if the stop came before it.
  return outcomeOf(await payFromLine(deps, decision.order, line, payer, audits));
}

/** A line that tried to pay its order: confirmed, for refund, or the order was paid otherwise. */
function outcomeOf(paid: LinePayment): LineOutcome {
  const order = paid.purchase;
  if (!paid.paidByLine) return review('already_paid', order, [candidateOf(order)]);
  if (order.status === 'REFUND_REQUIRED') return review('refund_due', order, []);
  return {
    status: 'confirmed',
    reason: null,
    purchaseId: order._id,
    orderCode: order.orderCode ?? null,
    late: paid.late,
    candidates: [],
  };
}

/** The payment staff confirmed by hand, now seen in the bank: linked to its order, not a second payment. */
function recognised(order: OrderToMatch): LineOutcome {
  return {
    status: 'recognised',
    reason: null,
    purchaseId: order._id,
    orderCode: order.orderCode ?? null,
    late: false,
    candidates: [],
  };
}

function review(
  reason: LineOutcome['reason'],
  order: OrderToMatch | null,
  candidates: LineCandidate[],
): LineOutcome {
  return {
    status: 'needs_review',
    reason,
    purchaseId: order?._id ?? null,
    orderCode: order?.orderCode ?? null,
    late: false,
    candidates,
  };
}

function candidateOf(order: OrderToMatch): LineCandidate {
  return {
    purchaseId: order._id,
    orderCode: order.orderCode ?? '',
    totalPrice: order.totalPrice,
    status: order.status,
  };
}
