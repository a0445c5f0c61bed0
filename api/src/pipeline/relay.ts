// The outbox relay: publishes `purchase.paid` entries written by the payment transition
// and marks them published. Delivery is at-least-once (a crash between publish and mark
// publishes again; consumers are idempotent). A confirmation kicks it at once; a
// periodic scan catches whatever a kick missed (another process, a crash).
import { TOPICS, type PurchasePaidEvent } from '@vag/contracts';
import type { AppDeps } from '../context';
import { findUnpublishedPaid, markPaidPublished } from '../db/purchases';
import type { Stoppable } from '../runtime';

const BATCH = 200;
const SCAN_INTERVAL_MS = 1_000;

interface Relay {
  kick(): void;
}

const relays = new WeakMap<AppDeps, Relay>();

/** Publishes pending outbox entries now: through the running relay, or inline when none runs. */
export function kickRelay(deps: AppDeps): void {
  const relay = relays.get(deps);
  if (relay) relay.kick();
  else void relayOnce(deps).catch((err: unknown) => deps.log.error({ err }, 'outbox relay failed'));
}

/** One pass over the outbox; answers how many events went out. */
export async function relayOnce(deps: Pick<AppDeps, 'db' | 'bus'>): Promise<number> {
  let published = 0;
  for (;;) {
    const pending = await findUnpublishedPaid(deps.db, BATCH);
    const entries = pending
      .map((p) => ({ purchaseId: p._id, event: p.outbox?.purchase_paid?.event }))
      .filter((e): e is { purchaseId: string; event: PurchasePaidEvent } => e.event !== undefined);
    if (entries.length === 0) return published;
    await deps.bus.publish(
      entries.map((e) => ({ topic: TOPICS['purchase.paid'], key: e.purchaseId, value: e.event })),
    );
    await Promise.all(entries.map((e) => markPaidPublished(deps.db, e.purchaseId, e.event.id)));
    published += entries.length;
    if (entries.length < BATCH) return published;
  }
}

export async function startOutboxRelay(deps: AppDeps): Promise<Stoppable> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const log = deps.log.child({ module: 'outbox-relay' });

  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await relayOnce(deps);
        } catch (err) {
          log.error({ err }, 'outbox relay pass failed; the next scan retries');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };

  relays.set(deps, { kick: run });
  const timer = setInterval(run, SCAN_INTERVAL_MS);
  timer.unref();
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
