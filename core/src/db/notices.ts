// Delivery state of the order messages of an unpaid transfer (order link, rejected
// receipt, reminder, expiry): `purchases.notices.<noticeId>_<channel>`. Claimed with a
// conditional update and a lease before sending, so a redelivered event sends nothing
// twice and a crash mid-send lets the lease run out for a retry.
import type { NotificationChannel } from '@vag/contracts';
import type { Db } from 'mongodb';

export interface NoticeState {
  status: 'sending' | 'sent' | 'logged' | 'failed';
  at: Date;
  lastError?: string;
}

interface NoticesDoc {
  _id: string;
  notices?: Record<string, NoticeState>;
}

const purchases = (db: Db) => db.collection<NoticesDoc>('purchases');

const field = (noticeId: string, channel: NotificationChannel) =>
  `notices.${noticeId.replace(/\./g, '_')}_${channel}`;

/** True when this caller may send the message now. */
export async function claimNotice(
  db: Db,
  purchaseId: string,
  noticeId: string,
  channel: NotificationChannel,
  leaseMs = 120_000,
): Promise<boolean> {
  const key = field(noticeId, channel);
  const now = new Date();
  const fresh = await purchases(db).updateOne(
    { _id: purchaseId, [key]: { $exists: false } },
    { $set: { [key]: { status: 'sending', at: now } } },
  );
  if (fresh.modifiedCount === 1) return true;
  // A sender that died mid-send: its lease ran out, take it over.
  const stale = await purchases(db).updateOne(
    {
      _id: purchaseId,
      [`${key}.status`]: 'sending',
      [`${key}.at`]: { $lt: new Date(now.getTime() - leaseMs) },
    },
    { $set: { [key]: { status: 'sending', at: now } } },
  );
  return stale.modifiedCount === 1;
}

export async function finishNotice(
  db: Db,
  purchaseId: string,
  noticeId: string,
  channel: NotificationChannel,
  outcome: Omit<NoticeState, 'at'>,
): Promise<void> {
  await purchases(db).updateOne(
    { _id: purchaseId },
    { $set: { [field(noticeId, channel)]: { ...outcome, at: new Date() } } },
  );
}
