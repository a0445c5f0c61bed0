// The messages of an order outside its numbers' e-mail, by e-mail and the buyer's phone
// channel: for an unpaid bank transfer the order link at order time, a rejected receipt
// with its reason, the reminder before the hold ends and the expiry (the numbers were
// released); for a paid purchase, its refund (amount and how it went back, SPEC §4,
// "Refunds"). Each goes out once per notice and channel, and a recipient gets the
// messages of one unpaid order an hour at most (notice-throttle.ts).
import type { CoreDeps } from '@vag/core';
import { countSentMessage } from '@vag/core/messaging/message-counts';
import {
  claimNotice,
  claimNoticeTogether,
  finishNotice,
  finishNoticeChannels,
} from '@vag/core/db/notices';
import { mayNotifyUnpaid } from '@vag/core/db/notice-throttle';
import { getPurchase, type PurchaseDoc } from '@vag/core/db/purchases';
import { currentSettings, messagingEnv } from '@vag/core/settings/live-settings';
import {
  bankAccountsText,
  formatDate,
  formatDateTime,
  formatUsd,
  orderPath,
  refundHowText,
  ORDER_MESSAGES as M,
  toEcuadorE164,
  type BankAccount,
  type NoticeKind,
  type NotificationChannel,
  nameInOneLine,
} from '@vag/contracts';
import { smsOrderLink } from './compose';
import { logToOutbox, mailer, sendMail, type Mail } from './transports';
import { sendPhoneMessage, type PhoneAttempts } from './phone';
import { withUnsubscribeLink } from './unsubscribe-link';

type Deps = Pick<CoreDeps, 'db' | 'log' | 'env' | 'settings'>;
export type OrderNoticeKind = NoticeKind | 'expired';

interface Message {
  subject: string;
  text: string;
  sms: string;
  /** The WhatsApp template's {{1}}, {{2}}, … (WHATSAPP_VARIABLES). */
  variables: string[];
}

/** The message with the kind that names its WhatsApp template. */
function compose(...args: Parameters<typeof composeText>): Message & { kind: OrderNoticeKind } {
  return { ...composeText(...args), kind: args[1] };
}

/** WhatsApp refuses new lines and long runs of spaces inside a template variable. */
const oneLine = (text: string) => text.replace(/\s*\n+\s*/g, ' · ').replace(/\s{2,}/g, ' ');

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function composeText(
  purchase: PurchaseDoc,
  kind: OrderNoticeKind,
  reason: string | undefined,
  site: string,
  accounts: readonly BankAccount[] = [],
): Message {
  const code = purchase.orderCode ?? purchase._id;
  const name = nameInOneLine(purchase.buyer.firstName);
  const amount = formatUsd(purchase.totalPrice);
  // The e-mail and WhatsApp say which clock the deadline is on (a buyer abroad, a phone
  // set to another zone); the SMS keeps the short form, plain GSM-7 in one segment.
  const smsDeadline = formatDateTime(purchase.reservation.expiresAt);
  const deadline = M.deadlineInEcuador(smsDeadline);
  const link = `${site}${orderPath(purchase._id, purchase.accessKey ?? '')}`;
  // The SMS carries the short form (one segment), the e-mail the full link.
  const smsLink = smsOrderLink(purchase, site) ?? link;
  switch (kind) {
    case 'order_created':
      return {
        subject: M.createdSubject(code),
        text: M.createdText(code, amount, deadline, link, bankAccountsText(accounts)),
        sms: M.createdSms(code, amount, smsLink),
        variables: [name, code, amount, oneLine(bankAccountsText(accounts)), link],
      };
    case 'receipt_rejected':
      return {
        subject: M.rejectedSubject(code),
        text: M.rejectedText(code, reason ?? '', deadline, link),
        sms: M.rejectedSms(code, reason ?? '', smsLink),
        variables: [name, code, oneLine(reason ?? ''), link],
      };
    case 'reminder':
      return {
        subject: M.reminderSubject(code),
        text: M.reminderText(code, amount, deadline, link),
        sms: M.reminderSms(code, smsDeadline, smsLink),
        variables: [name, code, deadline, link],
      };
    case 'expired':
      return {
        subject: M.expiredSubject(code),
        text: M.expiredText(code),
        sms: M.expiredSms(code, smsLink),
        variables: [name, code],
      };
    case 'refunded': {
      // What went back and how: the refund's own record, never the total ordered.
      const refunded = formatUsd(purchase.refund?.amount ?? purchase.totalPrice);
      const how = refundHowText(purchase.refund?.method ?? purchase.paymentMethod);
      const day = formatDate(purchase.refund?.at ?? new Date());
      return {
        subject: M.refundedSubject(code),
        text: M.refundedText(code, refunded, how, day, link),
        sms: M.refundedSms(code, refunded, how, smsLink),
        variables: [name, code, refunded, how, link],
      };
    }
    default: {
      const never: never = kind;
      return never;
    }
  }
}

