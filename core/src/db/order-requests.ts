// Create-order's idempotency records (SPEC §7, `Idempotency-Key`): one document per key,
// whose `_id` is the key's hash, so of two requests with one key exactly one insert wins
// (the store's unique `_id`, no transaction) and the other waits for its answer. Each
// record keeps the hash of the request it was made for: the same key with another body
// is refused, so a key alone never fetches an order. A record is never deleted: a failed
// request marks it `failed`, and the next request with the same key and body takes it
// over with one conditional update.
import type { Db } from 'mongodb';
import { isDuplicateKey } from './raffle-numbers';

type OrderRequestState = 'pending' | 'done' | 'failed';

interface OrderRequestDoc {
  /** sha256 of the client's key. */
  _id: string;
  /** sha256 of the raffle and the validated order. */
  requestHash: string;
  state: OrderRequestState;
  /** The purchase the request placed, once done (it references the purchase, for its data). */
  purchaseId?: string;
  /** What the first request answered, answered again to each repeat. */
  answer?: unknown;
  startedAt: Date;
  updatedAt: Date;
}

const requests = (db: Db) => db.collection<OrderRequestDoc>('order_requests');

type OrderRequestClaim =
  { kind: 'owner' } | { kind: 'other_request' } | { kind: 'seen'; doc: OrderRequestDoc };

/**
 * Makes the caller the one placing the order for `id`, or answers the record another
 * request holds: a different request under the same key, or the same one (pending, done
 * or failed). A failed record, or one pending since `staleBefore` (its process died), is
 * taken over by one conditional update.
 */
export async function claimOrderRequest(
  db: Db,
  id: string,
  requestHash: string,
  { now, staleBefore }: { now: Date; staleBefore: Date },
): Promise<OrderRequestClaim> {
  try {
    await requests(db).insertOne({
      _id: id,
      requestHash,
      state: 'pending',
      startedAt: now,
      updatedAt: now,
    });
    return { kind: 'owner' };
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  const doc = await requests(db).findOne({ _id: id });
  if (!doc) return claimOrderRequest(db, id, requestHash, { now, staleBefore });
  if (doc.requestHash !== requestHash) return { kind: 'other_request' };
  const abandoned = doc.state === 'pending' && doc.startedAt < staleBefore;
  if (doc.state !== 'failed' && !abandoned) return { kind: 'seen', doc };
  const taken = await requests(db).updateOne(
    { _id: id, state: doc.state, startedAt: doc.startedAt },
    { $set: { state: 'pending', startedAt: now, updatedAt: now } },
  );
  return taken.modifiedCount === 1 ? { kind: 'owner' } : { kind: 'seen', doc };
}

/** The order was placed: its answer, for every repeat. */
export async function finishOrderRequest(
  db: Db,
  id: string,
  { purchaseId, answer }: { purchaseId: string; answer: unknown },
): Promise<void> {
  await requests(db).updateOne(
    { _id: id },
    { $set: { state: 'done', purchaseId, answer, updatedAt: new Date() } },
  );
}

/** The order was refused or failed: a repeat may try again. */
export async function failOrderRequest(db: Db, id: string): Promise<void> {
  await requests(db).updateOne(
    { _id: id, state: 'pending' },
    { $set: { state: 'failed', updatedAt: new Date() } },
  );
}
