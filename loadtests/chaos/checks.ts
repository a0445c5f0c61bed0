// The chaos sellout's verdict, beyond the audit: what the product promised to each buyer
// whose order the api accepted, what reached their phone and inbox, and what the payment
// provider saw. Each check lists its first offenders, like the audit's invariants.
import type { Db } from 'mongodb';
import { PIPELINE_MESSAGES } from '@vag/contracts';
import { CHANNEL_LEASE_MS } from '@vag/core/db/notifications';
import type { FakeProviders } from '@vag/core/testing/fakes/index';
import { WHATSAPP_PERMANENT_ERRORS } from '@vag/contracts';
import type { InvariantResult } from '../audit';
import { numbersMessagesByPhone, phoneKey } from '../harness/whatsapp';

interface Purchase {
  _id: string;
  status: string;
  quantity: number;
  paymentMethod: string;
  assignedNumbers?: string[];
  buyer: { email: string; phone: string };
  paypal?: { orderId: string } | null;
  numbersAssignedAt?: Date;
  failure?: { reason?: string };
  notifications?: { email?: { sentAt?: Date }; sms?: { sentAt?: Date } };
  messaging?: { channel?: 'whatsapp' | 'sms' };
}

/**
 * The notification claim lease (core/src/db/notifications.ts): a process killed while
 * sending holds the purchase's channels this long, then another one sends them.
 */
const LEASE_MS = CHANNEL_LEASE_MS;

const SHOW = 5;

function result(id: string, title: string, seen: string[], problems: string[]): InvariantResult {
  return {
    id,
    title,
    ok: problems.length === 0,
    details: [
      ...seen,
      ...problems.slice(0, SHOW),
      ...(problems.length > SHOW ? [`… ${problems.length - SHOW} more`] : []),
    ],
  };
}

export async function readPurchases(db: Db): Promise<Map<string, Purchase>> {
  const rows = await db
    .collection<Purchase>('purchases')
    .find(
      {},
      {
        projection: {
          status: 1,
          quantity: 1,
          paymentMethod: 1,
          assignedNumbers: 1,
          buyer: 1,
          paypal: 1,
          numbersAssignedAt: 1,
          'failure.reason': 1,
          notifications: 1,
          messaging: 1,
        },
      },
    )
    .toArray();
  return new Map(rows.map((p) => [p._id, p]));
}

/** Paid after its hold ended with no numbers left: flagged for refund, as promised. */
const refundedLate = (p: Purchase) => p.failure?.reason === 'late_payment_sold_out';

/** C1: each order answered 201 ended paid with exactly its numbers or expired with none held. */
export async function checkAcceptedOrders(
  db: Db,
  purchases: Map<string, Purchase>,
  accepted: Array<{ purchaseId: string; quantity: number }>,
): Promise<InvariantResult> {
  const problems: string[] = [];
  const count = { paid: 0, expired: 0, refund: 0 };
  const claimed = new Set(
    (await db.collection<{ purchaseId: string }>('number_claims').distinct('purchaseId')).map(
      String,
    ),
  );
  for (const order of accepted) {
    const p = purchases.get(order.purchaseId);
    if (!p) {
      problems.push(`${order.purchaseId}: accepted (201) but not in the store`);
      continue;
    }
    const held = p.assignedNumbers?.length ?? 0;
    if (p.status === 'COMPLETED') {
      if (p.quantity !== order.quantity || held !== order.quantity)
        problems.push(
          `${p._id}: paid for ${order.quantity}, stored quantity ${p.quantity}, holds ${held} numbers`,
        );
      else count.paid++;
    } else if (p.status === 'EXPIRED') {
      if (held > 0 || claimed.has(p._id))
        problems.push(`${p._id}: expired but still holds ${held} numbers or a claim`);
      else count.expired++;
    } else if (p.status === 'REFUND_REQUIRED' && refundedLate(p)) {
      // Paid after its hold ended, when no numbers were left: the product's promise is the
      // refund flag (purchase-lifecycle/refund.ts), with no numbers held.
      if (held > 0 || claimed.has(p._id))
        problems.push(`${p._id}: flagged for refund but holds ${held} numbers or a claim`);
      else count.refund++;
    } else {
      problems.push(`${p._id}: ${p.status}, neither paid nor expired`);
    }
  }
  // Orders the api wrote but never confirmed (it died before answering): the same rule.
  const acceptedIds = new Set(accepted.map((o) => o.purchaseId));
  const unanswered = [...purchases.values()].filter((p) => !acceptedIds.has(p._id));
  for (const p of unanswered)
    if (p.status === 'PENDING' || (p.status === 'REFUND_REQUIRED' && !refundedLate(p)))
      problems.push(`${p._id} (never answered 201): ${p.status}`);
  return result(
    'C1',
    'every accepted order paid with exactly its numbers or expired with its capacity released',
    [
      `${accepted.length} orders accepted: ${count.paid} paid, ${count.expired} expired, ${count.refund} paid late with no numbers left (refund flagged); ${unanswered.length} more in the store the api never confirmed`,
    ],
    problems,
  );
}

