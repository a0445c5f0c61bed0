// The reconciler repairs what a crash between two single-document writes can leave
// behind: raffle counters that disagree with the purchases, and paid purchases whose
// `purchase.paid` event was lost (an in-memory bus dies with its process).
//
// Counters are recomputed with the rule of db/raffle-capacity.ts. A live order is two
// writes (counters, then purchase) with the payment provider's answer in between, which
// may take tens of seconds: its entry in flight, written with the counters, counts as
// reserved until its purchase is written, so no look ever takes those numbers for lost
// (DESIGN I2). An entry whose purchase never came gives its numbers back once, when its
// order can no longer be written (ORDER_LOST_MS). Other transitions are two writes
// milliseconds apart, so a single look may catch one in flight; a correction is applied
// only when two looks some time apart agree, and only if the counters still hold what
// was seen (a conditional update).
//
// A paid purchase still without numbers is only re-published when its event looks lost
// (an in-memory bus died with its process, or a crash came between the payment's write
// and its publication): the numbers worker has stood still for a while, or it has
// numbered purchases paid well after this one. During a sellout the worker is simply
// behind, and re-publishing its queue would only make the queue longer.
import type { CoreDeps, Reconciler, Stoppable } from '../deps';
import { startPeriodicJob, type PeriodicJob } from '../periodic-job';
import {
  anyWaitingForNumbers,
  findNumbersFront,
  findWaitingForNumbers,
  sumCapacityFromPurchases,
  writtenPurchaseIds,
} from '../db/purchases';
import {
  correctCapacity,
  dropOrdersInFlight,
  getCapacityInFlight,
  ORDER_LOST_MS,
  releaseOrderInFlight,
} from '../db/raffle-capacity';
import { rafflesInPlay } from '../db/raffle';
import { listUnpaidHoldsBefore, releaseUnwrittenHolds } from '../db/number-holds';
import { publishEntries } from './relay';

export interface ReconcileOptions {
  raffleId?: string;
  now?: Date;
  /** A paid purchase without numbers is re-published once it was paid this long ago. */
  staleAfterMs?: number;
  /** Time between the two looks that must agree before counters are corrected. */
  confirmDelayMs?: number;
  /** Time before the third look that must agree too when the correction frees numbers. */
  freeConfirmMs?: number;
}

/** Longer than the store connection's selection timeout (core/src/db/client.ts, 10 s). */
const FREE_CONFIRM_MS = 12_000;

export interface ReconcileResult {
  countersCorrected: boolean;
  requeued: number;
}

async function look(deps: Pick<CoreDeps, 'db'>, raffleId: string) {
  const capacity = await getCapacityInFlight(deps.db, raffleId);
  if (!capacity?.numbersGenerated) return null;
  // Which orders in flight have their purchase, read before the purchases are summed: one
  // written in between is then counted twice (held a moment longer), never not at all.
  const written = await writtenPurchaseIds(deps.db, [...capacity.inFlight.keys()]);
  const sums = await sumCapacityFromPurchases(deps.db, raffleId);
  let inFlight = 0;
  for (const [purchaseId, order] of capacity.inFlight)
    if (!written.has(purchaseId)) inFlight += order.quantity;
  const reserved = sums.reserved + inFlight;
  const target = {
    reserved,
    sold: sums.sold,
    available: Math.max(0, capacity.totalNumbers - reserved - sums.sold),
    soldOut: sums.sold >= capacity.totalNumbers,
  };
  const seen = { available: capacity.available, reserved: capacity.reserved, sold: capacity.sold };
  const agrees =
    seen.available === target.available &&
    seen.reserved === target.reserved &&
    seen.sold === target.sold;
  return { seen, target, agrees, key: JSON.stringify([seen, target]) };
}

/** Purchases paid before this are taken as lost; null: none can be told from a backlog yet. */
async function requeueCutoff(
  deps: Pick<CoreDeps, 'db'>,
  { now, staleAfterMs, raffleIds }: { now: Date; staleAfterMs: number; raffleIds: string[] },
): Promise<Date | null> {
  const staleBefore = new Date(now.getTime() - staleAfterMs);
  // The cutoff is never later than staleBefore: with nothing waiting since then, there is
  // no need to find where the worker is (a read of everything it numbered lately).
  if (!(await anyWaitingForNumbers(deps.db, staleBefore))) return null;
  const front = await findNumbersFront(deps.db, staleBefore, raffleIds);
  // Idle (or never started): whatever still waits is not in any queue.
  if (!front) return staleBefore;
  // Moving: only what it has left a whole stale period behind was skipped.
  return new Date(Math.min(staleBefore.getTime(), front.paidAt.getTime() - staleAfterMs));
}

export async function reconcileOnce(
  deps: CoreDeps,
  options: ReconcileOptions = {},
): Promise<ReconcileResult> {
  const now = options.now ?? new Date();
  // Each raffle's counters against its own purchases (DESIGN I3): one raffle's sellout
  // never moves another's numbers.
  const raffleIds = options.raffleId ? [options.raffleId] : await rafflesInPlay(deps.db);
  let countersCorrected = false;
  for (const raffleId of raffleIds) {
    await settleOrdersInFlight(deps, raffleId, now);
    countersCorrected = (await reconcileCounters(deps, raffleId, options)) || countersCorrected;
  }

  if (!options.raffleId) await releaseLostChoices(deps, now);

  const cutoff = await requeueCutoff(deps, {
    now,
    staleAfterMs: options.staleAfterMs ?? 60_000,
    raffleIds: options.raffleId ? await rafflesInPlay(deps.db) : raffleIds,
  });
  const requeued = cutoff
    ? (await publishEntries(deps, await findWaitingForNumbers(deps.db, cutoff))).sent
    : 0;
  if (requeued > 0) deps.log.warn({ requeued }, 'paid purchases without numbers re-published');
  return { countersCorrected, requeued };
}

