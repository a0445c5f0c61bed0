// Delivery state of a purchase's e-mail and SMS (`purchases.notifications.<channel>`).
// A channel is claimed with a conditional update and a lease before anything is sent,
// so however often `numbers.assigned` is delivered a message goes out once per purchase
// and channel; a crash mid-send lets the lease run out and a redelivery retries it.
import type { MessageChannel, NotificationChannel, NotificationStatus } from '@vag/contracts';
import type { Db, Filter } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { groupCommit } from './group-commit';

export interface ChannelState {
  status: 'pending' | 'sent' | 'failed' | 'logged';
  attempts: number;
  lastError?: string;
  sentAt?: Date;
  /** While set and in the future, one consumer is sending. */
  claimedUntil?: Date | null;
  claimToken?: string | null;
  /** The phone channel's message went by WhatsApp or by SMS. */
  via?: MessageChannel;
}

export interface NotificationsDoc {
  _id: string;
  notifications?: Partial<Record<NotificationChannel, ChannelState>>;
}

const purchases = (db: Db) => db.collection<NotificationsDoc>('purchases');

/**
 * How long a claim holds a channel unless its holder renews it. Short, so that a sender
 * killed mid-send holds its purchase's messages (and, behind them, the rest of its
 * partition) for seconds, not minutes; the holder renews it while it sends and records,
 * so a slow provider or a store restart does not hand the channel to a second sender.
 */
export const CHANNEL_LEASE_MS = 30_000;

export type ClaimResult =
  | { kind: 'claimed'; token: string; attempts: number }
  | { kind: 'done'; state: ChannelState }
  | { kind: 'busy' };

/** A channel nobody sent yet, or pending with no lease or an expired one. */
function claimable(channel: NotificationChannel, now: Date): Filter<NotificationsDoc> {
  const field = `notifications.${channel}`;
  return {
    $or: [
      { [field]: { $exists: false } },
      { [`${field}.status`]: 'pending', [`${field}.claimedUntil`]: null },
      { [`${field}.status`]: 'pending', [`${field}.claimedUntil`]: { $lt: now } },
    ],
  };
}

/**
 * Claims every channel of the purchase in one write when all of them are claimable (a
 * purchase's first numbers.assigned), answering the purchase as it now is; null when
 * any is sent, failed or held (then each channel is claimed on its own). One write
 * instead of one claim and one read per channel.
 */
export async function claimChannelsTogether<Purchase extends NotificationsDoc>(
  db: Db,
  purchaseId: string,
  channels: readonly NotificationChannel[],
  leaseMs: number,
): Promise<{ token: string; purchase: Purchase } | null> {
  const now = new Date();
  const token = randomUUID();
  const claimedUntil = new Date(now.getTime() + leaseMs);
  const set: Record<string, unknown> = {};
  for (const channel of channels) {
    set[`notifications.${channel}.status`] = 'pending';
    set[`notifications.${channel}.claimedUntil`] = claimedUntil;
    set[`notifications.${channel}.claimToken`] = token;
  }
  const purchase = await purchases(db).findOneAndUpdate(
    { _id: purchaseId, $and: channels.map((c) => claimable(c, now)) },
    { $set: set },
    { returnDocument: 'after' },
  );
  // The whole document comes back: the caller knows it is one of its purchases.
  return purchase ? { token, purchase: purchase as Purchase } : null;
}

export interface ChannelOutcome {
  status: 'sent' | 'logged' | 'failed';
  attempts: number;
  lastError?: string;
  /** The phone channel's message went by WhatsApp or by SMS. */
  via?: MessageChannel;
}

function finishedState(outcome: ChannelOutcome): ChannelState {
  const state: ChannelState = {
    status: outcome.status,
    attempts: outcome.attempts,
    claimedUntil: null,
    claimToken: null,
  };
  if (outcome.lastError) state.lastError = outcome.lastError;
  if (outcome.via) state.via = outcome.via;
  if (outcome.status !== 'failed') state.sentAt = new Date();
  return state;
}

interface ChannelsOutcome {
  purchaseId: string;
  token: string;
  outcomes: Partial<Record<NotificationChannel, ChannelOutcome>>;
}

/**
 * Records the outcomes of channels claimed together (only the claim's holder may), in one
 * write; the outcomes other senders of this process record meanwhile go in the same
 * command (group-commit.ts).
 */
export function finishChannels(
  db: Db,
  purchaseId: string,
  token: string,
  outcomes: Partial<Record<NotificationChannel, ChannelOutcome>>,
): Promise<void> {
  return finishGrouped(db, { purchaseId, token, outcomes });
}

