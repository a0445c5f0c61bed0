// The numbers worker: consumer group 'numbers' on purchase.paid. Validates each payload
// against contracts before acting; a handler failure is retried by the bus (at least once).
import type { AppDeps, BusMessage, Stoppable } from '@vag/api';
import { TOPICS } from '@vag/contracts';
import { parseConsumedEvent } from '../consume';
import { assignNumbers } from './assign-numbers';

export const NUMBERS_GROUP_ID = 'numbers';

export async function handleNumbersMessage(
  deps: Pick<AppDeps, 'db' | 'bus' | 'log'>,
  message: BusMessage,
): Promise<void> {
  const event = parseConsumedEvent(deps.log, NUMBERS_GROUP_ID, message);
  if (!event) return;
  switch (event.type) {
    case 'purchase.paid':
      await assignNumbers(deps, event.data.purchaseId);
      return;
    case 'purchase.created':
    case 'purchase.expired':
    case 'numbers.assigned':
    case 'notification.failed':
      return;
    default: {
      const unknown: never = event;
      throw new Error(`numbers: unhandled event ${JSON.stringify(unknown)}`);
    }
  }
}

export async function startNumbersWorker(
  deps: Pick<AppDeps, 'db' | 'bus' | 'log'>,
): Promise<Stoppable> {
  const log = deps.log.child({ worker: NUMBERS_GROUP_ID });
  const subscription = await deps.bus.subscribe({
    groupId: NUMBERS_GROUP_ID,
    topics: [TOPICS['purchase.paid']],
    // Every allocation extends one chain of claims from the raffle's cursor: parallel
    // handlers in one process would only race for the same start position and retry.
    concurrency: 1,
    handler: (message) => handleNumbersMessage({ ...deps, log }, message),
  });
  return { stop: () => subscription.stop() };
}

export { assignNumbers } from './assign-numbers';
