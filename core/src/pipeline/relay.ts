// The outbox relay: publishes the entries each transition out of PENDING writes
// (`purchase.paid`, `purchase.expired`, `purchase.refund_required`, `purchase.notice`)
// and marks them published. Delivery is at-least-once (a crash between publish and mark
// publishes again; consumers are idempotent). A confirmation kicks it with the purchase
// it completed, as its transition answered it (no second read); a periodic scan catches
// whatever a kick missed (another process, a crash). The scan reads the purchases marked
// `relayDue` (db/purchases.ts, PurchaseMarkers), an index search of the waiting ones
// only, and is still kept out of the path of every confirmation. A raffle's draw
// writes its own outbox entry (raffle.drawn) on the raffle document, and a lookup request
// its lookup.requested on its own; each pass publishes those too.
//
// purchase.paid, one per sale, is the exception: it is published but not marked, which
// would be one more write of the whole purchase for each sale. The numbers worker
// removes the entry when the numbers are recorded, and the reconciler re-publishes one
// that waits too long (lost with an in-memory bus, or by a crash before its kick), so
// the scan leaves it alone: in a sellout it would re-publish the numbers worker's queue.
import { eventKey, TOPICS } from '@vag/contracts';
import type { CoreDeps, OutboxRelay, Outboxed, Stoppable } from '../deps';
import { findUnpublishedDrawEvents, markDrawEventPublished } from '../db/raffle-fairness';
import { relayLookupRequests } from './lookup-outbox';
import {
  findOutboxById,
  findUnpublished,
  markPublished,
  pendingEntries,
  type RelayedOutbox,
} from '../db/purchases';

const BATCH = 200;
// Kicks carry every confirmation of this process, and a restarted process scans at
// start; the periodic scan is only the safety net.
const SCAN_INTERVAL_MS = 30_000;

type Deps = Pick<CoreDeps, 'db' | 'bus'>;

/** Publishes pending outbox entries now, through this process's relay (`deps.relay`). */
export function kickRelay(
  deps: Pick<CoreDeps, 'relay'>,
  purchaseId?: string,
  written?: Outboxed,
): void {
  deps.relay.kick(purchaseId, written);
}

/** Publishes the pending entries of these outboxes; answers how many went out. */
export async function publishEntries(
  deps: Deps,
  pending: RelayedOutbox[],
): Promise<{ sent: number; settled: number }> {
  const entries = pending.flatMap((p) =>
    pendingEntries(p).map((e) => ({ purchaseId: p._id, ...e })),
  );
  if (entries.length > 0)
    await deps.bus.publish(
      entries.map((e) => ({ topic: TOPICS[e.event.type], key: e.purchaseId, value: e.event })),
    );
  // Also a marker left with nothing to publish (an entry published by a kick): it goes.
  const settled = await markPublished(deps.db, pending);
  return { sent: entries.length, settled };
}

/**
 * Publishes these purchases' entries if they are still pending: from the outbox the
 * kick brought, or read by `_id`. An entry the kick brought may have been published
 * meanwhile (by a scan): then it goes out twice, which consumers take (at-least-once).
 */
async function relayPurchases(
  deps: Deps,
  purchases: ReadonlyMap<string, Outboxed | undefined>,
): Promise<number> {
  const found = await Promise.all(
    [...purchases].map(([id, written]) => written ?? findOutboxById(deps.db, id)),
  );
  const { sent } = await publishEntries(
    deps,
    found.filter((p) => p !== null),
  );
  return sent;
}

/** Publishes the raffle.drawn events still waiting (the draw's route calls it at once). */
export async function relayDrawEvents(deps: Deps): Promise<number> {
  const pending = await findUnpublishedDrawEvents(deps.db);
  if (pending.length === 0) return 0;
  await deps.bus.publish(
    pending.map(({ event }) => ({ topic: TOPICS[event.type], key: eventKey(event), value: event })),
  );
  await Promise.all(
    pending.map(({ raffleId, event }) => markDrawEventPublished(deps.db, raffleId, event.id)),
  );
  return pending.length;
}

/** One pass over the whole outbox; answers how many events went out. */
export async function relayOnce(deps: Deps): Promise<number> {
  let published = (await relayDrawEvents(deps)) + (await relayLookupRequests(deps));
  for (;;) {
    const pending = await findUnpublished(deps.db, BATCH);
    const { sent, settled } = await publishEntries(deps, pending);
    published += sent;
    // A full batch none of whose markers could go (each raced by a writer): the next pass.
    if (pending.length < BATCH || settled === 0) return published;
  }
}

/** Starts this process's relay (a background job of every api process). */
export function startOutboxRelay(deps: Pick<CoreDeps, 'relay'>): Promise<Stoppable> {
  return deps.relay.start();
}

/**
 * The relay of one process, made once (core/src/services.ts). Until it is started (tools,
 * and tests that run no relay) a kick publishes inline; once started, kicks go through
 * its passes, one at a time.
 */
export function createOutboxRelay(deps: Pick<CoreDeps, 'db' | 'bus' | 'log'>): OutboxRelay {
  let started: ((purchaseId?: string, written?: Outboxed) => void) | null = null;
  return {
    kick(purchaseId, written) {
      if (started) started(purchaseId, written);
      else
        void (
          purchaseId ? relayPurchases(deps, new Map([[purchaseId, written]])) : relayOnce(deps)
        ).catch((err: unknown) => deps.log.error({ err }, 'outbox relay failed'));
    },
    async start() {
      const running = runRelay(deps);
      started = running.kick;
      return {
        stop: async () => {
          started = null;
          await running.stop();
        },
      };
    },
  };
}

function runRelay(deps: Pick<CoreDeps, 'db' | 'bus' | 'log'>): Stoppable & {
  kick(purchaseId?: string, written?: Outboxed): void;
} {
  let running: Promise<void> | null = null;
  let scanDue = false;
  const kicked = new Map<string, Outboxed | undefined>();
  let stopped = false;
  const log = deps.log.child({ module: 'outbox-relay' });

  const run = (): void => {
    if (stopped || running) return;
    running = (async () => {
      while ((scanDue || kicked.size > 0) && !stopped) {
        const batch = new Map([...kicked].slice(0, BATCH));
        for (const id of batch.keys()) kicked.delete(id);
        const scan = scanDue && batch.size === 0;
        if (scan) scanDue = false;
        try {
          if (scan) await relayOnce(deps);
          else await relayPurchases(deps, batch);
        } catch (err) {
          log.error({ err }, 'outbox relay pass failed; the next scan retries');
        }
      }
    })().finally(() => {
      running = null;
      // A kick that arrived while the last pass was finishing.
      if (scanDue || kicked.size > 0) run();
    });
  };

  const timer = setInterval(() => {
    scanDue = true;
    run();
  }, SCAN_INTERVAL_MS);
  timer.unref();
  scanDue = true;
  run();
  return {
    kick: (purchaseId, written) => {
      if (purchaseId) kicked.set(purchaseId, written ?? kicked.get(purchaseId));
      else scanDue = true;
      run();
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
