// Delivery state of a purchase's e-mail and SMS (`purchases.notifications.<channel>`).
// A channel is claimed with a conditional update and a lease before anything is sent,
// so however often `numbers.assigned` is delivered a message goes out once per purchase
// and channel; a crash mid-send lets the lease run out and a redelivery retries it.
import type { NotificationChannel, NotificationStatus } from '@vag/contracts';
import type { Db } from 'mongodb';
import { randomUUID } from 'node:crypto';

export interface ChannelState {
  status: 'pending' | 'sent' | 'failed' | 'logged';
  attempts: number;
  lastError?: string;
  sentAt?: Date;
  /** While set and in the future, one consumer is sending. */
  claimedUntil?: Date | null;
  claimToken?: string | null;
}

interface NotificationsDoc {
  _id: string;
  notifications?: Partial<Record<NotificationChannel, ChannelState>>;
}

const purchases = (db: Db) => db.collection<NotificationsDoc>('purchases');

export type ClaimResult =
  | { kind: 'claimed'; token: string; attempts: number }
  | { kind: 'done'; state: ChannelState }
  | { kind: 'busy' };

/** Takes the right to send `channel` for the purchase: new, or pending with an expired lease. */
export async function claimChannel(
  db: Db,
  purchaseId: string,
  channel: NotificationChannel,
  leaseMs: number,
): Promise<ClaimResult> {
  const now = new Date();
  const field = `notifications.${channel}`;
  const token = randomUUID();
  const claimed = await purchases(db).findOneAndUpdate(
    {
      _id: purchaseId,
      $or: [
        { [field]: { $exists: false } },
        { [`${field}.status`]: 'pending', [`${field}.claimedUntil`]: null },
        { [`${field}.status`]: 'pending', [`${field}.claimedUntil`]: { $lt: now } },
      ],
    },
    {
      $set: {
        [`${field}.status`]: 'pending',
        [`${field}.claimedUntil`]: new Date(now.getTime() + leaseMs),
        [`${field}.claimToken`]: token,
      },
    },
    { returnDocument: 'after' },
  );
  if (claimed)
    return { kind: 'claimed', token, attempts: claimed.notifications?.[channel]?.attempts ?? 0 };
  const doc = await purchases(db).findOne(
    { _id: purchaseId },
    { projection: { notifications: 1 } },
  );
  const state = doc?.notifications?.[channel];
  if (state && state.status !== 'pending') return { kind: 'done', state };
  return { kind: 'busy' };
}

/** Records the outcome of a claimed send (only the claim's holder may). */
export async function finishChannel(
  db: Db,
  purchaseId: string,
  channel: NotificationChannel,
  token: string,
  outcome: { status: 'sent' | 'logged' | 'failed'; attempts: number; lastError?: string },
): Promise<boolean> {
  const field = `notifications.${channel}`;
  const state: ChannelState = {
    status: outcome.status,
    attempts: outcome.attempts,
    claimedUntil: null,
    claimToken: null,
  };
  if (outcome.lastError) state.lastError = outcome.lastError;
  if (outcome.status !== 'failed') state.sentAt = new Date();
  const result = await purchases(db).updateOne(
    { _id: purchaseId, [`${field}.claimToken`]: token },
    { $set: { [field]: state } },
  );
  return result.modifiedCount === 1;
}

/** Staff asked to send the channel again: it becomes claimable whatever happened before. */
export async function requestResend(
  db: Db,
  purchaseId: string,
  channel: NotificationChannel,
): Promise<void> {
  const state: ChannelState = {
    status: 'pending',
    attempts: 0,
    claimedUntil: null,
    claimToken: null,
  };
  await purchases(db).updateOne(
    { _id: purchaseId },
    { $set: { [`notifications.${channel}`]: state } },
  );
}

/** What staff see per channel (SPEC-side shape of contracts' notificationStatusSchema). */
export function notificationStates(
  doc: NotificationsDoc,
): Partial<Record<NotificationChannel, NotificationStatus>> {
  const out: Partial<Record<NotificationChannel, NotificationStatus>> = {};
  for (const channel of ['email', 'sms'] as const) {
    const s = doc.notifications?.[channel];
    if (!s) continue;
    out[channel] = {
      status: s.status,
      attempts: s.attempts ?? 0,
      ...(s.lastError ? { lastError: s.lastError } : {}),
      ...(s.sentAt ? { sentAt: new Date(s.sentAt).toISOString() } : {}),
    };
  }
  return out;
}
