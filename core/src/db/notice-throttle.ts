// Who may get an unpaid order's messages now (`unpaid_notice_throttle`): anyone can order
// in someone else's name, so the order link, the reminder and the expiry notice of unpaid
// orders reach one recipient (an e-mail address, a phone) for one order an hour at most.
// The messages of the order that holds the hour go out as usual; another order's wait.
import type { Db } from 'mongodb';
import { isDuplicateKey } from './raffle-numbers';

export const UNPAID_NOTICE_WINDOW_MS = 60 * 60_000;

interface ThrottleDoc {
  /** The recipient, lower-cased: `email:<address>` or `sms:<E.164>`. */
  _id: string;
  purchaseId: string;
  until: Date;
}

const throttle = (db: Db) => db.collection<ThrottleDoc>('unpaid_notice_throttle');

const claim = (_id: string, purchaseId: string, now: Date, until: Date) => ({
  filter: { _id, until: { $lte: now } },
  update: { $set: { purchaseId, until } },
  upsert: true,
});

/** One recipient: the claim, or (held) whether this order is the one holding it. */
async function mayNotifyOne(
  db: Db,
  _id: string,
  { purchaseId, now, until }: { purchaseId: string; now: Date; until: Date },
) {
  const { filter, update, upsert } = claim(_id, purchaseId, now, until);
  try {
    await throttle(db).updateOne(filter, update, { upsert });
    return true;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  return (await throttle(db).findOne({ _id }))?.purchaseId === purchaseId;
}

/**
 * For each recipient, true when `purchaseId` may message it now: no other order did
 * within the window (this one then holds it), or this order already holds it. A
 * conditional upsert per recipient, all in one command: of two orders racing for a
 * recipient, one wins the insert and the other finds it held. Only when one is held are
 * they looked at one by one (the store may stop at the first refused upsert).
 */
export async function mayNotifyUnpaid(
  db: Db,
  recipients: readonly string[],
  purchaseId: string,
  { now = new Date(), windowMs = UNPAID_NOTICE_WINDOW_MS } = {},
): Promise<boolean[]> {
  const ids = recipients.map((r) => r.trim().toLowerCase());
  const until = new Date(now.getTime() + windowMs);
  try {
    await throttle(db).bulkWrite(
      ids.map((id) => ({ updateOne: claim(id, purchaseId, now, until) })),
      { ordered: false },
    );
    return ids.map(() => true);
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  const answers: boolean[] = [];
  for (const id of ids) answers.push(await mayNotifyOne(db, id, { purchaseId, now, until }));
  return answers;
}
