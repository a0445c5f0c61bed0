// Delivery state of the order messages of an unpaid transfer (order link, rejected
// receipt, reminder, expiry): `purchases.notices.<noticeId>_<channel>`. Claimed with a
// conditional update and a lease before sending, so a redelivered event sends nothing
// twice and a crash mid-send lets the lease run out for a retry.
import type { NotificationChannel } from '@vag/contracts';
import type { Db, Filter } from 'mongodb';

export interface NoticeState {
  /** 'throttled': held back, the recipient had another unpaid order's message within the hour. */
  status: 'sending' | 'sent' | 'logged' | 'failed' | 'throttled';
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

/**
 * Claims the notice on every channel in one write when none of them was claimed yet (the
 * notice's first delivery), answering the purchase as it now is; null otherwise, and
 * then each channel is claimed on its own. One write instead of a read and a claim per
 * channel.
 */
export async function claimNoticeTogether<Purchase extends NoticesDoc>(
  db: Db,
  purchaseId: string,
  noticeId: string,
  channels: readonly NotificationChannel[],
): Promise<Purchase | null> {
  const now = new Date();
  const filter: Record<string, unknown> = { _id: purchaseId };
  const set: Record<string, NoticeState> = {};
  for (const channel of channels) {
    filter[field(noticeId, channel)] = { $exists: false };
    set[field(noticeId, channel)] = { status: 'sending', at: now };
  }
  const purchase = await purchases(db).findOneAndUpdate(
    filter as Filter<NoticesDoc>,
    { $set: set },
    { returnDocument: 'after' },
  );
  return purchase as Purchase | null;
}

/** One message of a purchase's notice on one channel. */
export interface NoticeChannelKey {
  purchaseId: string;
  noticeId: string;
  channel: NotificationChannel;
}

/** True when this caller may send the message now. */
export async function claimNotice(
  db: Db,
  { purchaseId, noticeId, channel }: NoticeChannelKey,
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
  { purchaseId, noticeId, channel }: NoticeChannelKey,
  outcome: Omit<NoticeState, 'at'>,
): Promise<void> {
  await finishNoticeChannels(db, purchaseId, noticeId, { [channel]: outcome });
}

/** Records the outcomes of a notice's channels in one write. */
export async function finishNoticeChannels(
  db: Db,
  purchaseId: string,
  noticeId: string,
  outcomes: Partial<Record<NotificationChannel, Omit<NoticeState, 'at'>>>,
): Promise<void> {
  const at = new Date();
  const set: Record<string, NoticeState> = {};
  for (const [channel, outcome] of Object.entries(outcomes))
    set[field(noticeId, channel as NotificationChannel)] = { ...outcome, at };
  await purchases(db).updateOne({ _id: purchaseId }, { $set: set });
}
