// Sends a purchase's e-mail and SMS once each (DESIGN pipeline step 5). The channels
// are claimed (conditional update with a lease) before anything is sent, sent side by
// side with retries and backoff, and their outcomes recorded. A purchase's first
// numbers.assigned claims both channels in one write, which also answers the purchase
// the messages are made of, and records both outcomes in one more; a channel that is
// already settled or held (a re-send staff asked for, a redelivery) goes on its own.
// A failure after the retries is stored on the purchase for staff (and announced as
// notification.failed), never dropped; staff can re-send.
import type { CoreDeps } from '@vag/core';
import {
  CHANNEL_LEASE_MS,
  claimChannel,
  claimChannelsTogether,
  finishChannel,
  finishChannels,
  renewChannels,
  type ChannelLease,
  type ChannelOutcome,
} from '@vag/core/db/notifications';
import { getPurchase, type PurchaseDoc } from '@vag/core/db/purchases';
import { messagingEnv } from '@vag/core/settings/live-settings';
import {
  makeEvent,
  numbersSummary,
  toEcuadorE164,
  TOPICS,
  type InstantPrizeWon,
  type NotificationChannel,
  type TicketRaffle,
  nameInOneLine,
} from '@vag/contracts';
import { loadTicketRaffle, renderTicket, type TicketFile } from '@vag/core/ticket/ticket';
import { withUnsubscribeLink } from './unsubscribe-link';
import { composeEmail, composeSms, composeWhatsapp, smsOrderLink } from './compose';
import { logToOutbox, mailer, sendMail } from './transports';
import { sendPhoneMessage, type PhoneAttempts, type PhoneMessage } from './phone';
import { ticketMediaToken } from '@vag/core/messaging/ticket-link';
import { countSentMessage } from '@vag/core/messaging/message-counts';

export interface NotifyOptions {
  /** Sending attempts per channel before it is marked failed. */
  attempts?: number;
  /** First retry delay; doubles each time. */
  backoffMs?: number;
  /** How long a claim holds the channels unless renewed (renewed every third of it). */
  leaseMs?: number;
}

/** Someone else holds the channel's lease: the bus redelivers later, by then it is settled. */
export class ChannelBusyError extends Error {}

type Deps = Pick<CoreDeps, 'db' | 'bus' | 'log' | 'env' | 'settings'>;

interface Input {
  purchaseId: string;
  numbers: string[];
  instantPrizes: InstantPrizeWon[];
  /** The ticket's raffle fields as the numbers worker read them; absent on a re-send. */
  ticket?: TicketRaffle;
}

const CHANNELS = ['email', 'sms'] as const;

export async function notifyPurchase(
  deps: Deps,
  input: Input,
  options: NotifyOptions = {},
): Promise<void> {
  const leaseMs = options.leaseMs ?? CHANNEL_LEASE_MS;
  const together = await claimChannelsTogether<PurchaseDoc>(
    deps.db,
    input.purchaseId,
    CHANNELS,
    leaseMs,
  );
  if (together) {
    const { purchase, token } = together;
    const lease = { purchaseId: purchase._id, channels: CHANNELS, token, leaseMs };
    const outcomes = await holdingLease(deps, lease, async () => {
      const sent = await Promise.all(
        CHANNELS.map((channel) =>
          sendWithRetries(deps, { channel, purchase, input, attemptsBefore: 0 }, options),
        ),
      );
      await untilRecorded(deps, purchase._id, () =>
        finishChannels(
          deps.db,
          purchase._id,
          token,
          Object.fromEntries(CHANNELS.map((channel, i) => [channel, sent[i]!])),
        ),
      );
      return sent;
    });
    for (const [i, channel] of CHANNELS.entries())
      if (outcomes[i]!.status === 'failed')
        await announceFailure(deps, purchase._id, channel, outcomes[i]!);
    return;
  }
  await notifyEachChannel(deps, input, options);
}

