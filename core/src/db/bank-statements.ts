// Bank statement imports and their lines (`bank_statement_imports`, `bank_statement_lines`),
// the column mapping remembered per bank account and the machines' import key
// (`bank_statement_settings`). A line's fingerprint is unique: the same bank movement
// imported twice (the same file, or two statements that overlap) is one line. A credit
// is written once its order is paid, with its outcome (bank-statements/import.ts); lines
// an older import wrote 'pending' first leave 'pending' once, by a conditional update.
import type {
  ColumnMapping,
  LineCandidate,
  LineReason,
  LineStatus,
  PurchaseBankLine,
} from '@vag/contracts';
import { MongoBulkWriteError, type Db, type Filter, type Sort } from 'mongodb';

/** 'pending': written before its matching, by an import of an earlier version that stopped. */
export type StoredLineStatus = LineStatus | 'pending';

export interface StatementLineDoc {
  _id: string;
  fingerprint: string;
  importId: string;
  fileName: string;
  row: number;
  date: string;
  description: string;
  reference: string;
  /** Signed cents (credits positive); `amount` is the same in dollars, as purchases keep money. */
  cents: number;
  amount: number;
  bankAccountKey: string;
  status: StoredLineStatus;
  reason: LineReason | null;
  purchaseId: string | null;
  orderCode: string | null;
  late: boolean;
  candidates: LineCandidate[];
  note: string | null;
  handledBy: string | null;
  handledAt: Date | null;
  createdAt: Date;
}

export interface StatementImportCounts {
  lines: number;
  credits: number;
  debits: number;
  confirmed: number;
  lateConfirmed: number;
  refundsDue: number;
  needsReview: number;
  duplicates: number;
}

export interface StatementImportDoc extends StatementImportCounts {
  _id: string;
  fileName: string;
  fileHash: string;
  /** SHA-256 of the lines' fingerprints in order: the same movements, whatever the file's bytes or mapping. */
  linesHash?: string;
  bankAccount: number;
  bankAccountKey: string;
  bankAccountLabel: string;
  createdAt: Date;
  createdBy: string;
  state: 'importing' | 'done';
  finishedAt?: Date;
}

interface SettingDoc {
  _id: string;
  mapping?: ColumnMapping;
  /** The header row's texts the mapping was made for. */
  header?: string[];
  hash?: string;
  createdAt: Date;
  createdBy?: string;
}

/** Values of an $in the store looks up in its index; a longer list scans the collection (infra/ferretdb). */
const IN_LIMIT = 100;

const imports = (db: Db) => db.collection<StatementImportDoc>('bank_statement_imports');
const lines = (db: Db) => db.collection<StatementLineDoc>('bank_statement_lines');
const settings = (db: Db) => db.collection<SettingDoc>('bank_statement_settings');

export async function ensureBankStatementIndexes(db: Db): Promise<void> {
  await lines(db).createIndex({ fingerprint: 1 }, { name: 'line_fingerprint', unique: true });
  await lines(db).createIndex({ importId: 1, row: 1 });
  await lines(db).createIndex({ status: 1, createdAt: -1 });
  // The review queue asks, for a page of purchases, which lines name them.
  await lines(db).createIndex({ purchaseId: 1 });
  await imports(db).createIndex({ createdAt: -1 });
  await imports(db).createIndex({ linesHash: 1 });
}

export async function insertImport(db: Db, doc: StatementImportDoc): Promise<void> {
  await imports(db).insertOne(doc);
}

export async function finishImport(
  db: Db,
  id: string,
  counts: StatementImportCounts,
): Promise<StatementImportDoc | null> {
  return imports(db).findOneAndUpdate(
    { _id: id },
    { $set: { ...counts, state: 'done', finishedAt: new Date() } },
    { returnDocument: 'after' },
  );
}

/** Whether these very lines (by linesHash) were imported before, every one settled. */
export async function importedToTheEnd(db: Db, linesHash: string): Promise<boolean> {
  const done = await imports(db).findOne({ linesHash, state: 'done' }, { projection: { _id: 1 } });
  return done !== null;
}

export async function listImports(
  db: Db,
  page: { skip: number; limit: number },
): Promise<{ items: StatementImportDoc[]; total: number }> {
  const [items, total] = await Promise.all([
    imports(db).find().sort({ createdAt: -1 }).skip(page.skip).limit(page.limit).toArray(),
    imports(db).countDocuments(),
  ]);
  return { items, total };
}

/**
 * Inserts the lines whose fingerprint is new; answers the fingerprints that were already
 * there (unordered, so one known line does not stop the others).
 */
export async function insertNewLines(db: Db, docs: StatementLineDoc[]): Promise<Set<string>> {
  const known = new Set<string>();
  const CHUNK = 1000;
  for (let i = 0; i < docs.length; i += CHUNK) {
    const chunk = docs.slice(i, i + CHUNK);
    try {
      await lines(db).insertMany(chunk, { ordered: false });
    } catch (error) {
      if (!(error instanceof MongoBulkWriteError)) throw error;
      const errors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
      for (const e of errors) {
        if (e.code !== 11000) throw error;
        known.add(chunk[e.index]!.fingerprint);
      }
    }
  }
  return known;
}

/** Lines by fingerprint (the ones an earlier import wrote). */
export async function linesByFingerprint(
  db: Db,
  fingerprints: string[],
): Promise<StatementLineDoc[]> {
  const found: StatementLineDoc[] = [];
  for (let i = 0; i < fingerprints.length; i += IN_LIMIT)
    found.push(
      ...(await lines(db)
        .find({ fingerprint: { $in: fingerprints.slice(i, i + IN_LIMIT) } })
        .toArray()),
    );
  return found;
}

