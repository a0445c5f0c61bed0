// Start-up creates every collection's indexes: each db/ module exports its own
// `ensure…Indexes(db)`, listed here so that a newcomer sees them all in one place.
//
// A process listens within seconds on a store of any size (DESIGN "Start-up and
// catch-ups"): before it takes a request it creates the unique indexes, which guard an
// invariant (one claim per purchase, one code per order, one factura per purchase, one
// bank line per fingerprint…) and must exist before any write; the others only make
// searches fast, and the ones missing (a new version's, on a year's store) are built in the
// background while `/api/health` names `indexes` in `catchingUp`.
import type { CreateIndexesOptions, Db, IndexSpecification } from 'mongodb';
import type { CatchUps, Stoppable } from '../deps';
import type { Logger } from '../logger';
import { ensureAuditLogIndexes } from './audit-log';
import { ensureBankStatementIndexes } from './bank-statements';
import { ensureMediaIndexes } from './media';
import { ensurePackagesIndexes } from './packages';
import { ensurePastRafflesIndexes } from './past-raffles';
import { ensureRaffleIndexes } from './raffle';
import { ensureUsersIndexes } from './users';
import { ensureInstantPrizeIndexes } from './instant-prizes';
import { ensureNumberClaimIndexes } from './number-claims';
import { ensureOrderHoldIndexes } from './order-holds';
import { ensurePurchaseNumbersIndexes } from './purchase-numbers';
import { ensurePurchaseIndexes } from './purchases';
import { ensureRateLimitIndexes } from './rate-limits';
import { ensureReportFactIndexes } from './report-facts';
import { ensureDataRequestIndexes } from './data-requests';
import { ensureDeliveryIndexes } from '../messaging/deliveries';
import { ensureInvoiceIndexes } from './invoices';
import { ensureInvoicingSettingsIndexes } from '../invoices/settings';
import { ensureNumberHoldIndexes } from './number-holds';
import { ensureReceiptFileIndexes } from './receipts';
import { ensureLookupRequestIndexes } from './lookup-requests';
import { ensureUnsubscribeLinkIndexes } from '../privacy/unsubscribe-token';

const indexCreators: Array<(db: Db) => Promise<unknown>> = [
  ensureUsersIndexes,
  ensureRaffleIndexes,
  ensurePackagesIndexes,
  ensurePastRafflesIndexes,
  ensureMediaIndexes,
  ensureNumberClaimIndexes,
  ensureInstantPrizeIndexes,
  ensurePurchaseNumbersIndexes,
  ensurePurchaseIndexes,
  ensureReportFactIndexes,
  ensureRateLimitIndexes,
  ensureAuditLogIndexes,
  ensureOrderHoldIndexes,
  ensureBankStatementIndexes,
  ensureDataRequestIndexes,
  ensureDeliveryIndexes,
  ensureUnsubscribeLinkIndexes,
  ensureInvoiceIndexes,
  ensureInvoicingSettingsIndexes,
  ensureNumberHoldIndexes,
  ensureReceiptFileIndexes,
  ensureLookupRequestIndexes,
];

/** Every index, awaited: scripts, tests and the workers' process, which serve no request. */
export async function ensureIndexes(db: Db): Promise<void> {
  for (const create of indexCreators) await create(db);
}

/** The name `/api/health` gives the background index builds while they run. */
export const INDEXES_CATCH_UP = 'indexes';

/** A search index start-up leaves to the background. */
interface LaterIndex {
  collection: string;
  keys: IndexSpecification;
  options?: CreateIndexesOptions;
}

/** What start-up leaves to the background: the missing search indexes, the creators' other steps. */
interface IndexesLeft {
  missing: LaterIndex[];
  /** Creators that do more than create indexes (an upgrade of older entries): run whole, later. */
  creators: Array<(db: Db) => Promise<unknown>>;
}

/**
 * Start-up's part, before the process takes a write: every unique index created (a few
 * quick no-ops once they exist), the others listed, and those not in the store yet returned
 * with the creators' other steps, for `startIndexBuilds`.
 */
export async function ensureGuardIndexes(db: Db): Promise<IndexesLeft> {
  const later: LaterIndex[] = [];
  const creators: IndexesLeft['creators'] = [];
  for (const create of indexCreators) {
    try {
      await create(guardsOnly(db, later));
    } catch (error) {
      if (error !== NOT_AN_INDEX) throw error;
      creators.push(create);
    }
  }
  return { missing: await notInStore(db, later), creators };
}

/** Thrown by `guardsOnly` at a creator's first step that is not an index: it runs later, whole. */
const NOT_AN_INDEX = Symbol('not an index');

/**
 * The store as a creator sees it during start-up: a unique index is created, any other is
 * noted for later, and any other step (reading or rewriting older documents) stops the
 * creator there.
 */
function guardsOnly(db: Db, later: LaterIndex[]): Db {
  const collection = (name: string) =>
    new Proxy(
      {},
      {
        get(_, property) {
          if (property !== 'createIndex')
            return () => {
              throw NOT_AN_INDEX;
            };
          return async (keys: IndexSpecification, options?: CreateIndexesOptions) => {
            if (options?.unique) return db.collection(name).createIndex(keys, options);
            later.push({ collection: name, keys, options });
            return '';
          };
        },
      },
    );
  return { collection } as unknown as Db;
}

/** The indexes of `wanted` the store does not hold yet (the same keys, in the same order). */
async function notInStore(db: Db, wanted: LaterIndex[]): Promise<LaterIndex[]> {
  const held = new Map<string, Set<string>>();
  for (const name of new Set(wanted.map((w) => w.collection))) {
    const indexes = await db
      .collection(name)
      .indexes()
      .catch(() => []);
    held.set(name, new Set(indexes.map((i) => JSON.stringify(i.key))));
  }
  return wanted.filter((w) => !held.get(w.collection)!.has(JSON.stringify(w.keys)));
}

/**
 * Builds the missing search indexes in the background, one at a time, named `indexes` in
 * `/api/health` meanwhile; then runs the creators' other steps. Meanwhile the searches they
 * serve read more of the store, and on the embedded store a build holds its writes back
 * until it ends (SQLite builds an index in one statement), one index at a time.
 */
export function startIndexBuilds(
  deps: { db: Db; log: Logger; catchUps: CatchUps },
  left: IndexesLeft,
): Stoppable {
  let stopped = false;
  const log = deps.log.child({ module: 'index-builds' });
  const build = async () => {
    for (const index of left.missing) {
      if (stopped) return;
      const started = Date.now();
      await deps.db.collection(index.collection).createIndex(index.keys, index.options);
      log.info({ index, ms: Date.now() - started }, 'index built');
    }
  };
  const running = (left.missing.length > 0 ? deps.catchUps.track(INDEXES_CATCH_UP, build) : build())
    .then(async () => {
      for (const create of left.creators) if (!stopped) await create(deps.db);
    })
    .catch((err: unknown) => log.error({ err }, 'index builds failed; the next start retries'));
  return {
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}
