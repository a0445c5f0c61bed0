// Data written before the work markers: after the upgrade, each job's indexed work list
// finds what it found before by reading everything (DESIGN, "Queries on a year of data"),
// and the upgrade, once done, does nothing on the next start.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import { ensureIndexes } from './indexes';
import { findFailedChannels } from './notifications';
import { findEndedTransfersWithReceipts } from './order-review';
import { findUnpublishedLookups } from './lookup-requests';
import {
  anyWaitingForNumbers,
  findMobilePaymentsToRecheck,
  findPurchaseByPaypalOrder,
  findUnpublished,
  sumCapacityFromPurchases,
} from './purchases';
import { upgradeQueryMarkers } from './query-markers';

let store: TestDatabase;
beforeEach(async () => {
  store = await createTestDatabase();
  await ensureIndexes(store.db);
});
afterEach(() => store.drop());

const now = new Date();
const longAgo = new Date(now.getTime() - 30 * 86_400_000);
const event = (id: string) => ({ id, type: 'purchase.notice' });

/** Purchases as the version before the markers wrote them. */
const older = [
  {
    _id: 'notice-waiting',
    raffleId: 'r1',
    status: 'PENDING',
    quantity: 1,
    outbox: { purchase_notice: { event: event('n1'), createdAt: now, publishedAt: null } },
  },
  {
    _id: 'paid-waiting',
    raffleId: 'r1',
    status: 'COMPLETED',
    quantity: 2,
    paidAt: longAgo,
    paymentMethod: 'paypal',
    paypal: { orderId: 'PP-OLD', status: 'COMPLETED' },
    outbox: { purchase_paid: { event: event('p1'), createdAt: longAgo, publishedAt: null } },
  },
  {
    _id: 'ended-with-receipts',
    raffleId: 'r1',
    status: 'EXPIRED',
    paymentMethod: 'bank_transfer',
    quantity: 1,
    reservation: { active: false, expiresAt: longAgo },
    receipts: [{ id: 'rc1', contentType: 'image/png', size: 10, uploadedAt: longAgo }],
  },
  {
    _id: 'email-failed',
    raffleId: 'r1',
    status: 'COMPLETED',
    quantity: 1,
    numbersAssignedAt: longAgo,
    soldCountedAt: longAgo,
    notifications: { email: { status: 'failed', attempts: 4 } },
  },
  {
    _id: 'payphone-today',
    raffleId: 'r1',
    status: 'COMPLETED',
    paymentMethod: 'mobile',
    quantity: 1,
    paidAt: now,
    soldCountedAt: now,
    mobile: { transactionId: 7, clientTransactionId: 't7', status: 'COMPLETED' },
  },
  // The first raffle's, from before raffles were records: no raffleId.
  { _id: 'first-raffle', status: 'COMPLETED', quantity: 5, soldCountedAt: longAgo },
];

describe('upgradeQueryMarkers', () => {
  it("gives older purchases and lookups the markers each job's work list reads", async () => {
    await store.db.collection<{ _id: string }>('purchases').insertMany(older as never[]);
    await store.db.collection<{ _id: string }>('lookup_requests').insertOne({
      _id: 'lookup-1',
      createdAt: now,
      outbox: { event: { id: 'l1', type: 'lookup.requested', data: { requestId: 'lookup-1' } } },
    } as never);

    expect(await upgradeQueryMarkers(store.db, { now })).toBeGreaterThan(0);

    expect((await findUnpublished(store.db, 10)).map((p) => p._id)).toEqual(['notice-waiting']);
    expect(await anyWaitingForNumbers(store.db, now)).toBe(true);
    expect((await findPurchaseByPaypalOrder(store.db, 'PP-OLD'))?._id).toBe('paid-waiting');
    const ended = await findEndedTransfersWithReceipts(store.db, now, 10);
    expect(ended.map((p) => p._id)).toEqual(['ended-with-receipts']);
    expect(await findFailedChannels(store.db, 60, 10)).toEqual([
      { purchaseId: 'email-failed', channels: ['email'] },
    ]);
    const since = new Date(now.getTime() - 3_600_000);
    expect((await findMobilePaymentsToRecheck(store.db, since, 10)).map((p) => p._id)).toEqual([
      'payphone-today',
    ]);
    expect(await sumCapacityFromPurchases(store.db, 'current')).toEqual({ reserved: 0, sold: 5 });
    expect((await findUnpublishedLookups(store.db)).map((e) => e.id)).toEqual(['l1']);

    // Done once: the next start reads nothing.
    expect(await upgradeQueryMarkers(store.db, { now })).toBe(0);
  });
});
