// The public lookup's requests (`lookup_requests`): one document per "send me my orders",
// written with its `lookup.requested` outbox entry so the e-mail cannot be lost between
// the answer and the bus, and the delivery state of that e-mail (claimed with a lease
// before sending, so a redelivered event sends nothing twice).
import type { LookupRequestedEvent } from '@vag/contracts';
import type { Db } from 'mongodb';

export interface LookupRequestDoc {
  _id: string;
  createdAt: Date;
  outbox: { event: LookupRequestedEvent; publishedAt?: Date };
  /** Not yet on the bus: the relay's indexed work list (purchases.ts, PurchaseMarkers). */
  relayDue?: true;
  mail?: { status: 'sending' | 'sent' | 'logged' | 'failed'; at: Date; lastError?: string };
}

const requests = (db: Db) => db.collection<LookupRequestDoc>('lookup_requests');

export async function ensureLookupRequestIndexes(db: Db): Promise<void> {
  await requests(db).createIndex({ relayDue: 1 });
}

export async function insertLookupRequest(db: Db, event: LookupRequestedEvent): Promise<void> {
  await requests(db).insertOne({
    _id: event.data.requestId,
    createdAt: new Date(event.occurredAt),
    outbox: { event },
    relayDue: true,
  });
}

/** The events not yet on the bus, oldest first. */
export async function findUnpublishedLookups(db: Db, limit = 200): Promise<LookupRequestedEvent[]> {
  const docs = await requests(db)
    .find({ relayDue: true }, { sort: { createdAt: 1 }, limit })
    .toArray();
  return docs.map((d) => d.outbox.event);
}

export async function markLookupsPublished(db: Db, requestIds: string[]): Promise<void> {
  // The store searches the _id index for an $in list this long at most, and scans beyond.
  for (let i = 0; i < requestIds.length; i += 100)
    await requests(db).updateMany(
      { _id: { $in: requestIds.slice(i, i + 100) }, 'outbox.publishedAt': { $exists: false } },
      { $set: { 'outbox.publishedAt': new Date() }, $unset: { relayDue: '' } },
    );
}

/** True when this caller may send the request's e-mail now. */
export async function claimLookupMail(
  db: Db,
  requestId: string,
  leaseMs = 120_000,
): Promise<boolean> {
  const now = new Date();
  const fresh = await requests(db).updateOne(
    { _id: requestId, mail: { $exists: false } },
    { $set: { mail: { status: 'sending', at: now } } },
  );
  if (fresh.modifiedCount === 1) return true;
  // A sender that died mid-send: its lease ran out, take it over.
  const stale = await requests(db).updateOne(
    {
      _id: requestId,
      'mail.status': 'sending',
      'mail.at': { $lt: new Date(now.getTime() - leaseMs) },
    },
    { $set: { mail: { status: 'sending', at: now } } },
  );
  return stale.modifiedCount === 1;
}

export async function finishLookupMail(
  db: Db,
  requestId: string,
  outcome: { status: 'sent' | 'logged' | 'failed'; lastError?: string },
): Promise<void> {
  await requests(db).updateOne(
    { _id: requestId },
    { $set: { mail: { ...outcome, at: new Date() } } },
  );
}
