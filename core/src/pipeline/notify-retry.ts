// Automatic re-send after a provider outage. A channel that still fails after the
// sender's own retries (a few seconds) is marked failed for staff; when the mail server
// or Twilio was down for a minute, every purchase paid meanwhile would wait for a person
// to press "re-send". This job does it for them: each pass reopens the failed channels
// of paid purchases and publishes their numbers.assigned again (as staff's re-send
// does), so only the reopened channel is sent. Attempts accumulate, so a message that
// keeps failing (a wrong address) stops being retried after AUTO_RESEND_MAX_ATTEMPTS and
// stays failed for staff. The reopening is conditional: one api process re-sends it.
import type { CoreDeps, Stoppable } from '../deps';
import { findFailedChannels, reopenFailedChannel } from '../db/notifications';
import { getPurchase } from '../db/purchases';
import { startPeriodicJob } from '../periodic-job';
import { republishNumbersAssigned } from './notify-again';

/** The sender tries 4 times per delivery: 15 automatic rounds (NOTIFY_RESEND_SECONDS apart). */
export const AUTO_RESEND_MAX_ATTEMPTS = 60;
const BATCH = 200;

/** Reopens and re-publishes every failed channel still worth a try; answers how many purchases. */
export async function resendFailedNotifications(
  deps: Pick<CoreDeps, 'db' | 'bus'>,
): Promise<number> {
  const due = await findFailedChannels(deps.db, AUTO_RESEND_MAX_ATTEMPTS, BATCH);
  let resent = 0;
  for (const { purchaseId, channels } of due) {
    const reopened = await Promise.all(
      channels.map((channel) => reopenFailedChannel(deps.db, purchaseId, channel)),
    );
    if (!reopened.some(Boolean)) continue;
    const purchase = await getPurchase(deps.db, purchaseId);
    if (!purchase) continue;
    await republishNumbersAssigned(deps, purchase);
    resent++;
  }
  return resent;
}

export async function startNotificationRetry(deps: CoreDeps): Promise<Stoppable> {
  const log = deps.log.child({ module: 'notification-retry' });
  return startPeriodicJob({
    everyMs: deps.env.NOTIFY_RESEND_SECONDS * 1000,
    pass: async () => {
      const resent = await resendFailedNotifications(deps);
      if (resent > 0) log.info({ resent }, 'failed notifications sent again');
    },
    log,
    failure: 'notification re-send failed; the next pass retries',
    runAtStart: false,
  });
}
