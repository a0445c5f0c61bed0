// The upgrade that gives data written before the work markers their markers (purchases.ts,
// PurchaseMarkers; DESIGN, "Queries on a year of data"): from then on the jobs that repeat
// find their work by an indexed equality, so what they would otherwise miss must carry it.
// One read of each document and a write only where a field is missing, in batches, so it
// runs in the background while the process serves; idempotent, so a restart goes over
// it again; once done it records so and later starts skip it. Its reads scan, once: the
// price of never scanning on a pass afterwards.
import type { Db, Document, Filter } from 'mongodb';
import type { Logger } from '../logger';
import type { CoreDeps, Stoppable } from '../deps';
import { FIRST_RAFFLE_ID, RAFFLE_ID_UPGRADES } from './by-raffle';
import { withMarkers, type PurchaseDoc } from './purchases';

const [UPGRADE_ID, FACTS_UPGRADE_ID] = RAFFLE_ID_UPGRADES;
const BATCH = 500;
/** How long a PayPhone sale may still be reversed (api/src/payments/payphone-reversals.ts). */
const MOBILE_WINDOW_MS = 24 * 3_600_000;

type Fields = Record<string, unknown>;
type Upgraded = { _id: unknown } & Fields;

/** The marker fields a purchase as stored calls for (purchases.ts, withMarkers and PurchaseMarkers). */
function purchaseMarkers(p: PurchaseDoc & { numbersProblem?: unknown }, now: Date): Fields {
  const set: Fields = {};
  const { relayDue, numbersDue, paymentRef } = withMarkers({ ...p, outbox: p.outbox ?? {} });
  if (relayDue) set.relayDue = true;
  if (numbersDue && p.status === 'COMPLETED' && !p.numbersProblem) set.numbersDue = true;
  if (paymentRef) set.paymentRef = paymentRef;
  if (
    p.paymentMethod === 'bank_transfer' &&
    (p.status === 'PENDING' || p.status === 'EXPIRED') &&
    (p.receipts?.length ?? 0) > 0
  )
    set.receiptsHeld = true;
  const failed = (['email', 'sms'] as const).some((c) => p.notifications?.[c]?.status === 'failed');
  if (p.status === 'COMPLETED' && failed) set.notifyRetry = true;
  if (
    p.paymentMethod === 'mobile' &&
    p.status === 'COMPLETED' &&
    p.mobile?.status === 'COMPLETED' &&
    p.paidAt &&
    p.paidAt.getTime() >= now.getTime() - MOBILE_WINDOW_MS
  )
    set.mobileRecheck = true;
  // The first raffle's purchases from before raffles were records name no raffle
  // (by-raffle.ts): per-raffle reads go by an equality on raffleId.
  if (!p.raffleId) set.raffleId = FIRST_RAFFLE_ID;
  return set;
}

/**
 * One pass over a collection (one read of each document, whatever its size), writing
 * by `_id` the fields `wanted` names that a document lacks, a batch at a time.
 */
async function upgradeEach(
  db: Db,
  collection: string,
  wanted: (doc: Upgraded) => Fields,
  stopped: () => boolean,
): Promise<number> {
  let marked = 0;
  let writes: Array<{ updateOne: { filter: Filter<Document>; update: Document } }> = [];
  const flush = async () => {
    if (writes.length > 0)
      marked += (await db.collection(collection).bulkWrite(writes, { ordered: false }))
        .modifiedCount;
    writes = [];
  };
  for await (const doc of db.collection<Upgraded>(collection).find({}, { batchSize: BATCH })) {
    if (stopped()) break;
    const set = Object.fromEntries(
      Object.entries(wanted(doc)).filter(([field, value]) => doc[field] !== value),
    );
    if (Object.keys(set).length > 0)
      writes.push({ updateOne: { filter: { _id: doc._id }, update: { $set: set } } });
    if (writes.length >= BATCH) await flush();
  }
  await flush();
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
  const done = async (id: string) => {
    if (!stopped())
      await upgrades.updateOne({ _id: id }, { $set: { doneAt: new Date() } }, { upsert: true });
  };
  // The report facts from before raffles were records name no raffle: "todas" reads raffle
  // by raffle, by an equality on raffleId (by-raffle.ts, raffleKeys).
  let marked = 0;
  if (!(await upgrades.findOne({ _id: FACTS_UPGRADE_ID }))) {
    marked += await upgradeEach(
      db,
      'report_facts',
      (doc) => (doc.raffleId ? {} : { raffleId: FIRST_RAFFLE_ID }),
      stopped,
    );
    await done(FACTS_UPGRADE_ID);
  }
  if (await upgrades.findOne({ _id: UPGRADE_ID })) return marked;
  const purchases = (doc: Upgraded) => purchaseMarkers(doc as unknown as PurchaseDoc, now);
  marked += await upgradeEach(db, 'purchases', purchases, stopped);
  marked += await upgradeEach(
    db,
    'lookup_requests',
    (doc) => ((doc.outbox as { publishedAt?: Date }).publishedAt ? {} : { relayDue: true }),
    stopped,
  );
  // The unlisted-files clean-up looked at every file each pass: each is looked at once more.
  marked += await upgradeEach(db, 'receipts.files', () => ({ unchecked: true }), stopped);
  await done(UPGRADE_ID);
  return marked;
}

/** The name /api/health gives the upgrade while it runs. */
export const WORK_MARKERS_CATCH_UP = 'work-markers';

/** Runs the upgrade in the background of a starting process (start-up does not wait on it). */
export function startQueryMarkersUpgrade(
  deps: { db: Db; log: Logger } & Pick<CoreDeps, 'catchUps'>,
): Promise<Stoppable> {
  let stopped = false;
  const log = deps.log.child({ module: 'query-markers-upgrade' });
  // /api/health names it while it runs (core/src/catch-ups.ts, SPEC §7).
  const running = deps.catchUps
    .track(WORK_MARKERS_CATCH_UP, () => upgradeQueryMarkers(deps.db, { stopped: () => stopped }))
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