const finishGrouped = groupCommit<ChannelsOutcome>(async (db, finished) => {
  const updates = finished.map(({ purchaseId, token, outcomes }) => {
    const filter: Record<string, unknown> = { _id: purchaseId };
    const set: Record<string, ChannelState | true> = {};
    for (const [channel, outcome] of Object.entries(outcomes)) {
      filter[`notifications.${channel}.claimToken`] = token;
      set[`notifications.${channel}`] = finishedState(outcome);
      if (outcome.status === 'failed') set.notifyRetry = true;
    }
    return { updateOne: { filter: filter as Filter<NotificationsDoc>, update: { $set: set } } };
  });
  await purchases(db).bulkWrite(updates, { ordered: false });
});

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
    { _id: purchaseId, ...claimable(channel, now) },
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

/** A sender's hold on some channels of a purchase: its token, for `leaseMs` at a time. */
export interface ChannelLease {
  purchaseId: string;
  channels: readonly NotificationChannel[];
  token: string;
  leaseMs: number;
}

/** Extends the holder's claim on its channels (the token still holds all of them). */
export async function renewChannels(db: Db, claim: ChannelLease): Promise<boolean> {
  const { purchaseId, channels, token, leaseMs } = claim;
  const filter: Record<string, unknown> = { _id: purchaseId };
  const set: Record<string, Date> = {};
  const claimedUntil = new Date(Date.now() + leaseMs);
  for (const channel of channels) {
    filter[`notifications.${channel}.claimToken`] = token;
    set[`notifications.${channel}.claimedUntil`] = claimedUntil;
  }
  const result = await purchases(db).updateOne(filter as Filter<NotificationsDoc>, {
    $set: set,
  });
  return result.matchedCount === 1;
}

/** Records the outcome of a claimed send (only the claim's holder may). */
export async function finishChannel(
  db: Db,
  {
    purchaseId,
    channel,
    token,
  }: { purchaseId: string; channel: NotificationChannel; token: string },
  outcome: ChannelOutcome,
): Promise<boolean> {
  const field = `notifications.${channel}`;
  const result = await purchases(db).updateOne(
    { _id: purchaseId, [`${field}.claimToken`]: token },
    {
      $set: {
        [field]: finishedState(outcome),
        // The automatic re-send's work list (purchases.ts, PurchaseMarkers).
        ...(outcome.status === 'failed' ? { notifyRetry: true } : {}),
      },
    },
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

/**
 * Paid purchases (numbers assigned) with a channel that failed after its retries and has
 * had fewer than `maxAttempts` attempts in all: candidates for an automatic re-send.
 */
export async function findFailedChannels(
  db: Db,
  maxAttempts: number,
  limit: number,
): Promise<Array<{ purchaseId: string; channels: NotificationChannel[] }>> {
  const failed = (channel: NotificationChannel) => ({
    [`notifications.${channel}.status`]: 'failed',
    [`notifications.${channel}.attempts`]: { $lt: maxAttempts },
  });
  // Those marked failed (an index search), of which the ones still worth a try; a marker
  // with nothing left to try (attempts spent) goes.
  await purchases(db).updateMany(
    {
      notifyRetry: true,
      $nor: [
        { status: 'COMPLETED', ...failed('email') },
        { status: 'COMPLETED', ...failed('sms') },
      ],
    },
    { $unset: { notifyRetry: '' } },
  );
  const docs = await purchases(db)
    .find(
      {
        notifyRetry: true,
        status: 'COMPLETED',
        numbersAssignedAt: { $exists: true },
        $or: [failed('email'), failed('sms')],
      },
      { projection: { notifications: 1 }, limit },
    )
    .toArray();
  return docs.map((doc) => ({
    purchaseId: String(doc._id),
    channels: (['email', 'sms'] as const).filter((channel) => {
      const state = doc.notifications?.[channel];
      return state?.status === 'failed' && (state.attempts ?? 0) < maxAttempts;
    }),
  }));
}

/**
 * A failed channel becomes claimable again with its attempts kept (so the re-sends stay
 * bounded); false when it is no longer failed (another process reopened it first).
 */
export async function reopenFailedChannel(
  db: Db,
  purchaseId: string,
  channel: NotificationChannel,
): Promise<boolean> {
  const field = `notifications.${channel}`;
  const result = await purchases(db).updateOne(
    { _id: purchaseId, [`${field}.status`]: 'failed' },
    {
      $set: {
        [`${field}.status`]: 'pending',
        [`${field}.claimedUntil`]: null,
        [`${field}.claimToken`]: null,
      },
      // A send that fails again marks it again (finishChannels).
      $unset: { notifyRetry: '' },
    },
  );
  return result.modifiedCount === 1;
}