/** The channels one by one: some are settled or held, the others still to send. */
async function notifyEachChannel(deps: Deps, input: Input, options: NotifyOptions): Promise<void> {
  const purchase = await getPurchase(deps.db, input.purchaseId);
  if (!purchase) return;
  // Both settle before this returns: a failing channel must not leave the other running
  // while the bus redelivers, or the redelivery finds that channel held ('busy').
  const settled = await Promise.allSettled(
    CHANNELS.map((channel) => notifyChannel(deps, channel, purchase, input, options)),
  );
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  const outcomes = settled.map((s) => (s.status === 'fulfilled' ? s.value : 'busy'));
  const busy: NotificationChannel[] = CHANNELS.filter((_, i) => outcomes[i] === 'busy');
  if (busy.length)
    throw new ChannelBusyError(
      `${input.purchaseId}: ${busy.join(', ')} being sent by another consumer`,
    );
}

async function notifyChannel(
  deps: Deps,
  channel: NotificationChannel,
  purchase: PurchaseDoc,
  input: Input,
  options: NotifyOptions,
): Promise<'done' | 'busy'> {
  const leaseMs = options.leaseMs ?? CHANNEL_LEASE_MS;
  const claim = await claimChannel(deps.db, purchase._id, channel, leaseMs);
  if (claim.kind === 'done') return 'done';
  if (claim.kind === 'busy') return 'busy';
  const { token } = claim;
  const lease = { purchaseId: purchase._id, channels: [channel], token, leaseMs };
  const outcome = await holdingLease(deps, lease, async () => {
    const send = { channel, purchase, input, attemptsBefore: claim.attempts };
    const sent = await sendWithRetries(deps, send, options);
    await untilRecorded(deps, purchase._id, () =>
      finishChannel(deps.db, { purchaseId: purchase._id, channel, token }, sent),
    );
    return sent;
  });
  if (outcome.status === 'failed') await announceFailure(deps, purchase._id, channel, outcome);
  return 'done';
}

/** One channel of a purchase to send; `attemptsBefore`: tries an earlier consumer made. */
interface ChannelSend {
  channel: NotificationChannel;
  purchase: PurchaseDoc;
  input: Input;
  attemptsBefore: number;
}

/** Sends one channel, retrying with backoff; answers what to record. */
async function sendWithRetries(
  deps: Deps,
  { channel, purchase, input, attemptsBefore }: ChannelSend,
  options: NotifyOptions,
): Promise<ChannelOutcome> {
  const { log } = deps;
  // Ajustes may have changed SMTP or Twilio since start: read the live settings.
  const env = await messagingEnv(deps);
  const numbers = input.numbers.length ? input.numbers : purchase.assignedNumbers;
  const maxAttempts = options.attempts ?? 4;
  const backoff = options.backoffMs ?? 250;
  const configured = channel === 'email' && mailer(env) !== null;
  const site = env.PUBLIC_URL.replace(/\/+$/, '');
  const ticket = channel === 'email' ? await ticketOf(deps, purchase, numbers, input, site) : null;
  let attempts = attemptsBefore;
  let lastError = '';
  const phone: PhoneAttempts = { fellBack: false };
  for (let i = 0; i < maxAttempts; i++) {
    attempts++;
    try {
      if (channel === 'email') {
        const mail = await withUnsubscribeLink(
          deps.db,
          site,
          composeEmail(purchase, numbers, input.instantPrizes, ticket),
        );
        if (configured) await sendMail(env, mail);
        else
          await logToOutbox(env, {
            channel,
            purchaseId: purchase._id,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            attachments: mail.attachments?.map((a) => a.filename) ?? [],
          });
        await countSentMessage(deps, 'email');
      } else {
        const sent = await sendPhoneMessage(
          deps,
          env,
          await numbersMessage(deps, purchase, numbers, input, site),
          phone,
        );
        return { status: sent.logged ? 'logged' : 'sent', attempts, via: sent.via };
      }
      return { status: configured ? 'sent' : 'logged', attempts };
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      log.warn(
        { purchaseId: purchase._id, channel, attempt: attempts, err: error },
        'notification attempt failed',
      );
      if (i + 1 < maxAttempts)
        await new Promise((resolve) => setTimeout(resolve, backoff * 2 ** i));
    }
  }
  return { status: 'failed', attempts, lastError };
}