function toMail(purchase: PurchaseDoc, message: Message): Mail {
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escape(`Hola ${nameInOneLine(purchase.buyer.firstName)},`)}</p>
<p>${escape(message.text).replace(/\n/g, '<br>')}</p>
</body></html>`;
  return {
    to: purchase.buyer.email,
    subject: message.subject,
    text: `Hola ${nameInOneLine(purchase.buyer.firstName)},\n\n${message.text}`,
    html,
  };
}

const CHANNELS = ['email', 'sms'] as const;

type SendOptions = { attempts?: number; backoffMs?: number };
type Outcome = { status: 'sent' | 'logged' | 'failed' | 'throttled'; lastError?: string };

/**
 * The notices anyone can make us send by ordering in another's name. A rejected receipt
 * is not one: it answers a receipt the buyer sent, after staff looked at it.
 */
const THROTTLED: ReadonlySet<OrderNoticeKind> = new Set(['order_created', 'reminder', 'expired']);

const recipientOf = (purchase: PurchaseDoc, channel: NotificationChannel) =>
  channel === 'email'
    ? `email:${purchase.buyer.email}`
    : `sms:${toEcuadorE164(purchase.buyer.phone)}`;

/**
 * Which of `channels` may carry this notice now: all, unless it is one anyone can cause
 * and the recipient had another unpaid order's message within the hour.
 */
async function allowedChannels(
  deps: Deps,
  purchase: PurchaseDoc,
  notice: { noticeId: string; kind: OrderNoticeKind },
  channels: readonly NotificationChannel[],
): Promise<Set<NotificationChannel>> {
  if (!THROTTLED.has(notice.kind)) return new Set(channels);
  const allowed = await mayNotifyUnpaid(
    deps.db,
    channels.map((channel) => recipientOf(purchase, channel)),
    purchase._id,
  );
  const held = channels.filter((_, i) => !allowed[i]);
  if (held.length > 0)
    deps.log.info(
      { purchaseId: purchase._id, noticeId: notice.noticeId, channels: held },
      'order notice held back: the recipient got another unpaid order’s message within the hour',
    );
  return new Set(channels.filter((_, i) => allowed[i]));
}

const THROTTLED_OUTCOME: Outcome = { status: 'throttled' };

/** Sends one notice of the purchase on both channels (each at most once). */
export async function sendOrderNotice(
  deps: Deps,
  input: { purchaseId: string; noticeId: string; kind: OrderNoticeKind; reason?: string },
  options: SendOptions = {},
): Promise<void> {
  const env = await messagingEnv(deps);
  const site = env.PUBLIC_URL.replace(/\/+$/, '');
  // The order e-mail promises the transfer's details: the accounts go in its body.
  const accounts = input.kind === 'order_created' ? (await currentSettings(deps)).bankAccounts : [];
  // The notice's first delivery claims both channels and reads the purchase in one write.
  const claimed = await claimNoticeTogether<PurchaseDoc>(
    deps.db,
    input.purchaseId,
    input.noticeId,
    CHANNELS,
  );
  if (claimed) {
    const message = compose(claimed, input.kind, input.reason, site, accounts);
    const allowed = await allowedChannels(deps, claimed, input, CHANNELS);
    const outcomes = await Promise.all(
      CHANNELS.map((channel) =>
        allowed.has(channel)
          ? deliver(deps, env, claimed, input.noticeId, channel, message, options)
          : THROTTLED_OUTCOME,
      ),
    );
    await finishNoticeChannels(
      deps.db,
      claimed._id,
      input.noticeId,
      Object.fromEntries(CHANNELS.map((channel, i) => [channel, outcomes[i]!])),
    );
    return;
  }
  // A redelivery, or a sender that died mid-send: each channel on its own.
  const purchase = await getPurchase(deps.db, input.purchaseId);
  if (!purchase) return;
  const message = compose(purchase, input.kind, input.reason, site, accounts);
  await Promise.all(
    CHANNELS.map(async (channel) => {
      if (
        !(await claimNotice(deps.db, {
          purchaseId: purchase._id,
          noticeId: input.noticeId,
          channel,
        }))
      )
        return;
      const outcome = (await allowedChannels(deps, purchase, input, [channel])).has(channel)
        ? await deliver(deps, env, purchase, input.noticeId, channel, message, options)
        : THROTTLED_OUTCOME;
      await finishNotice(
        deps.db,
        { purchaseId: purchase._id, noticeId: input.noticeId, channel },
        outcome,
      );
    }),
  );
}

/** Sends the message on one channel, retrying; answers how it ended. */
async function deliver(
  deps: Deps,
  env: CoreDeps['env'],
  purchase: PurchaseDoc,
  noticeId: string,
  channel: NotificationChannel,
  message: Message & { kind: OrderNoticeKind },
  options: SendOptions,
): Promise<Outcome> {
  const configured = channel === 'email' && mailer(env) !== null;
  const attempts = options.attempts ?? 3;
  const phone: PhoneAttempts = { fellBack: false };
  let lastError = '';
  for (let i = 0; i < attempts; i++) {
    try {
      if (channel === 'email') {
        const mail = await withUnsubscribeLink(deps.db, env.PUBLIC_URL, toMail(purchase, message));
        if (configured) await sendMail(env, mail);
        else
          await logToOutbox(env, {
            channel,
            purchaseId: purchase._id,
            notice: noticeId,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
          });
        await countSentMessage(deps, 'email');
      } else {
        const sent = await sendPhoneMessage(
          deps,
          env,
          {
            purchase,
            message: message.kind,
            to: toEcuadorE164(purchase.buyer.phone),
            sms: message.sms,
            variables: message.variables,
          },
          phone,
        );
        return { status: sent.logged ? 'logged' : 'sent' };
      }
      return { status: configured ? 'sent' : 'logged' };
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      deps.log.warn(
        { purchaseId: purchase._id, noticeId, channel, err: error },
        'order notice failed',
      );
      if (i + 1 < attempts)
        await new Promise((resolve) => setTimeout(resolve, (options.backoffMs ?? 250) * 2 ** i));
    }
  }
  return { status: 'failed', lastError };
}
