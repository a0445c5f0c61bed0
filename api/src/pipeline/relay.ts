// The outbox relay: publishes the entries each transition out of PENDING writes
// (`purchase.paid`, `purchase.expired`, `purchase.refund_required`) and marks them
// published. Delivery is at-least-once (a crash between publish and mark
// publishes again; consumers are idempotent). A confirmation kicks it with the purchase
// it completed, which is published after a lookup by `_id`; a periodic scan catches
// whatever a kick missed (another process, a crash). The scan reads the whole purchases
// collection (the store searches no other field by index), so it is kept out of the
// path of every confirmation.
import { TOPICS } from '@vag/contracts';
import type { AppDeps } from '../context';
import {
  findOutboxById,
  findUnpublished,
  markPublished,
  pendingEntries,
  type PurchaseDoc,
} from '../db/purchases';
import type { Stoppable } from '../runtime';

const BATCH = 200;
// Kicks carry every confirmation of this process, and a restarted process scans at
// start; the periodic scan is only the safety net, and each one reads every purchase.
const SCAN_INTERVAL_MS = 30_000;

type Deps = Pick<AppDeps, 'db' | 'bus'>;

interface Relay {
  kick(purchaseId?: string): void;
}

const relays = new WeakMap<AppDeps, Relay>();

/**
 * Publishes pending outbox entries now, through the running relay or inline when none
 * runs: the given purchase's, or (without one) every pending entry.
 */
export function kickRelay(deps: AppDeps, purchaseId?: string): void {
  const relay = relays.get(deps);
  if (relay) relay.kick(purchaseId);
  else
    void (purchaseId ? relayPurchases(deps, [purchaseId]) : relayOnce(deps)).catch((err: unknown) =>
      deps.log.error({ err }, 'outbox relay failed'),
    );
}

async function publishEntries(
  deps: Deps,
  pending: Array<Pick<PurchaseDoc, '_id' | 'outbox'>>,
): Promise<number> {
  const entries = pending.flatMap((p) =>
    pendingEntries(p).map((e) => ({ purchaseId: p._id, ...e })),
  );
  if (entries.length === 0) return 0;
  await deps.bus.publish(
    entries.map((e) => ({ topic: TOPICS[e.event.type], key: e.purchaseId, value: e.event })),
  );
  await Promise.all(entries.map((e) => markPublished(deps.db, e.purchaseId, e.key, e.event.id)));
  return entries.length;
}

/** Publishes these purchases' entries if they are still pending. */
async function relayPurchases(deps: Deps, purchaseIds: readonly string[]): Promise<number> {
  const found = await Promise.all(purchaseIds.map((id) => findOutboxById(deps.db, id)));
  return publishEntries(
    deps,
    found.filter((p) => p !== null),
  );
}

/** One pass over the whole outbox; answers how many events went out. */
export async function relayOnce(deps: Deps): Promise<number> {
  let published = 0;
  for (;;) {
    const pending = await findUnpublished(deps.db, BATCH);
    const sent = await publishEntries(deps, pending);
    published += sent;
    if (sent === 0 || pending.length < BATCH) return published;
  }
}

export async function startOutboxRelay(deps: AppDeps): Promise<Stoppable> {
  let running: Promise<void> | null = null;
  let scanDue = false;
  const kicked = new Set<string>();
  let stopped = false;
  const log = deps.log.child({ module: 'outbox-relay' });

  const run = (): void => {
    if (stopped || running) return;
    running = (async () => {
      while ((scanDue || kicked.size > 0) && !stopped) {
        const ids = [...kicked].slice(0, BATCH);
        for (const id of ids) kicked.delete(id);
        const scan = scanDue && ids.length === 0;
        if (scan) scanDue = false;
        try {
          if (scan) await relayOnce(deps);
          else await relayPurchases(deps, ids);
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

  relays.set(deps, {
    kick: (purchaseId) => {
      if (purchaseId) kicked.add(purchaseId);
      else scanDue = true;
      run();
    },
  });
  const timer = setInterval(() => {
    scanDue = true;
    run();
  }, SCAN_INTERVAL_MS);
  timer.unref();
  scanDue = true;
  run();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      relays.delete(deps);
      await running;
    },
  };
}
