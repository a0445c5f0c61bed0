// How many messages went out each day per channel that no other record keeps
// (`message_counts`), for the dashboard's "Mensajes de hoy" (SPEC §2): every e-mail
// (through SMTP or to the outbox log) and every WhatsApp or SMS written to the outbox log
// when Twilio is not configured. A message Twilio took already has its delivery record
// (deliveries.ts), which the dashboard adds: counting it here too would cost the sale one
// more write per message. One document per Ecuador calendar day and channel, bumped after
// each send; the day is Guayaquil's, as the operator lives it.
import { ecuadorDay } from '@vag/contracts';
import type { Db } from 'mongodb';
import type { CoreDeps } from '../deps';

export const COUNTED_CHANNELS = ['email', 'whatsapp', 'sms'] as const;
export type CountedChannel = (typeof COUNTED_CHANNELS)[number];

interface MessageCountDoc {
  /** `<yyyy-MM-dd>:<channel>`. */
  _id: string;
  day: string;
  channel: CountedChannel;
  sent: number;
}

const counts = (db: Db) => db.collection<MessageCountDoc>('message_counts');

const keyOf = (day: string, channel: CountedChannel) => `${day}:${channel}`;

/**
 * One message out on `channel`. The message is already sent: a store that refuses the
 * count must not fail the send (its retry would send the message again), so a failure is
 * logged and the day's count stays one short.
 */
export async function countSentMessage(
  deps: Pick<CoreDeps, 'db' | 'log'>,
  channel: CountedChannel,
  at: Date = new Date(),
): Promise<void> {
  const day = ecuadorDay(at)!;
  try {
    await counts(deps.db).updateOne(
      { _id: keyOf(day, channel) },
      { $inc: { sent: 1 }, $setOnInsert: { day, channel } },
      { upsert: true },
    );
  } catch (error) {
    deps.log.warn({ channel, err: error }, 'message sent but not counted');
  }
}

/** The messages sent on `now`'s Ecuador day, per channel (0 for a channel with none). */
export async function messagesSentToday(
  db: Db,
  now: Date = new Date(),
): Promise<Record<CountedChannel, number>> {
  const day = ecuadorDay(now)!;
  const docs = await counts(db)
    .find({ _id: { $in: COUNTED_CHANNELS.map((c) => keyOf(day, c)) } })
    .toArray();
  const sent = { email: 0, whatsapp: 0, sms: 0 };
  for (const doc of docs) sent[doc.channel] = doc.sent;
  return sent;
}
