// Puts a lookup request on the bus: written first with its outbox entry, published at
// once, and published again by the relay's pass when the bus was away (at-least-once;
// the notifications worker sends its e-mail once).
import { makeEvent, TOPICS, type LookupRequestedEvent } from '@vag/contracts';
import type { CoreDeps } from '../deps';
import {
  findUnpublishedLookups,
  insertLookupRequest,
  markLookupsPublished,
} from '../db/lookup-requests';

type Deps = Pick<CoreDeps, 'db' | 'bus' | 'log'>;

async function publishLookups(deps: Pick<Deps, 'db' | 'bus'>, events: LookupRequestedEvent[]) {
  if (events.length === 0) return 0;
  await deps.bus.publish(
    events.map((event) => ({
      topic: TOPICS['lookup.requested'],
      key: event.data.requestId,
      value: event,
    })),
  );
  await markLookupsPublished(
    deps.db,
    events.map((e) => e.data.requestId),
  );
  return events.length;
}

/** Records the request and publishes it; a bus failure leaves it to the relay. */
export async function requestLookupMail(
  deps: Deps,
  data: LookupRequestedEvent['data'],
): Promise<void> {
  const event = makeEvent('lookup.requested', data);
  await insertLookupRequest(deps.db, event);
  await publishLookups(deps, [event]).catch((err: unknown) =>
    deps.log.warn(
      { err, requestId: data.requestId },
      'lookup request not published yet; the relay retries',
    ),
  );
}

/** The relay's pass: every request still waiting for the bus. */
export async function relayLookupRequests(deps: Pick<Deps, 'db' | 'bus'>): Promise<number> {
  return publishLookups(deps, await findUnpublishedLookups(deps.db));
}
