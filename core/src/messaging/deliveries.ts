// Every WhatsApp or SMS message we hand to Twilio, by its MessageSid (`message_deliveries`):
// which purchase and message it carries, on which channel, and how far Twilio's status
// callbacks say it got (queued → sent → delivered → read, or failed/undelivered). Staff
// read it per purchase; the dashboard reads the day's delivery rate per channel.
import type { MessageChannel, MessageStatus } from '@vag/contracts';
import type { Db } from 'mongodb';

export interface DeliveryDoc {
  _id: string;
  purchaseId: string | null;
  /** numbers, order_created, reminder, …, or 'test'. */
  message: string;
  channel: MessageChannel;
  to: string;
  status: MessageStatus;
  errorCode: number | null;
  /** Set on a WhatsApp message whose SMS fallback went out (its sid). */
  fallbackSid?: string | null;
  /** For a WhatsApp message: the SMS to send instead if WhatsApp fails for good. */
  fallbackSms?: { to: string; body: string } | null;
  history: Array<{ status: MessageStatus; at: Date; errorCode?: number }>;
  createdAt: Date;
  updatedAt: Date;
}

export const deliveries = (db: Db) => db.collection<DeliveryDoc>('message_deliveries');

/** How far along each state is: a late 'sent' after 'delivered' does not move it back. */
const RANK: Record<MessageStatus, number> = {
  accepted: 0,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  read: 5,
  undelivered: 6,
  failed: 6,
};

export async function recordDelivery(
  db: Db,
  input: Omit<DeliveryDoc, 'status' | 'errorCode' | 'history' | 'createdAt' | 'updatedAt'>,
): Promise<void> {
  const now = new Date();
  await deliveries(db).updateOne(
    { _id: input._id },
    {
      $setOnInsert: {
        ...input,
        status: 'queued',
        errorCode: null,
        history: [{ status: 'queued', at: now }],
        createdAt: now,
        updatedAt: now,
      },
    },
    { upsert: true },
  );
}

/** A status callback: kept in the history, and as the state unless it is older news. */
export async function applyDeliveryStatus(
  db: Db,
  sid: string,
  status: MessageStatus,
  errorCode: number | null,
): Promise<DeliveryDoc | null> {
  const doc = await deliveries(db).findOne({ _id: sid });
  if (!doc) return null;
  const now = new Date();
  const entry = { status, at: now, ...(errorCode !== null ? { errorCode } : {}) };
  const advances = RANK[status] >= RANK[doc.status];
  return deliveries(db).findOneAndUpdate(
    { _id: sid },
    {
      $push: { history: entry },
      $set: {
        updatedAt: now,
        ...(advances ? { status, errorCode } : {}),
      },
    },
    { returnDocument: 'after' },
  );
}

/**
 * Claims a failed WhatsApp message's SMS fallback: only one claimer wins (the sid is set
 * to 'claimed' first), so a callback delivered twice sends no second SMS.
 */
export async function claimFallback(db: Db, sid: string): Promise<DeliveryDoc | null> {
  return deliveries(db).findOneAndUpdate(
    { _id: sid, channel: 'whatsapp', fallbackSid: null, fallbackSms: { $ne: null } },
    { $set: { fallbackSid: 'claimed', updatedAt: new Date() } },
    { returnDocument: 'after' },
  );
}

export async function settleFallback(db: Db, sid: string, fallbackSid: string): Promise<void> {
  await deliveries(db).updateOne({ _id: sid }, { $set: { fallbackSid } });
}

export async function purchaseDeliveries(db: Db, purchaseId: string): Promise<DeliveryDoc[]> {
  return deliveries(db).find({ purchaseId }).sort({ createdAt: 1 }).toArray();
}

export interface ChannelRate {
  channel: MessageChannel;
  total: number;
  delivered: number;
  failed: number;
  /** delivered (or read) over all messages of the day, 0 … 1; null with none. */
  rate: number | null;
}

/** The day's (from `since`) delivery rate per channel, for the dashboard. */
export async function deliveryRates(db: Db, since: Date): Promise<ChannelRate[]> {
  const docs = await deliveries(db)
    .find({ createdAt: { $gte: since } }, { projection: { channel: 1, status: 1 } })
    .toArray();
  return (['whatsapp', 'sms'] as const).map((channel) => {
    const mine = docs.filter((d) => d.channel === channel);
    const delivered = mine.filter((d) => d.status === 'delivered' || d.status === 'read').length;
    const failed = mine.filter((d) => d.status === 'failed' || d.status === 'undelivered').length;
    return {
      channel,
      total: mine.length,
      delivered,
      failed,
      rate: mine.length ? delivered / mine.length : null,
    };
  });
}

/** A purchase's messages for staff; the day's for the dashboard. */
export async function ensureDeliveryIndexes(db: Db): Promise<void> {
  await deliveries(db).createIndex({ purchaseId: 1, createdAt: 1 });
  await deliveries(db).createIndex({ createdAt: 1 });
}