/** Takes over lines a stopped import left 'pending', so this import's summary counts them. */
export async function adoptPendingLines(db: Db, ids: string[], importId: string): Promise<void> {
  for (let i = 0; i < ids.length; i += IN_LIMIT)
    await lines(db).updateMany(
      { _id: { $in: ids.slice(i, i + IN_LIMIT) }, status: 'pending' },
      { $set: { importId } },
    );
}

export interface LineOutcome {
  status: LineStatus;
  reason: LineReason | null;
  purchaseId: string | null;
  orderCode: string | null;
  late: boolean;
  candidates: LineCandidate[];
}

/**
 * 'pending' → its outcome, once per line (a line another import already settled keeps
 * its outcome). One command for a chunk of lines.
 */
export async function settleLines(
  db: Db,
  settled: ReadonlyArray<{ id: string; outcome: LineOutcome }>,
): Promise<void> {
  if (settled.length === 0) return;
  await lines(db).bulkWrite(
    settled.map(({ id, outcome }) => ({
      updateOne: { filter: { _id: id, status: 'pending' as const }, update: { $set: outcome } },
    })),
    { ordered: false },
  );
}

export async function getLine(db: Db, id: string): Promise<StatementLineDoc | null> {
  return lines(db).findOne({ _id: id });
}

/** needs_review → assigned or set_aside, once, by a staff member. */
export async function handleLine(
  db: Db,
  id: string,
  change: Partial<LineOutcome> & { status: 'assigned' | 'set_aside'; note?: string | null },
  by: string,
): Promise<StatementLineDoc | null> {
  return lines(db).findOneAndUpdate(
    { _id: id, status: 'needs_review' },
    { $set: { ...change, handledBy: by, handledAt: new Date() } },
    { returnDocument: 'after' },
  );
}

export interface LineListFilter {
  status?: string;
  importId?: string;
  reason?: string;
  purchaseId?: string;
  q?: string;
}

const SORTABLE = new Set(['row', 'date', 'amount', 'status', 'createdAt', 'reason']);

export async function listLines(
  db: Db,
  filter: LineListFilter,
  page: { skip: number; limit: number; sort?: { field: string; order: 'ASC' | 'DESC' } },
): Promise<{ items: StatementLineDoc[]; total: number }> {
  const query: Filter<StatementLineDoc> = {};
  if (filter.status) query.status = filter.status as StoredLineStatus;
  if (filter.importId) query.importId = filter.importId;
  if (filter.reason) query.reason = filter.reason as LineReason;
  if (filter.purchaseId) query.purchaseId = filter.purchaseId;
  if (filter.q) {
    const text = filter.q.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    query.$or = [
      { description: { $regex: text, $options: 'i' } },
      { reference: { $regex: text, $options: 'i' } },
      { orderCode: { $regex: text, $options: 'i' } },
    ];
  }
  const field = page.sort && SORTABLE.has(page.sort.field) ? page.sort.field : null;
  const sort: Sort = field
    ? { [field === 'amount' ? 'cents' : field]: page.sort!.order === 'ASC' ? 1 : -1, _id: 1 }
    : { createdAt: -1, row: 1 };
  const [items, total] = await Promise.all([
    lines(db).find(query).sort(sort).skip(page.skip).limit(page.limit).toArray(),
    lines(db).countDocuments(query),
  ]);
  return { items, total };
}

/** The latest line naming each of these purchases, for the transfer review queue. */
export async function bankLinesOf(
  db: Db,
  purchaseIds: string[],
): Promise<Map<string, PurchaseBankLine>> {
  const found = new Map<string, PurchaseBankLine>();
  if (purchaseIds.length === 0) return found;
  const docs: StatementLineDoc[] = [];
  for (let i = 0; i < purchaseIds.length; i += IN_LIMIT)
    docs.push(
      ...(await lines(db)
        .find(
          { purchaseId: { $in: purchaseIds.slice(i, i + IN_LIMIT) }, status: { $ne: 'duplicate' } },
          { projection: { purchaseId: 1, date: 1, amount: 1, status: 1, createdAt: 1 } },
        )
        .toArray()),
    );
  docs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const d of docs)
    found.set(d.purchaseId!, {
      id: d._id,
      date: d.date,
      amount: d.amount,
      status: d.status === 'pending' ? 'needs_review' : d.status,
    });
  return found;
}

export interface RememberedMapping {
  mapping: ColumnMapping;
  header: string[];
}

export async function rememberedMapping(
  db: Db,
  accountKey: string,
): Promise<RememberedMapping | null> {
  const doc = await settings(db).findOne({ _id: `mapping:${accountKey}` });
  return doc?.mapping ? { mapping: doc.mapping, header: doc.header ?? [] } : null;
}

export async function rememberMapping(
  db: Db,
  accountKey: string,
  { mapping, header }: RememberedMapping,
): Promise<void> {
  await settings(db).updateOne(
    { _id: `mapping:${accountKey}` },
    { $set: { mapping, header, createdAt: new Date() } },
    { upsert: true },
  );
}

const IMPORT_KEY = 'import-key';

export async function saveImportKeyHash(db: Db, hash: string, createdBy: string): Promise<void> {
  await settings(db).updateOne(
    { _id: IMPORT_KEY },
    { $set: { hash, createdBy, createdAt: new Date() } },
    { upsert: true },
  );
}

export async function importKeyRecord(
  db: Db,
): Promise<{ hash: string; createdAt: Date; createdBy: string } | null> {
  const doc = await settings(db).findOne({ _id: IMPORT_KEY });
  return doc?.hash
    ? { hash: doc.hash, createdAt: doc.createdAt, createdBy: doc.createdBy ?? '' }
    : null;
}
