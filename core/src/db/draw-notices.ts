// Delivery state of the messages a recorded draw sends (`draw_notices`): one document per
// raffle, recipient and channel, claimed with an insert (or a lapsed lease) before the
// message goes out, so a redelivered raffle.drawn sends nothing twice and a crash
// mid-send lets the lease run out for a retry.
import type { NotificationChannel } from '@vag/contracts';
import type { Db } from 'mongodb';
import { isDuplicateKey } from './raffle-numbers';

export interface DrawNoticeDoc {
  /** `<raffleRef>|<recipient>|<channel>`. */
  _id: string;
  raffleRef: string;
  to: string;
  channel: NotificationChannel;
  status: 'sending' | 'sent' | 'logged' | 'failed';
  at: Date;
  lastError?: string;
}

const notices = (db: Db) => db.collection<DrawNoticeDoc>('draw_notices');

/** One draw message: a raffle's result to one address on one channel. */
export interface DrawNoticeKey {
  raffleRef: string;
  to: string;
  channel: NotificationChannel;
}

const noticeId = ({ raffleRef, to, channel }: DrawNoticeKey) =>
  `${raffleRef}|${to.toLowerCase()}|${channel}`;

/** True when this caller may send the message now. */
export async function claimDrawNotice(
  db: Db,
  key: DrawNoticeKey,
  leaseMs = 120_000,
): Promise<boolean> {
  const { raffleRef, to, channel } = key;
  const _id = noticeId(key);
  const now = new Date();
  try {
    await notices(db).insertOne({ _id, raffleRef, to, channel, status: 'sending', at: now });
    return true;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  // A sender that died mid-send: its lease ran out, take it over.
  const stale = await notices(db).updateOne(
    { _id, status: 'sending', at: { $lt: new Date(now.getTime() - leaseMs) } },
    { $set: { at: now } },
  );
  return stale.modifiedCount === 1;
}

export async function finishDrawNotice(
  db: Db,
  key: DrawNoticeKey,
  outcome: { status: 'sent' | 'logged' | 'failed'; lastError?: string },
): Promise<void> {
  await notices(db).updateOne({ _id: noticeId(key) }, { $set: { ...outcome, at: new Date() } });
}
