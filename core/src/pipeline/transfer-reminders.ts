// Reminds the buyer of an unpaid transfer the configured lead time before the hold ends
// (e-mail and SMS through the outbox and the notifications worker). Runs beside the
// sweeper in every api process; the conditional queueing sends each reminder once.
import type { CoreDeps, Stoppable } from '../deps';
import { startPeriodicJob } from '../periodic-job';
import { findRemindersDue, queueReminder } from '../db/order-review';
import { currentSettings } from '../settings/live-settings';
import { kickRelay } from './relay';

const BATCH = 200;

/**
 * Queues every reminder due at `now`; answers how many. A transfer on its short first
 * hold (purchase-limits) is reminded halfway through it at the latest, not at once.
 */
export async function queueDueReminders(deps: CoreDeps, now: Date = new Date()): Promise<number> {
  const { reminderLeadHours, purchaseLimits } = await currentSettings(deps);
  if (reminderLeadHours <= 0) return 0;
  const firstLeadHours = Math.min(reminderLeadHours, purchaseLimits.firstHoldHours / 2);
  const before = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
  const due = [
    ...(await findRemindersDue(deps.db, before(reminderLeadHours), BATCH)),
    ...(await findRemindersDue(deps.db, before(firstLeadHours), BATCH, true)),
  ];
  let queued = 0;
  for (const purchase of due) {
    // Past its end the sweeper expires it: the expiry message says it all.
    if (purchase.reservation.expiresAt <= now) continue;
    if (await queueReminder(deps.db, purchase._id, now)) {
      kickRelay(deps, purchase._id);
      queued++;
    }
  }
  return queued;
}

export async function startTransferReminders(deps: CoreDeps): Promise<Stoppable> {
  return startPeriodicJob({
    everyMs: deps.env.SWEEP_INTERVAL_SECONDS * 1000,
    pass: () => queueDueReminders(deps),
    log: deps.log.child({ module: 'transfer-reminders' }),
    failure: 'reminder pass failed; the next one retries',
  });
}