/**
 * The numbers by WhatsApp or SMS. WhatsApp's template gets the name, the numbers, the
 * order link and the ticket's signed token, which its media URL ends with.
 */
async function numbersMessage(
  deps: Deps,
  purchase: PurchaseDoc,
  numbers: string[],
  input: Input,
  site: string,
): Promise<PhoneMessage> {
  const link = smsOrderLink(purchase, site);
  return {
    purchase,
    message: 'numbers',
    to: toEcuadorE164(purchase.buyer.phone),
    sms: composeSms(numbers, input.instantPrizes, link),
    whatsapp: composeWhatsapp(numbers, input.instantPrizes, link),
    variables: [
      nameInOneLine(purchase.buyer.firstName),
      numbersSummary(numbers, 600, (n) => ` y ${n} más`),
      link ?? site,
      await ticketMediaToken(deps.db, purchase._id),
    ],
  };
}

/**
 * The purchase's ticket, the same the order page downloads. Without it the e-mail still
 * goes (the numbers matter more, and the order page has the ticket): a failure is logged.
 */
async function ticketOf(
  deps: Deps,
  purchase: PurchaseDoc,
  numbers: string[],
  input: Input,
  site: string,
): Promise<TicketFile | null> {
  if (numbers.length === 0) return null;
  try {
    const raffle = input.ticket ?? (await loadTicketRaffle(deps.db, purchase.raffleId));
    return await renderTicket(purchase, numbers, raffle, site);
  } catch (error) {
    deps.log.error({ purchaseId: purchase._id, err: error }, 'ticket not attached');
    return null;
  }
}

async function announceFailure(
  deps: Deps,
  purchaseId: string,
  channel: NotificationChannel,
  outcome: ChannelOutcome,
): Promise<void> {
  const { log } = deps;
  log.error(
    { purchaseId, channel, attempts: outcome.attempts, lastError: outcome.lastError },
    'notification failed after retries; visible to staff for re-send',
  );
  await deps.bus
    .publish([
      {
        topic: TOPICS['notification.failed'],
        key: purchaseId,
        value: makeEvent('notification.failed', {
          purchaseId,
          channel,
          error: outcome.lastError ?? '',
        }),
      },
    ])
    .catch((err: unknown) => log.error({ err }, 'could not announce notification.failed'));
}

/**
 * Runs `work` (sending and recording) while renewing the claim every third of its lease,
 * so the lease can be short: a live sender keeps its channels however slow the provider,
 * a dead one lets them go within one lease. A renewal that fails (the store restarting)
 * is tried again at the next tick; the claim's token still guards the outcome's record.
 */
async function holdingLease<T>(
  deps: Deps,
  lease: ChannelLease,
  work: () => Promise<T>,
): Promise<T> {
  const renew = () =>
    renewChannels(deps.db, lease).catch((error: unknown) => {
      deps.log.warn(
        { purchaseId: lease.purchaseId, err: error },
        'could not renew the notification claim',
      );
    });
  const timer = setInterval(() => void renew(), lease.leaseMs / 3);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/**
 * Records a sent (or given up) channel, trying again while the store refuses: the message
 * is out, so a failed write must not leave the channel claimed. A leaked claim would make
 * every redelivery find the channel 'busy' until its lease ran out, and then send the
 * message a second time. 250 ms doubling: about half a minute in all, during which
 * holdingLease keeps renewing the claim.
 */
async function untilRecorded(
  deps: Deps,
  purchaseId: string,
  record: () => Promise<unknown>,
): Promise<void> {
  const attempts = 7;
  for (let attempt = 0; ; attempt++) {
    try {
      await record();
      return;
    } catch (error) {
      if (attempt >= attempts - 1) throw error;
      deps.log.warn({ purchaseId, attempt, err: error }, 'could not record the outcome');
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
    }
  }
}
