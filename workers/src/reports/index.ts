// The reports worker: consumer group 'reports' on the transitions that end an order
// (paid, expired, refund required), keeping the facts of db/report-facts.ts that the
// reports screen, its exports and the dashboard chart read (open orders are read live).
// Each event writes its purchase's fact idempotently and in any order, so redelivery
// never counts twice; a periodic catch-up projects whatever no event brought.
import type { CoreDeps, BusMessage, Stoppable } from '@vag/core';
import { findAllSales } from '@vag/core/db/purchases';
import { projectEvent, reconcileFacts } from '@vag/core/db/report-facts';
import { TOPICS } from '@vag/contracts';
import { parseConsumedEvent } from '../consume';

export const REPORTS_GROUP_ID = 'reports';

export async function handleReportsMessage(
  deps: Pick<CoreDeps, 'db' | 'log'>,
  message: BusMessage,
): Promise<void> {
  const event = parseConsumedEvent(deps.log, REPORTS_GROUP_ID, message);
  if (!event) return;
  switch (event.type) {
    case 'purchase.paid':
    case 'purchase.expired':
    case 'purchase.refund_required':
      await projectEvent(deps.db, event);
      return;
    case 'numbers.assigned':
    case 'notification.failed':
    case 'purchase.notice':
    case 'raffle.drawn':
    case 'lookup.requested':
    case 'invoice.authorized':
      return;
    default: {
      const unknown: never = event;
      throw new Error(`reports: unhandled event ${JSON.stringify(unknown)}`);
    }
  }
}

/** Projects the purchases whose fact is missing or behind, removes facts of deleted ones. */
export function catchUpReportFacts(
  deps: Pick<CoreDeps, 'db'>,
): Promise<{ projected: number; removed: number }> {
  return reconcileFacts(deps.db, () => findAllSales(deps.db));
}

export const REPORTS_TOPICS = [
  TOPICS['purchase.paid'],
  TOPICS['purchase.expired'],
  TOPICS['purchase.refund_required'],
];

/** How often the facts are checked against the purchases (a lost event is repaired here). */
const CATCH_UP_INTERVAL_MS = 5 * 60_000;

export async function startReportsWorker(deps: CoreDeps): Promise<Stoppable> {
  const log = deps.log.child({ worker: REPORTS_GROUP_ID });
  const subscription = await deps.bus.subscribe({
    groupId: REPORTS_GROUP_ID,
    topics: REPORTS_TOPICS,
    // The facts of the events in hand go to the store as one write at a time
    // (report-facts.ts), so taking many events at once costs the orders, payments and
    // numbers that share the store one command in its queue, not sixteen.
    concurrency: 16,
    handler: (message) => handleReportsMessage({ ...deps, log }, message),
  });
  let running: Promise<void> | null = null;
  const catchUp = () => {
    running ??= catchUpReportFacts(deps)
      .then((done) => {
        if (done.projected + done.removed > 0) log.info(done, 'report facts caught up');
      })
      .catch((err: unknown) => log.error({ err }, 'report catch-up failed; the next one retries'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  // After subscribing: whatever happens from here on arrives as events.
  await catchUp();
  const timer = setInterval(() => void catchUp(), CATCH_UP_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
      await subscription.stop();
    },
  };
}
