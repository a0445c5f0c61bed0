// The messages of a recorded draw (DESIGN, "The next layer"): the winner by e-mail and by phone (WhatsApp or SMS, as
// the buyer chose), every active admin by e-mail, and the result to every other buyer who
// chose WhatsApp when the operator set its template (with the one-click /baja link: it
// reaches people whose purchase is over). Each goes out once per recipient and channel
// however often raffle.drawn is delivered; a failure after the retries is kept in
// draw_notices.
import type { CoreDeps } from '@vag/core';
import { countSentMessage } from '@vag/core/messaging/message-counts';
import { withUnsubscribeLink } from './unsubscribe-link';
import { claimDrawNotice, finishDrawNotice } from '@vag/core/db/draw-notices';
import { listUsers } from '@vag/core/db/users';
import { currentSettings, messagingEnv } from '@vag/core/settings/live-settings';
import {
  DRAW_NOTICES as M,
  toEcuadorE164,
  WHATSAPP_TEXTS,
  type EventData,
  type NotificationChannel,
  nameInOneLine,
} from '@vag/contracts';
import { getPurchase, type PurchaseDoc } from '@vag/core/db/purchases';
import { getRaffle } from '@vag/core/db/raffle';
import { twilioConfigured } from '@vag/core/messaging/twilio-rest';
import { loadWhatsappSettings, templateFor } from '@vag/core/messaging/whatsapp-settings';
import { unsubscribeUrl } from '@vag/core/privacy/unsubscribe-token';
import { logToOutbox, mailer, sendMail, type Mail } from './transports';
import { sendPhoneMessage, type PhoneAttempts, type PhoneMessage } from './phone';

type Deps = Pick<CoreDeps, 'db' | 'log' | 'env' | 'settings'>;
type Drawn = EventData<'raffle.drawn'>;
type Env = CoreDeps['env'];

