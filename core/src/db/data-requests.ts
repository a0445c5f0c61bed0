// A buyer's requests about their personal data (`data_requests`): one document per request
// (a link asked at /mis-datos, a download, a correction, a withdrawal, a deletion, or one
// staff received by another channel), with its 15-day deadline and what was done. A link
// request also holds its access: the token's hash (single use, 24 h) and, once exchanged,
// the short session's hash. Only hashes are stored: the database never opens anyone's data.
import { randomUUID } from 'node:crypto';
import {
  dataRequestDueAt,
  type DataRequestKind,
  type DataRequestReviewItem,
  type DataRequestStatus,
} from '@vag/contracts';
import type { Db, Filter } from 'mongodb';

export interface DataRequestDoc {
  _id: string;
  email: string;
  kind: DataRequestKind;
  channel: 'web' | 'staff';
  createdAt: Date;
  dueAt: Date;
  status: DataRequestStatus;
  doneAt: Date | null;
  doneBy: string | null;
  what: string | null;
  note: string | null;
  /** What a deletion left for staff: values that other buyers' purchases carry too. */
  review?: DataRequestReviewItem[];
  access?: {
    tokenHash: string | null;
    expiresAt: Date;
    usedAt: Date | null;
    sessionHash: string | null;
    sessionExpiresAt: Date | null;
  };
}

export const dataRequests = (db: Db) => db.collection<DataRequestDoc>('data_requests');

export async function ensureDataRequestIndexes(db: Db): Promise<void> {
  await dataRequests(db).createIndex({ email: 1, createdAt: -1 }, { name: 'email_created' });
  await dataRequests(db).createIndex({ 'access.tokenHash': 1 }, { name: 'token_hash' });
  await dataRequests(db).createIndex({ 'access.sessionHash': 1 }, { name: 'session_hash' });
}

export interface NewDataRequest {
  email: string;
  kind: DataRequestKind;
  channel: 'web' | 'staff';
  note?: string;
  /** A request answered at once (a self-service download, a correction…). */
  done?: { by: string; what: string };
  at?: Date;
}

export async function insertDataRequest(db: Db, request: NewDataRequest): Promise<DataRequestDoc> {
  const at = request.at ?? new Date();
  const doc: DataRequestDoc = {
    _id: randomUUID(),
    email: request.email,
    kind: request.kind,
    channel: request.channel,
    createdAt: at,
    dueAt: dataRequestDueAt(at),
    status: request.done ? 'done' : 'pending',
    doneAt: request.done ? at : null,
    doneBy: request.done?.by ?? null,
    what: request.done?.what ?? null,
    note: request.note || null,
  };
  await dataRequests(db).insertOne(doc);
  return doc;
}

export async function getDataRequest(db: Db, id: string): Promise<DataRequestDoc | null> {
  return dataRequests(db).findOne({ _id: id });
}

/**
 * Marks a pending request done; false when it was done already. What was done before
 * (a deletion that left values for review) is kept ahead of what staff write now.
 */
export async function markDataRequestDone(
  db: Db,
  id: string,
  done: { by: string; what: string },
  at = new Date(),
): Promise<boolean> {
  const earlier = (await getDataRequest(db, id))?.what;
  const what = earlier ? `${earlier} — ${done.what}` : done.what;
  const result = await dataRequests(db).updateOne(
    { _id: id, status: 'pending' },
    { $set: { status: 'done', doneAt: at, doneBy: done.by, what } },
  );
  return result.modifiedCount === 1;
}

/**
 * A deletion that left values for staff: the request says what was done and stays
 * pending, listing what to review, until staff mark it done.
 */
export async function markDataRequestForReview(
  db: Db,
  id: string,
  outcome: { what: string; review: DataRequestReviewItem[] },
): Promise<void> {
  await dataRequests(db).updateOne(
    { _id: id, status: 'pending' },
    { $set: { what: outcome.what, review: outcome.review } },
  );
}

export interface DataRequestPage {
  rows: DataRequestDoc[];
  total: number;
}

/** Newest first; `status` narrows the list. */
export async function listDataRequests(
  db: Db,
  options: { status?: DataRequestStatus; skip: number; limit: number },
): Promise<DataRequestPage> {
  const filter: Filter<DataRequestDoc> = options.status ? { status: options.status } : {};
  const [rows, total] = await Promise.all([
    dataRequests(db)
      .find(filter, { sort: { createdAt: -1 }, skip: options.skip, limit: options.limit })
      .toArray(),
    dataRequests(db).countDocuments(filter),
  ]);
  return { rows, total };
}
