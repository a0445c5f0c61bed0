// The reports worker: consumer group 'reports' on purchase.paid, keeping the sales
// projections of db/sales.ts. One fact per purchase, so redelivery never counts twice.
import type { AppDeps, BusMessage, Stoppable } from '@vag/api';
import { recordSale } from '@vag/api/db/sales';
import { TOPICS } from '@vag/contracts';
import { parseConsumedEvent } from '../consume';

export const REPORTS_GROUP_ID = 'reports';

export async function handleReportsMessage(
  deps: Pick<AppDeps, 'db' | 'log'>,
  message: BusMessage,
): Promise<void> {
  const event = parseConsumedEvent(deps.log, REPORTS_GROUP_ID, message);
  if (!event) return;
  switch (event.type) {
    case 'purchase.paid': {
      const d = event.data;
      await recordSale(deps.db, {
        _id: d.purchaseId,
        raffleId: d.raffleId,
        paymentMethod: d.paymentMethod,
        resellerCode: d.resellerCode,
        packageType: d.packageType,
        quantity: d.quantity,
        amount: d.totalPrice,
        paidAt: new Date(d.paidAt),
      });
      return;
    }
    case 'purchase.created':
    case 'purchase.expired':
    case 'numbers.assigned':
    case 'notification.failed':
      return;
    default: {
      const unknown: never = event;
      throw new Error(`reports: unhandled event ${JSON.stringify(unknown)}`);
    }
  }
}

export async function startReportsWorker(deps: AppDeps): Promise<Stoppable> {
  const log = deps.log.child({ worker: REPORTS_GROUP_ID });
  const subscription = await deps.bus.subscribe({
    groupId: REPORTS_GROUP_ID,
    topics: [TOPICS['purchase.paid']],
    concurrency: 4,
    handler: (message) => handleReportsMessage({ ...deps, log }, message),
  });
  return { stop: () => subscription.stop() };
}
