// The automatic re-send after a provider outage: a paid purchase whose e-mail failed
// after the sender's retries gets its numbers.assigned published again with only that
// channel reopened; one that has used up its attempts stays failed for staff.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOPICS } from '@vag/contracts';
import type { BusMessage } from '../bus/bus';
import { InProcessBus } from '../bus/in-process-bus';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import { waitFor } from '../testing/wait';
import { AUTO_RESEND_MAX_ATTEMPTS, resendFailedNotifications } from './notify-retry';

let store: TestDatabase;
let bus: InProcessBus;
const published: BusMessage[] = [];

function paidPurchase(id: string, emailAttempts: number) {
  return {
    _id: id,
    raffleId: 'current',
    status: 'COMPLETED',
    quantity: 2,
    assignedNumbers: ['0012', '0345'],
    numbersAssignedAt: new Date(),
    // As the sender's write that recorded the failure leaves it (db/notifications.ts).
    notifyRetry: true,
    notifications: {
      email: { status: 'failed', attempts: emailAttempts, lastError: 'connect ECONNREFUSED' },
      sms: { status: 'sent', attempts: 1, sentAt: new Date() },
    },
  };
}

beforeEach(async () => {
  store = await createTestDatabase();
  bus = new InProcessBus();
  published.length = 0;
  await bus.subscribe({
    groupId: 'probe',
    topics: [TOPICS['numbers.assigned']],
    handler: async (message) => {
      published.push(message);
    },
  });
});

afterEach(async () => {
  await bus.close();
  await store.drop();
});

describe('automatic re-send of failed notifications', () => {
  it('reopens only the failed channel, keeps its attempts, publishes numbers.assigned once', async () => {
    const purchases = store.db.collection<Record<string, unknown> & { _id: string }>('purchases');
    await purchases.insertMany([
      paidPurchase('p-outage', 4),
      paidPurchase('p-given-up', AUTO_RESEND_MAX_ATTEMPTS),
    ]);

    expect(await resendFailedNotifications({ db: store.db, bus })).toBe(1);
    await waitFor(() => published.length === 1, { message: 'numbers.assigned published' });
    expect(published[0]!.key).toBe('p-outage');
    expect((published[0]!.value as { data: { numbers: string[] } }).data.numbers).toEqual([
      '0012',
      '0345',
    ]);

    const reopened = await purchases.findOne({ _id: 'p-outage' });
    expect(reopened?.notifications).toMatchObject({
      email: { status: 'pending', attempts: 4, claimedUntil: null },
      sms: { status: 'sent', attempts: 1 },
    });
    const givenUp = await purchases.findOne({ _id: 'p-given-up' });
    expect(givenUp?.notifications).toMatchObject({ email: { status: 'failed' } });
    // Nothing left to try: off the re-send's work list, which later passes read.
    expect(givenUp?.notifyRetry).toBeUndefined();

    // Reopened, not failed any more: the next pass leaves it to the sender.
    expect(await resendFailedNotifications({ db: store.db, bus })).toBe(0);
  });
});