/**
 * The raffle's orders in flight: an entry whose purchase is written is dropped (its
 * create-order died before doing so); one without a purchase past ORDER_LOST_MS gives
 * its numbers back — its create-order died, or gave up and gave them back itself
 * (create-order.ts writes no purchase holding numbers past ORDER_DEADLINE_MS).
 */
async function settleOrdersInFlight(deps: CoreDeps, raffleId: string, now: Date): Promise<void> {
  const capacity = await getCapacityInFlight(deps.db, raffleId);
  if (!capacity || capacity.inFlight.size === 0) return;
  const written = await writtenPurchaseIds(deps.db, [...capacity.inFlight.keys()]);
  await dropOrdersInFlight(deps.db, raffleId, [...written]);
  for (const [purchaseId, order] of capacity.inFlight) {
    if (written.has(purchaseId)) continue;
    if (now.getTime() - new Date(order.at).getTime() >= ORDER_LOST_MS) {
      if (await releaseOrderInFlight(deps.db, purchaseId, { quantity: order.quantity, raffleId }))
        deps.log.warn(
          { raffleId, purchaseId, quantity: order.quantity },
          'order lost before its purchase was written: its numbers are available again',
        );
    }
  }
}

/**
 * Pick mode: create-order holds the chosen numbers before anything else of the order
 * (purchase-lifecycle/create-order.ts), so a process that died after that write leaves
 * numbers held by a purchase that never came. Past ORDER_LOST_MS no create-order writes
 * that purchase any more (as for the orders in flight above): its holds go back, and
 * the numbers can be chosen again (DESIGN I1, I2).
 */
async function releaseLostChoices(deps: CoreDeps, now: Date): Promise<void> {
  const unpaid = await listUnpaidHoldsBefore(deps.db, new Date(now.getTime() - ORDER_LOST_MS));
  if (unpaid.length === 0) return;
  const byPurchase = new Map<string, string[]>();
  for (const hold of unpaid)
    byPurchase.set(hold.purchaseId, [...(byPurchase.get(hold.purchaseId) ?? []), hold._id]);
  const written = await writtenPurchaseIds(deps.db, [...byPurchase.keys()]);
  for (const [purchaseId, lost] of byPurchase) {
    if (written.has(purchaseId)) continue;
    await releaseUnwrittenHolds(deps.db, purchaseId, lost);
    deps.log.warn(
      { purchaseId, numbers: lost.length },
      'chosen numbers of an order lost before its purchase was written: available again',
    );
  }
}

/** Corrects one raffle's counters when two looks, a moment apart, both disagree with its purchases. */
async function reconcileCounters(
  deps: CoreDeps,
  raffleId: string,
  options: ReconcileOptions,
): Promise<boolean> {
  const first = await look(deps, raffleId);
  if (!first || first.agrees) return false;
  await new Promise((resolve) => setTimeout(resolve, options.confirmDelayMs ?? 2_000));
  const second = await look(deps, raffleId);
  if (!second || second.agrees || second.key !== first.key) return false;
  if (second.target.available > second.seen.available) {
    // Giving numbers back: the second write of a transition that frees them (the sweeper's
    // release after EXPIRED) may still be on its way, held up by a store restarting; it
    // would free them a second time after the correction (I2). Such a write lands or
    // fails within the store connection's selection timeout: look once more after it.
    deps.log.info(
      { raffleId, seen: second.seen, target: second.target },
      'counters hold numbers no purchase holds; looking again before giving them back',
    );
    await new Promise((resolve) => setTimeout(resolve, options.freeConfirmMs ?? FREE_CONFIRM_MS));
    const third = await look(deps, raffleId);
    if (!third || third.agrees || third.key !== first.key) return false;
  }
  const corrected = await correctCapacity(deps.db, second.seen, second.target, raffleId);
  if (corrected)
    deps.log.warn(
      { raffleId, was: second.seen, now: second.target },
      'raffle counters corrected from purchases',
    );
  return corrected;
}

/**
 * Resolves once the running reconciler's pass in progress, if any, has ended: a test
 * that stages stale purchases waits for the start-up pass first, or that pass may
 * requeue what the test means to leave alone.
 */
export function reconcilerIdle(deps: Pick<CoreDeps, 'reconciler'>): Promise<void> {
  return deps.reconciler.idle();
}

export function startReconciler(deps: Pick<CoreDeps, 'reconciler'>): Promise<Stoppable> {
  return deps.reconciler.start();
}

/** The reconciler of one process, made once (core/src/services.ts); it runs once started. */
export function createReconciler(deps: CoreDeps): Reconciler {
  let job: PeriodicJob | null = null;
  return {
    async start() {
      job = startPeriodicJob({
        everyMs: deps.env.RECONCILE_INTERVAL_SECONDS * 1000,
        pass: () => reconcileOnce(deps),
        log: deps.log.child({ module: 'reconciler' }),
        failure: 'reconcile failed; the next run retries',
      });
      return job;
    },
    idle: async () => {
      await job?.idle();
    },
  };
}
