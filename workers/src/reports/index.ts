// The reports worker: consumer group 'reports' on the transitions that end an order
// (paid, expired, refund required), keeping the facts of db/report-facts.ts that the
// reports screen, its exports and the dashboard chart read (open orders are read live).
// Each event writes its purchase's fact idempotently and in any order, and counts it once
// in its raffle's totals (core/src/db/report-totals.ts), so redelivery never counts twice;
// a catch-up projects whatever no event brought, in the background:
// at start-up (the process serves meanwhile, and /api/health names it, SPEC §7) and then
// periodically.
import type { CoreDeps, BusMessage, Stoppable } from '@vag/core';
import { catchUpFacts, projectEvent, type CatchUpOptions } from '@vag/core/db/report-facts';
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

/**
 * Projects the purchases whose order ended since the last pass (their marker) if their fact
 * is missing or behind, and counts in the raffles' totals the facts they miss; on a store
 * from before the markers, first the one-time upgrade (report-facts.ts, catchUpFacts).
 */
export function catchUpReportFacts(
  deps: Pick<CoreDeps, 'db'>,
  options: CatchUpOptions = {},
): Promise<{ projected: number; removed: number }> {
  return catchUpFacts(deps.db, options);
}

/** The name /api/health gives the reports' catch-up while it runs. */
export const REPORTS_CATCH_UP = 'reports';

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
  let stopping = false;
  const pass = () =>
    catchUpReportFacts(deps, { stopped: () => stopping }).then((done) => {
      if (done.projected + done.removed > 0) log.info(done, 'report facts caught up');
    });
  const catchUp = (work: () => Promise<void>) => {
    running ??= work()
      .catch((err: unknown) => log.error({ err }, 'report catch-up failed; the next one retries'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  // After subscribing: whatever happens from here on arrives as events. Not awaited: on a
  // year's store the first pass projects for minutes, and start-up never waits on it
  // (DESIGN, "Start-up and catch-ups"); /api/health says it runs. The periodic passes
  // repair a lost event now and then and are not reported.
  void catchUp(() => deps.catchUps.track(REPORTS_CATCH_UP, pass));
  const timer = setInterval(() => void catchUp(pass), CATCH_UP_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      // A catch-up in progress ends after its current step; the next start resumes it.
      stopping = true;
      await running;
      await subscription.stop();
    },
  };
}
