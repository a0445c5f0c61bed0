// One message to a buyer's phone: on WhatsApp when the buyer chose it and the operator
// set its template (Ajustes > WhatsApp), else by SMS. A WhatsApp failure that no retry
// fixes (Twilio's permanent codes: not on WhatsApp, no opt-in, template refused…) sends
// the same message by SMS at once, and only once: the caller's attempt state remembers
// it. Other failures throw, for the caller's retries. Each message sent is recorded by
// its MessageSid for the status callbacks; without Twilio it goes to the outbox log,
// marked with its channel.
import type { CoreDeps } from '@vag/core';
import type { PurchaseDoc } from '@vag/core/db/purchases';
import { recordDelivery } from '@vag/core/messaging/deliveries';
import { countSentMessage } from '@vag/core/messaging/message-counts';
import {
  MESSAGE_STATUS_PATH,
  postTwilioMessage,
  twilioConfigured,
  TwilioError,
} from '@vag/core/messaging/twilio-rest';
import { loadWhatsappSettings, templateFor } from '@vag/core/messaging/whatsapp-settings';
import {
  WHATSAPP_PERMANENT_ERRORS,
  type MessageChannel,
  type WhatsappMessage,
} from '@vag/contracts';
import { logToOutbox } from './transports';

type Deps = Pick<CoreDeps, 'db' | 'log'>;

export interface PhoneMessage {
  purchase: Pick<PurchaseDoc, '_id' | 'messaging'>;
  message: WhatsappMessage;
  /** E.164. */
  to: string;
  /** The SMS text (also the fallback's): plain GSM-7, no accents, to fit its segments. */
  sms: string;
  /** The text in full Spanish where WhatsApp shows our words (the outbox log); else the SMS's. */
  whatsapp?: string;
  /** The template's {{1}}, {{2}}, … in order. */
  variables: readonly string[];
}

/** Kept by the caller across its retries of one message. */
export interface PhoneAttempts {
  /** WhatsApp failed for good: the SMS is what is being sent now. */
  fellBack: boolean;
}

export async function sendPhoneMessage(
  deps: Deps,
  env: CoreDeps['env'],
  msg: PhoneMessage,
  attempts: PhoneAttempts,
): Promise<{ via: MessageChannel; logged: boolean }> {
  const site = env.PUBLIC_URL.replace(/\/+$/, '');
  const wantsWhatsapp = msg.purchase.messaging?.channel === 'whatsapp' && !attempts.fellBack;
  if (!twilioConfigured(env)) {
    const channel: MessageChannel = wantsWhatsapp ? 'whatsapp' : 'sms';
    await logToOutbox(env, {
      channel,
      purchaseId: msg.purchase._id,
      to: msg.to,
      ...(channel === 'whatsapp'
        ? { template: msg.message, variables: numbered(msg.variables) }
        : {}),
      body: channel === 'whatsapp' ? (msg.whatsapp ?? msg.sms) : msg.sms,
    });
    await countSentMessage(deps, channel);
    return { via: channel, logged: true };
  }
  const settings = wantsWhatsapp ? await loadWhatsappSettings(deps.db) : null;
  const contentSid = settings ? templateFor(settings, msg.message) : null;
  if (settings && contentSid) {
    try {
      const sid = await postTwilioMessage(
        env,
        {
          kind: 'whatsapp',
          to: msg.to,
          from: settings.from,
          contentSid,
          variables: numbered(msg.variables),
        },
        `${site}${MESSAGE_STATUS_PATH}`,
      );
      await keepRecord(deps, {
        _id: sid,
        purchaseId: msg.purchase._id,
        message: msg.message,
        channel: 'whatsapp',
        to: msg.to,
        fallbackSid: null,
        fallbackSms: { to: msg.to, body: msg.sms },
      });
      return { via: 'whatsapp', logged: false };
    } catch (error) {
      if (!(
        error instanceof TwilioError &&
        error.code &&
        WHATSAPP_PERMANENT_ERRORS.has(error.code)
      ))
        throw error;
      deps.log.warn(
        { purchaseId: msg.purchase._id, message: msg.message, code: error.code },
        'WhatsApp refused for good; sending the SMS instead',
      );
      attempts.fellBack = true;
    }
  }
  const sid = await postTwilioMessage(
    env,
    { kind: 'sms', to: msg.to, body: msg.sms },
    `${site}${MESSAGE_STATUS_PATH}`,
  );
  await keepRecord(deps, {
    _id: sid,
    purchaseId: msg.purchase._id,
    message: msg.message,
    channel: 'sms',
    to: msg.to,
    fallbackSms: null,
  });
  return { via: 'sms', logged: false };
}

/** Twilio's ContentVariables: {"1": …, "2": …}; empty values would be refused (63013). */
function numbered(values: readonly string[]): Record<string, string> {
  return Object.fromEntries(values.map((v, i) => [String(i + 1), v.trim() || '-']));
}

/** How long a sent message's record waits for the store to come back (a restart takes seconds). */
const RECORD_PATIENCE_MS = 120_000;

/**
 * The message is out: a store hiccup now must not fail the attempt, or the retry would
 * send it again. The record is written again until the store takes it (an upsert by the
 * sid, so once) — a store restarting right after the send would otherwise lose it, and
 * with it the only trace that Twilio took the message (DESIGN I5). Past the patience it
 * is logged, and its status callbacks find no record.
 */
async function keepRecord(deps: Deps, record: Parameters<typeof recordDelivery>[1]) {
  const deadline = Date.now() + RECORD_PATIENCE_MS;
  for (let pause = 250; ; pause = Math.min(pause * 2, 5_000)) {
    try {
      await recordDelivery(deps.db, record);
      return;
    } catch (error) {
      if (Date.now() + pause > deadline) {
        deps.log.error(
          { sid: record._id, err: error },
          'message sent but its delivery record not kept',
        );
        return;
      }
      deps.log.warn({ sid: record._id, err: error }, 'delivery record not kept yet; retrying');
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
