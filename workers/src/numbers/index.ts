// The numbers worker: consumer group 'numbers' on purchase.paid. Validates each payload
// against contracts before acting; a handler failure is retried by the bus (at least once).
import type { CoreDeps, BusMessage, Stoppable } from '@vag/core';
import { TOPICS } from '@vag/contracts';
import { parseConsumedEvent } from '../consume';
import { assignNumbers } from './assign-numbers';

export const NUMBERS_GROUP_ID = 'numbers';

export async function handleNumbersMessage(
  deps: Pick<CoreDeps, 'db' | 'bus' | 'log'>,
  message: BusMessage,
): Promise<void> {
  const event = parseConsumedEvent(deps.log, NUMBERS_GROUP_ID, message);
  if (!event) return;
  switch (event.type) {
    case 'purchase.paid':
      await assignNumbers(deps, event.data.purchaseId);
      return;
    case 'purchase.expired':
    case 'purchase.refund_required':
    case 'numbers.assigned':
    case 'notification.failed':
    case 'purchase.notice':
    case 'raffle.drawn':
    case 'lookup.requested':
    case 'invoice.authorized':
      return;
    default: {
      const unknown: never = event;
      throw new Error(`numbers: unhandled event ${JSON.stringify(unknown)}`);
    }
  }
}

export async function startNumbersWorker(
  deps: Pick<CoreDeps, 'db' | 'bus' | 'log'>,
): Promise<Stoppable> {
  const log = deps.log.child({ worker: NUMBERS_GROUP_ID });
  const subscription = await deps.bus.subscribe({
    groupId: NUMBERS_GROUP_ID,
    topics: [TOPICS['purchase.paid']],
    // Handlers run side by side: their allocations are grouped into one extension of
    // the claim chain (allocate-grouped.ts), and the rest of their writes queue in the
    // store instead of waiting for one purchase at a time.
    concurrency: 16,
    handler: (message) => handleNumbersMessage({ ...deps, log }, message),
  });
  return { stop: () => subscription.stop() };
}

export { assignNumbers } from './assign-numbers';