interface Message {
  to: string;
  channel: NotificationChannel;
  /** An e-mail, or the phone message (WhatsApp template or SMS). */
  content: Mail | Omit<PhoneMessage, 'to'>;
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

/**
 * The verifier of the drawn raffle (`/verificar?rifa=<slug>`): plain /verificar speaks
 * for whichever raffle is featured later, not for this one.
 */
async function verifierOf(deps: Deps, data: Drawn, site: string): Promise<string> {
  const slug = (await getRaffle(deps.db, data.raffleId))?.slug;
  return slug ? `${site}/verificar?rifa=${encodeURIComponent(slug)}` : `${site}/verificar`;
}

async function winnerMessages(deps: Deps, data: Drawn, site: string): Promise<Message[]> {
  const { winner, winningNumber } = data;
  if (!winner || !winningNumber) return [];
  const purchase = (await getPurchase(deps.db, winner.purchaseId)) ?? { _id: winner.purchaseId };
  const text = M.winnerText({
    firstName: nameInOneLine(winner.firstName),
    raffleName: data.raffleName,
    prize: data.prize,
    winningNumber,
    result: data.result,
    orderCode: winner.orderCode,
    verifyUrl: await verifierOf(deps, data, site),
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
      content: {
        purchase,
        message: 'winner',
        sms: M.winnerSms(winningNumber, data.prize),
        variables: [
          nameInOneLine(winner.firstName),
          data.raffleName,
          winningNumber,
          (await contactPhone(deps)) ?? site,
        ],
      },
    },
  ];
}

/** The operator's WhatsApp contact (Ajustes), digits only, as the winner's number to write to. */
async function contactPhone(deps: Deps): Promise<string | null> {
  const digits = (await currentSettings(deps)).whatsappNumber;
  return digits ? `+${digits}` : null;
}

/**
 * The result to each other buyer who chose WhatsApp, once per phone, when its template is
 * set (or, without Twilio, into the outbox log): no new SMS to everyone.
 */
async function buyerResultMessages(
  deps: Deps,
  env: Env,
  data: Drawn,
  site: string,
): Promise<Message[]> {
  const settings = await loadWhatsappSettings(deps.db);
  if (twilioConfigured(env) && !templateFor(settings, 'draw_result')) return [];
  const number = data.winningNumber ?? data.drawnNumber;
  const verify = await verifierOf(deps, data, site);
  const buyers = await deps.db
    .collection<PurchaseDoc>('purchases')
    .find(
      { raffleId: data.raffleId, status: 'COMPLETED', 'messaging.channel': 'whatsapp' },
      { projection: { _id: 1, buyer: 1, messaging: 1 } },
    )
    .toArray();
  const seen = new Set([data.winner ? toEcuadorE164(data.winner.phone) : '']);
  const messages: Message[] = [];
  for (const buyer of buyers) {
    const to = toEcuadorE164(buyer.buyer.phone);
    if (seen.has(to)) continue;
    seen.add(to);
    const unsubscribe = await unsubscribeUrl(deps.db, site, buyer.buyer.email);
    messages.push({
      to,
      channel: 'sms',
      content: {
        purchase: buyer,
        message: 'draw_result',
        sms: WHATSAPP_TEXTS.drawResultSms(data.raffleName, number, verify, unsubscribe),
        variables: [
          nameInOneLine(buyer.buyer.firstName),
          data.raffleName,
          number,
          verify,
          unsubscribe,
        ],
      },
    });
  }
  return messages;
}

async function staffMessages(deps: Deps, data: Drawn): Promise<Message[]> {
  const admins = (await listUsers(deps.db, 'admin')).filter((u) => u.active);
  const { winner } = data;
  const text = M.staffText({
    ...data,
    winner: winner && {
      fullName: nameInOneLine(`${winner.firstName} ${winner.lastName}`),
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
  const messages = [
    ...(await winnerMessages(deps, data, site)),
    ...(await staffMessages(deps, data)),
    ...(await buyerResultMessages(deps, env, data, site)),
  ];
  // A few at a time: a raffle's buyers can be thousands.
  for (let i = 0; i < messages.length; i += DRAW_SENDS_AT_ONCE)
    await Promise.all(
      messages
        .slice(i, i + DRAW_SENDS_AT_ONCE)
        .map((m) => sendOnce(deps, env, data.raffleRef, m, options)),
    );
}

const DRAW_SENDS_AT_ONCE = 16;

async function sendOnce(
  deps: Deps,
  env: Env,
  raffleRef: string,
  message: Message,
  options: { attempts?: number; backoffMs?: number },
): Promise<void> {
  const { to, channel, content } = message;
  if (!(await claimDrawNotice(deps.db, { raffleRef, to, channel }))) return;
  const attempts = options.attempts ?? 3;
  const phone: PhoneAttempts = { fellBack: false };
  let lastError = '';
  for (let i = 0; i < attempts; i++) {
    try {
      let logged: boolean;
      if ('subject' in content) {
        const mail = await withUnsubscribeLink(deps.db, env.PUBLIC_URL, content);
        logged = mailer(env) === null;
        if (!logged) await sendMail(env, mail);
        else
          await logToOutbox(env, {
            channel,
            draw: raffleRef,
            to,
            subject: mail.subject,
            text: mail.text,
          });
        await countSentMessage(deps, 'email');
      } else ({ logged } = await sendPhoneMessage(deps, env, { ...content, to }, phone));
      await finishDrawNotice(
        deps.db,
        { raffleRef, to, channel },
        {
          status: logged ? 'logged' : 'sent',
        },
      );
      return;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      deps.log.warn({ raffleRef, to, channel, err: error }, 'draw notice failed');
      if (i + 1 < attempts)
        await new Promise((resolve) => setTimeout(resolve, (options.backoffMs ?? 250) * 2 ** i));
    }
  }
  deps.log.error({ raffleRef, to, channel, lastError }, 'draw notice failed after retries');
  await finishDrawNotice(deps.db, { raffleRef, to, channel }, { status: 'failed', lastError });
}