// The numbers e-mails, told apart from the order-link ones a transfer buyer also gets.
const MAIL_MARK = PIPELINE_MESSAGES.emailIntro.split('.')[0]!;
const lastDigits = phoneKey;

/**
 * C2: each paid purchase's numbers reached its buyer once by e-mail and once on the phone:
 * by WhatsApp (the template's message) only to who chose it, by SMS to the others and to
 * a WhatsApp buyer whose number Twilio refused for good (the fallback), never both.
 */
export function checkMessagesOnce(
  purchases: Map<string, Purchase>,
  fakes: FakeProviders,
  /** When workers processes were SIGKILLed. */
  workerKills: number[],
): InvariantResult {
  const problems: string[] = [];
  // A process killed after the provider took a message and before it recorded that can
  // not know it was sent: the channel is sent again once the claim's lease ends
  // (at-least-once). Such a purchase had its numbers before the kill and its messages
  // recorded a lease later; any other second message is a failure.
  const inKillWindow = (p: Purchase) =>
    workerKills.some((kill) => {
      const assigned = p.numbersAssignedAt?.getTime() ?? Infinity;
      const sent = [p.notifications?.email?.sentAt, p.notifications?.sms?.sentAt].map(
        (d) => d?.getTime() ?? 0,
      );
      // The dead holder renewed its claim at most a third of a lease before the kill.
      return assigned <= kill && sent.some((t) => t >= kill + (LEASE_MS * 2) / 3);
    });
  const resentAfterKill = new Set<string>();
  const paid = [...purchases.values()].filter((p) => p.status === 'COMPLETED');
  const numbersMails = new Map<string, number>();
  for (const mail of fakes.smtp.mails) {
    if (!mail.text.includes(MAIL_MARK)) continue;
    for (const to of mail.to) numbersMails.set(to, (numbersMails.get(to) ?? 0) + 1);
  }
  // Phone messages go to the phone; two buyers may share one, so compare per phone.
  const numbersPhone = numbersMessagesByPhone(fakes.twilio.messages);
  const numbersSms = new Map(
    [...numbersPhone].map(([key, m]) => [key, m.whatsapp.length + m.sms.length]),
  );
  const refused = new Set(
    fakes.twilio.refusals
      .filter((r) => WHATSAPP_PERMANENT_ERRORS.has(r.code))
      .map((r) => lastDigits(r.to)),
  );
  const channelProblems = phoneChannelProblems(
    [...purchases.values()].filter((p) => p.status === 'COMPLETED'),
    numbersPhone,
    refused,
  );
  problems.push(...channelProblems.problems);
  const paidPerPhone = new Map<string, number>();
  // Phones of purchases a killed process was sending: one more SMS each is explained.
  const slackPerPhone = new Map<string, number>();
  for (const p of paid) {
    const key = lastDigits(p.buyer.phone);
    paidPerPhone.set(key, (paidPerPhone.get(key) ?? 0) + 1);
    const windowed = inKillWindow(p);
    if (windowed) slackPerPhone.set(key, (slackPerPhone.get(key) ?? 0) + 1);
    const mails = numbersMails.get(p.buyer.email) ?? 0;
    if (mails === 2 && windowed) resentAfterKill.add(p._id);
    else if (mails !== 1) problems.push(`${p._id}: ${mails} e-mails with its numbers`);
  }
  for (const [phone, expected] of paidPerPhone) {
    const got = numbersSms.get(phone) ?? 0;
    const slack = slackPerPhone.get(phone) ?? 0;
    if (got > expected && got <= expected + slack) continue;
    if (got !== expected)
      problems.push(
        `phone …${phone}: ${got} phone messages with numbers for ${expected} paid purchases`,
      );
  }
  const paidEmails = new Set(paid.map((p) => p.buyer.email));
  for (const [to, n] of numbersMails)
    if (!paidEmails.has(to)) problems.push(`${to}: ${n} numbers e-mails without a paid purchase`);
  for (const [phone, n] of numbersSms)
    if (!paidPerPhone.has(phone))
      problems.push(`phone …${phone}: ${n} numbers messages without a paid purchase`);
  const mailCount = [...numbersMails.values()].reduce((a, b) => a + b, 0);
  const { whatsapp, sms, fallback } = channelProblems.count;
  return result(
    'C2',
    'every paid purchase got its e-mail and its phone message (WhatsApp or SMS) exactly once (but for a kill mid-send)',
    [
      `${paid.length} paid purchases; ${mailCount} numbers e-mails, ${whatsapp} numbers WhatsApp and ${sms} numbers SMS at the providers (${fallback} SMS to a WhatsApp buyer Twilio refused for good: ${refused.size} numbers refused)`,
      ...(resentAfterKill.size
        ? [
            `${resentAfterKill.size} purchase(s) messaged twice because a killed workers process was sending them (sent again after the ${LEASE_MS / 1000} s claim lease): ${[...resentAfterKill].join(', ')}`,
          ]
        : []),
    ],
    problems,
  );
}

