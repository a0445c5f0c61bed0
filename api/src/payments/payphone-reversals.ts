// PayPhone may reverse an approved payment later the same day. This job looks recent
// PayPhone sales up again (a few per run: PayPhone allows about 30 lookups a minute);
// the purchase lifecycle flags a reversed one for staff (purchase-lifecycle/refund.ts).
import type { AppDeps } from '../context';
import { findMobilePaymentsToRecheck, releaseMobileRechecks } from '@vag/core/db/purchases';
import { recordPaymentRecheck } from '@vag/core/purchase-lifecycle/refund';
import { payphoneConfig } from './credentials';
import { fetchPayPhoneSale } from './payphone';
import type { Stoppable } from '@vag/core';
import { startPeriodicJob } from '@vag/core/periodic-job';

const PER_RUN = 10;
const INTERVAL_MS = 5 * 60_000;
const WINDOW_MS = 24 * 3_600_000;

/** One pass; answers how many reversals it found. */
export async function checkPayPhoneReversals(
  deps: Pick<AppDeps, 'db' | 'env' | 'log' | 'settings'>,
  now: Date = new Date(),
): Promise<number> {
  const config = await payphoneConfig(deps);
  if (!config) return 0;
  const since = new Date(now.getTime() - WINDOW_MS);
  // Sales past the window leave the work list (an indexed marker, DESIGN "Queries on a year of data").
  await releaseMobileRechecks(deps.db, since);
  let reversed = 0;
  for (const purchase of await findMobilePaymentsToRecheck(deps.db, since, PER_RUN)) {
    const transactionId = purchase.mobile?.transactionId;
    if (typeof transactionId !== 'number') continue;
    const sale = await fetchPayPhoneSale(config, transactionId);
    const isReversed =
      sale !== null && !(sale.statusCode === 3 && sale.transactionStatus === 'Approved');
    await recordPaymentRecheck(
      deps,
      purchase,
      isReversed
        ? `PayPhone informa la transacción ${transactionId} como ${sale!.transactionStatus}`
        : null,
    );
    if (isReversed) reversed++;
  }
  return reversed;
}

export async function startPayPhoneReversalCheck(deps: AppDeps): Promise<Stoppable> {
  return startPeriodicJob({
    everyMs: INTERVAL_MS,
    pass: () => checkPayPhoneReversals(deps),
    log: deps.log.child({ module: 'payphone-reversals' }),
    failure: 'PayPhone reversal check failed; next run retries',
    runAtStart: false,
  });
}
