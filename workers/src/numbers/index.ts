// The numbers worker: consumer group 'numbers' on purchase.paid. Validates each payload
// against contracts before acting; a handler failure is retried by the bus (at least once).
import type { AppDeps, BusMessage, Stoppable } from '@vag/api';
import { safeParseEvent, TOPICS } from '@vag/contracts';
import { assignNumbers } from './assign-numbers';

export const NUMBERS_GROUP_ID = 'numbers';

export async function handleNumbersMessage(
  deps: Pick<AppDeps, 'db' | 'bus' | 'log'>,
  message: BusMessage,
): Promise<void> {
  const parsed = safeParseEvent(message.value);
  if (!parsed.success) {
    // Retrying cannot fix a malformed payload: log it loudly and move on.
    deps.log.error(
      { topic: message.topic, key: message.key, issues: parsed.error.issues },
      'numbers: invalid event skipped',
    );
    return;
  }
  const event = parsed.data;
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
    concurrency: 8,
    handler: (message) => handleNumbersMessage({ ...deps, log }, message),
  });
  return { stop: () => subscription.stop() };
}

export { assignNumbers } from './assign-numbers';
