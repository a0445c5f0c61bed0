// The messages of a recorded draw (DESIGN, "The next layer"): the winner by e-mail and SMS, every active
// admin by e-mail. Each goes out once per recipient and channel however often
// raffle.drawn is delivered; a failure after the retries is kept in draw_notices.
import type { CoreDeps } from '@vag/core';
import { withUnsubscribeLink } from './unsubscribe-link';
import { claimDrawNotice, finishDrawNotice } from '@vag/core/db/draw-notices';
import { listUsers } from '@vag/core/db/users';
import { messagingEnv } from '@vag/core/settings/live-settings';
import {
  DRAW_NOTICES as M,
  toEcuadorE164,
  type EventData,
  type NotificationChannel,
} from '@vag/contracts';
import { logToOutbox, mailer, sendMail, sendSms, smsConfigured, type Mail } from './transports';

type Deps = Pick<CoreDeps, 'db' | 'log' | 'env'>;
type Drawn = EventData<'raffle.drawn'>;
type Env = CoreDeps['env'];

interface Message {
  to: string;
  channel: NotificationChannel;
  /** An e-mail, or an SMS's body. */
  content: Mail | string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function mailOf(to: string, subject: string, text: string): Mail {
  const paragraphs = text
    .split('\n\n')
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return {
    to,
    subject,
    text,
    html: `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#222">\n${paragraphs}\n</body></html>`,
  };
}

function winnerMessages(data: Drawn, site: string): Message[] {
  const { winner, winningNumber } = data;
  if (!winner || !winningNumber) return [];
  const text = M.winnerText({
    firstName: winner.firstName,
    raffleName: data.raffleName,
    prize: data.prize,
    winningNumber,
    result: data.result,
    orderCode: winner.orderCode,
    verifyUrl: `${site}/verificar`,
  });
  return [
    {
      to: winner.email,
      channel: 'email',
      content: mailOf(winner.email, M.winnerSubject(data.raffleName), text),
    },
    {
      to: toEcuadorE164(winner.phone),
      channel: 'sms',
      content: M.winnerSms(winningNumber, data.prize),
    },
  ];
}

async function staffMessages(deps: Deps, data: Drawn): Promise<Message[]> {
  const admins = (await listUsers(deps.db, 'admin')).filter((u) => u.active);
  const { winner } = data;
  const text = M.staffText({
    ...data,
    winner: winner && {
      fullName: `${winner.firstName} ${winner.lastName}`.trim(),
      email: winner.email,
      phone: winner.phone,
      city: winner.city,
      orderCode: winner.orderCode,
    },
  });
  return admins.map((admin) => ({
    to: admin.email,
    channel: 'email' as const,
    content: mailOf(admin.email, M.staffSubject(data.raffleName), text),
  }));
}

/** Sends every message of the draw that has not gone out yet. */
export async function notifyDraw(
  deps: Deps,
  data: Drawn,
  options: { attempts?: number; backoffMs?: number } = {},
): Promise<void> {
  const env = await messagingEnv(deps);
  const site = env.PUBLIC_URL.replace(/\/+$/, '');
  const messages = [...winnerMessages(data, site), ...(await staffMessages(deps, data))];
  await Promise.all(messages.map((m) => sendOnce(deps, env, data.raffleRef, m, options)));
}

async function sendOnce(
  deps: Deps,
  env: Env,
  raffleRef: string,
  message: Message,
  options: { attempts?: number; backoffMs?: number },
): Promise<void> {
  const { to, channel, content } = message;
  if (!(await claimDrawNotice(deps.db, raffleRef, to, channel))) return;
  const configured = channel === 'email' ? mailer(env) !== null : smsConfigured(env);
  const attempts = options.attempts ?? 3;
  let lastError = '';
  for (let i = 0; i < attempts; i++) {
    try {
      if (typeof content !== 'string') {
        const mail = await withUnsubscribeLink(deps.db, env.PUBLIC_URL, content);
        if (configured) await sendMail(env, mail);
        else
          await logToOutbox(env, {
            channel,
            draw: raffleRef,
            to,
            subject: mail.subject,
            text: mail.text,
          });
      } else if (configured) await sendSms(env, { to, body: content });
      else await logToOutbox(env, { channel, draw: raffleRef, to, body: content });
      await finishDrawNotice(deps.db, raffleRef, to, channel, {
        status: configured ? 'sent' : 'logged',
      });
      return;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      deps.log.warn({ raffleRef, to, channel, err: error }, 'draw notice failed');
      if (i + 1 < attempts)
        await new Promise((resolve) => setTimeout(resolve, (options.backoffMs ?? 250) * 2 ** i));
    }
  }
  deps.log.error({ raffleRef, to, channel, lastError }, 'draw notice failed after retries');
  await finishDrawNotice(deps.db, raffleRef, to, channel, { status: 'failed', lastError });
}
