// Sends a purchase's e-mail and SMS once each (DESIGN pipeline step 5). Per channel:
// claim (conditional update with a lease) → send with retries and backoff → record the
// outcome. A failure after the retries is stored on the purchase for staff (and
// announced as notification.failed), never dropped; staff can re-send.
import type { AppDeps } from '@vag/api';
import { claimChannel, finishChannel } from '@vag/api/db/notifications';
import { getPurchase } from '@vag/api/db/purchases';
import {
  makeEvent,
  toEcuadorE164,
  TOPICS,
  type InstantPrizeWon,
  type NotificationChannel,
} from '@vag/contracts';
import { composeEmail, composeSms } from './compose';
import { logToOutbox, mailer, sendMail, sendSms, smsConfigured } from './transports';

export interface NotifyOptions {
  /** Sending attempts per channel before it is marked failed. */
  attempts?: number;
  /** First retry delay; doubles each time. */
  backoffMs?: number;
  leaseMs?: number;
}

/** Someone else holds the channel's lease: the bus redelivers later, by then it is settled. */
export class ChannelBusyError extends Error {}

type Deps = Pick<AppDeps, 'db' | 'bus' | 'log' | 'env'>;

export async function notifyPurchase(
  deps: Deps,
  input: { purchaseId: string; numbers: string[]; instantPrizes: InstantPrizeWon[] },
  options: NotifyOptions = {},
): Promise<void> {
  // The channels are independent (each its own claim and record): send them side by side.
  const channels = ['email', 'sms'] as const;
  const outcomes = await Promise.all(
    channels.map((channel) => notifyChannel(deps, channel, input, options)),
  );
  const busy: NotificationChannel[] = channels.filter((_, i) => outcomes[i] === 'busy');
  if (busy.length)
    throw new ChannelBusyError(
      `${input.purchaseId}: ${busy.join(', ')} being sent by another consumer`,
    );
}

async function notifyChannel(
  deps: Deps,
  channel: NotificationChannel,
  input: { purchaseId: string; numbers: string[]; instantPrizes: InstantPrizeWon[] },
  options: NotifyOptions,
): Promise<'done' | 'busy' | 'missing'> {
  const { db, env, log } = deps;
  const purchase = await getPurchase(db, input.purchaseId);
  if (!purchase) return 'missing';
  const numbers = input.numbers.length ? input.numbers : purchase.assignedNumbers;

  const claim = await claimChannel(db, purchase._id, channel, options.leaseMs ?? 120_000);
  if (claim.kind === 'done') return 'done';
  if (claim.kind === 'busy') return 'busy';

  const maxAttempts = options.attempts ?? 4;
  const backoff = options.backoffMs ?? 250;
  const configured = channel === 'email' ? mailer(env) !== null : smsConfigured(env);
  let attempts = claim.attempts;
  let lastError = '';
  for (let i = 0; i < maxAttempts; i++) {
    attempts++;
    try {
      if (channel === 'email') {
        const mail = composeEmail(purchase, numbers, input.instantPrizes);
        if (configured) await sendMail(env, mail);
        else
          await logToOutbox(env, {
            channel,
            purchaseId: purchase._id,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
          });
      } else {
        const to = toEcuadorE164(purchase.buyer.phone);
        const body = composeSms(numbers, input.instantPrizes);
        if (configured) await sendSms(env, { to, body });
        else await logToOutbox(env, { channel, purchaseId: purchase._id, to, body });
      }
      await finishChannel(db, purchase._id, channel, claim.token, {
        status: configured ? 'sent' : 'logged',
        attempts,
      });
      return 'done';
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
  await finishChannel(db, purchase._id, channel, claim.token, {
    status: 'failed',
    attempts,
    lastError,
  });
  log.error(
    { purchaseId: purchase._id, channel, attempts, lastError },
    'notification failed after retries; visible to staff for re-send',
  );
  await deps.bus
    .publish([
      {
        topic: TOPICS['notification.failed'],
        key: purchase._id,
        value: makeEvent('notification.failed', {
          purchaseId: purchase._id,
          channel,
          error: lastError,
        }),
      },
    ])
    .catch((err: unknown) => log.error({ err }, 'could not announce notification.failed'));
  return 'done';
}
