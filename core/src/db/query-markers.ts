// The upgrade that gives data written before the work markers their markers (purchases.ts,
// PurchaseMarkers; DESIGN, "Queries on a year of data"): from then on the jobs that repeat
// find their work by an indexed equality, so what they would otherwise miss must carry it.
// Idempotent and in batches (each document is written once, each batch is a few hundred
// documents), so it runs in the background while the process serves, and a restart goes
// on where the last run stopped; once done it records so and later starts skip it.
// These reads scan, once: that is the price of not scanning on every pass afterwards.
import type { Db, Document, Filter } from 'mongodb';
import type { Logger } from '../logger';
import type { Stoppable } from '../deps';
import { FIRST_RAFFLE_ID } from './by-raffle';
import { OUTBOX_KEYS, markedWhenPublished, paymentRefOf, type PurchaseDoc } from './purchases';

const UPGRADE_ID = 'query-markers-1';
const BATCH = 500;
/** The store searches the _id index for an $in list this long at most. */
const IN_LIST = 100;
/** How long a PayPhone sale may still be reversed (api/src/payments/payphone-reversals.ts). */
const MOBILE_WINDOW_MS = 24 * 3_600_000;

type Marking = { collection: string; filter: Filter<Document>; set: Document };

function markings(now: Date): Marking[] {
  const marked = Object.values(OUTBOX_KEYS).filter(markedWhenPublished);
  const failed = (channel: string) => ({ [`notifications.${channel}.status`]: 'failed' });
  return [
    {
      collection: 'purchases',
      filter: {
        $or: marked.map((key) => ({
          [`outbox.${key}.publishedAt`]: null,
          [`outbox.${key}.event`]: { $exists: true },
        })),
      },
      set: { relayDue: true },
    },
    {
      collection: 'purchases',
      filter: {
        status: 'COMPLETED',
        'outbox.purchase_paid.event': { $exists: true },
        numbersProblem: { $exists: false },
      },
      set: { numbersDue: true },
    },
    {
      collection: 'purchases',
      filter: {
        paymentMethod: 'bank_transfer',
        status: { $in: ['PENDING', 'EXPIRED'] },
        'receipts.0': { $exists: true },
      },
      set: { receiptsHeld: true },
    },
    {
      collection: 'purchases',
      filter: { status: 'COMPLETED', $or: [failed('email'), failed('sms')] },
      set: { notifyRetry: true },
    },
    {
      collection: 'purchases',
      filter: {
        paymentMethod: 'mobile',
        status: 'COMPLETED',
        'mobile.status': 'COMPLETED',
        paidAt: { $gte: new Date(now.getTime() - MOBILE_WINDOW_MS) },
      },
      set: { mobileRecheck: true },
    },
    // The first raffle's purchases from before raffles were records name no raffle
    // (by-raffle.ts): per-raffle reads go by an equality on raffleId.
    { collection: 'purchases', filter: { raffleId: null }, set: { raffleId: FIRST_RAFFLE_ID } },
    {
      collection: 'lookup_requests',
      filter: { 'outbox.publishedAt': { $exists: false } },
      set: { relayDue: true },
    },
    // The unlisted-files clean-up looked at every file each pass: each is looked at once more.
    { collection: 'receipts.files', filter: {}, set: { unchecked: true } },
  ];
}

/** Sets `set` on every document of the filter that lacks it, a batch at a time. */
async function mark(db: Db, { collection, filter, set }: Marking, stopped: () => boolean) {
  const [field, value] = Object.entries(set)[0]!;
  const unmarked: Filter<Document> = { $and: [filter, { [field]: { $ne: value } }] };
  let marked = 0;
  while (!stopped()) {
    const ids = (
      await db
        .collection(collection)
        .find(unmarked, { projection: { _id: 1 }, limit: BATCH })
        .toArray()
    ).map((d) => d._id);
    for (let i = 0; i < ids.length; i += IN_LIST)
      marked += (
        await db
          .collection(collection)
          .updateMany({ _id: { $in: ids.slice(i, i + IN_LIST) } }, { $set: set })
      ).modifiedCount;
    if (ids.length < BATCH) break;
  }
  return marked;
}

/** PayPal orders and Stripe sessions by their top-level reference (purchases.ts, paymentRef). */
async function markPaymentRefs(db: Db, stopped: () => boolean): Promise<number> {
  const purchases = db.collection<PurchaseDoc>('purchases');
  let marked = 0;
  while (!stopped()) {
    const batch = await purchases
      .find(
        {
          paymentRef: { $exists: false },
          $or: [{ 'paypal.orderId': { $exists: true } }, { 'card.sessionId': { $exists: true } }],
        },
        { projection: { paypal: 1, card: 1 }, limit: BATCH },
      )
      .toArray();
    const writes = batch.flatMap((p) => {
      const ref = paymentRefOf(p);
      return ref
        ? [{ updateOne: { filter: { _id: p._id }, update: { $set: { paymentRef: ref } } } }]
        : [];
    });
    if (writes.length > 0)
      marked += (await purchases.bulkWrite(writes, { ordered: false })).modifiedCount;
    if (batch.length < BATCH || writes.length === 0) break;
  }
  return marked;
}

/**
 * Gives older documents the work markers; answers how many it marked (0 once done).
 * `stopped` ends it between batches (a shutdown); the next start goes on.
 */
export async function upgradeQueryMarkers(
  db: Db,
  { now = new Date(), stopped = () => false }: { now?: Date; stopped?: () => boolean } = {},
): Promise<number> {
  const upgrades = db.collection<{ _id: string; doneAt: Date }>('upgrades');
  if (await upgrades.findOne({ _id: UPGRADE_ID })) return 0;
  let marked = 0;
  for (const marking of markings(now)) marked += await mark(db, marking, stopped);
  marked += await markPaymentRefs(db, stopped);
  if (!stopped())
    await upgrades.updateOne(
      { _id: UPGRADE_ID },
      { $set: { doneAt: new Date() } },
      { upsert: true },
    );
  return marked;
}

/** Runs the upgrade in the background of a starting process (start-up does not wait on it). */
export function startQueryMarkersUpgrade(deps: { db: Db; log: Logger }): Promise<Stoppable> {
  let stopped = false;
  const log = deps.log.child({ module: 'query-markers-upgrade' });
  const running = upgradeQueryMarkers(deps.db, { stopped: () => stopped })
    .then((marked) => {
      if (marked > 0) log.info({ marked }, 'work markers set on older documents');
    })
    .catch((err: unknown) =>
      log.error({ err }, 'work markers upgrade failed; the next start retries'),
    );
  return Promise.resolve({
    stop: async () => {
      stopped = true;
      await running;
    },
  });
}
