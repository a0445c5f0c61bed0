// Every consumer validates a payload against contracts before acting. A malformed
// payload cannot be fixed by redelivery, so it is logged loudly and skipped.
import type { BusMessage, Logger } from '@vag/core';
import { safeParseEvent, type AppEvent } from '@vag/contracts';

export function parseConsumedEvent(
  log: Logger,
  worker: string,
  message: BusMessage,
): AppEvent | null {
  const parsed = safeParseEvent(message.value);
  if (parsed.success) return parsed.data;
  log.error(
    { topic: message.topic, key: message.key, issues: parsed.error.issues },
    `${worker}: invalid event skipped`,
  );
  return null;
}
