// The PayPal follow-up. A capture can complete at PayPal after the api gave up waiting
// for it (a 15 s timeout while PayPal was slow): the buyer saw an error, PayPal took
// the money, and nothing else would ever tell us, so the sweeper would expire the order
// with the money taken. The same holds for a buyer who approved on PayPal's page and
// never came back. Shortly before an unpaid PayPal order's reservation ends, one api
// process asks PayPal once by capturing it as the buyer's return does (the same
// PayPal-Request-Id, so a capture that already happened answers again, never twice):
// approved or already captured, the purchase is paid; not approved, nothing happens and
// the sweeper expires it as before.
import type { Stoppable } from '@vag/core';
import { findPayPalOrdersEndingSoon, markPayPalFollowedUp } from '@vag/core/db/purchases';
import { startPeriodicJob } from '@vag/core/periodic-job';
import type { AppDeps } from '../context';
import { capturePayPal } from './verify';

const BATCH = 100;

/** Asks PayPal about every unpaid order ending within two passes; answers how many got paid. */
export async function followUpPayPalOrders(deps: AppDeps, now = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + 2 * deps.env.SWEEP_INTERVAL_SECONDS * 1000);
  const due = await findPayPalOrdersEndingSoon(deps.db, horizon, BATCH);
  let paid = 0;
  for (const purchase of due) {
    const orderId = purchase.paypal?.orderId;
    if (!orderId || !(await markPayPalFollowedUp(deps.db, purchase._id, now))) continue;
    try {
      const settled = await capturePayPal(deps, orderId);
      if (settled.status === 'COMPLETED' || settled.status === 'REFUND_REQUIRED') paid++;
    } catch {
      // Not approved by the buyer, or PayPal unreachable: the sweeper expires it.
    }
  }
  return paid;
}

export async function startPayPalFollowUp(deps: AppDeps): Promise<Stoppable> {
  const log = deps.log.child({ module: 'paypal-follow-up' });
  return startPeriodicJob({
    everyMs: deps.env.SWEEP_INTERVAL_SECONDS * 1000,
    pass: async () => {
      const paid = await followUpPayPalOrders(deps);
      if (paid > 0) log.info({ paid }, 'PayPal orders paid at PayPal found before expiry');
    },
    log,
    failure: 'PayPal follow-up failed; the next pass retries',
  });
}