/**
 * The channel of each phone's numbers messages: WhatsApp only where a paid buyer chose it,
 * the SMS to a WhatsApp buyer only after Twilio refused the number for good, and a phone
 * never gets the same numbers on both channels (the count per phone is checked by C2).
 */
function phoneChannelProblems(
  paid: Purchase[],
  byPhone: ReturnType<typeof numbersMessagesByPhone>,
  refused: Set<string>,
) {
  const problems: string[] = [];
  const count = { whatsapp: 0, sms: 0, fallback: 0 };
  const chosen = new Map<string, Set<string>>();
  for (const p of paid) {
    const key = lastDigits(p.buyer.phone);
    chosen.set(key, (chosen.get(key) ?? new Set()).add(p.messaging?.channel ?? 'sms'));
  }
  for (const [phone, sent] of byPhone) {
    const wanted = chosen.get(phone) ?? new Set<string>();
    count.whatsapp += sent.whatsapp.length;
    count.sms += sent.sms.length;
    if (sent.whatsapp.length > 0 && !wanted.has('whatsapp'))
      problems.push(`phone …${phone}: numbers by WhatsApp, no paid buyer of it chose WhatsApp`);
    if (sent.sms.length > 0 && !wanted.has('sms')) {
      if (!refused.has(phone))
        problems.push(`phone …${phone}: numbers by SMS to a WhatsApp buyer Twilio never refused`);
      else count.fallback += sent.sms.length;
    }
    if (sent.whatsapp.length > 0 && sent.sms.length > 0 && wanted.size === 1)
      problems.push(`phone …${phone}: the same numbers by WhatsApp and by SMS`);
  }
  return { problems, count };
}

/** C3: no PayPal order captured twice, and money taken ⇔ numbers given. */
export function checkCaptures(
  purchases: Map<string, Purchase>,
  fakes: FakeProviders,
): InvariantResult {
  const problems: string[] = [];
  const captured = new Map<string, number>();
  let refusedAgain = 0;
  for (const { orderId, outcome } of fakes.paypal.captureLog) {
    if (outcome === 'captured') captured.set(orderId, (captured.get(orderId) ?? 0) + 1);
    if (outcome === 'already-captured') refusedAgain++;
  }
  for (const [orderId, n] of captured)
    if (n > 1) problems.push(`PayPal order ${orderId} captured ${n} times`);
  const byOrder = new Map<string, Purchase>();
  for (const p of purchases.values()) if (p.paypal?.orderId) byOrder.set(p.paypal.orderId, p);
  for (const orderId of captured.keys()) {
    const p = byOrder.get(orderId);
    if (p?.status !== 'COMPLETED' && !(p?.status === 'REFUND_REQUIRED' && refundedLate(p)))
      problems.push(
        `PayPal order ${orderId} captured, its purchase ${p?._id ?? '(none)'} is ${p?.status ?? 'missing'}`,
      );
  }
  for (const [orderId, p] of byOrder)
    if (p.status === 'COMPLETED' && !captured.has(orderId))
      problems.push(`${p._id}: paid by PayPal but order ${orderId} was never captured`);
  return result(
    'C3',
    'no payment captured twice; every capture is a paid purchase and every PayPal purchase was captured',
    [
      `${captured.size} PayPal orders captured, ${fakes.paypal.captureLog.length} capture calls (${refusedAgain} answered ORDER_ALREADY_CAPTURED)`,
    ],
    problems,
  );
}
