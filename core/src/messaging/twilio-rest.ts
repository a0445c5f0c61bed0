// Twilio's Messages API as a plain form POST: a WhatsApp template (ContentSid +
// ContentVariables, `whatsapp:` From and To, no Body) or an SMS, each with the status
// callback URL. Twilio's error answer keeps its code, which decides between retrying,
// falling back to SMS and giving up.
import type { Env } from '../env';

export type TwilioEnv = Pick<
  Env,
  'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'TWILIO_BASE_URL'
>;

/** The route Twilio posts each message's progress to (api/src/routes/message-status). */
export const MESSAGE_STATUS_PATH = '/api/message-status';

export function twilioConfigured(env: TwilioEnv): boolean {
  return Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM);
}

/** An error answer from Twilio: `code` is Twilio's (63016, 21211, …), `status` the HTTP one. */
export class TwilioError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
  ) {
    super(message);
  }
}

export type TwilioMessage =
  | {
      kind: 'whatsapp';
      to: string;
      from: string;
      contentSid: string;
      variables: Record<string, string>;
    }
  | { kind: 'sms'; to: string; body: string };

/** Sends one message; answers its MessageSid. */
export async function postTwilioMessage(
  env: TwilioEnv,
  message: TwilioMessage,
  statusCallback: string | null,
): Promise<string> {
  if (!twilioConfigured(env)) throw new Error('Twilio no configurado');
  const form = new URLSearchParams(
    message.kind === 'whatsapp'
      ? {
          To: `whatsapp:${message.to}`,
          From: `whatsapp:${message.from}`,
          ContentSid: message.contentSid,
          ContentVariables: JSON.stringify(message.variables),
        }
      : { To: message.to, From: env.TWILIO_FROM!, Body: message.body },
  );
  if (statusCallback) form.set('StatusCallback', statusCallback);
  const base = (env.TWILIO_BASE_URL ?? 'https://api.twilio.com').replace(/\/+$/, '');
  const auth = Buffer.from(`${env.TWILIO_ACCOUNT_SID}:${env.TWILIO_AUTH_TOKEN}`).toString('base64');
  const res = await fetch(`${base}/2010-04-01/Accounts/${env.TWILIO_ACCOUNT_SID}/Messages.json`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${auth}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: form.toString(),
    signal: AbortSignal.timeout(15_000),
  });
  const answer = (await res.json().catch(() => ({}))) as {
    sid?: string;
    code?: number;
    message?: string;
  };
  if (!res.ok || !answer.sid)
    throw new TwilioError(
      `Twilio ${res.status}${answer.code ? ` (${answer.code})` : ''}: ${answer.message ?? 'sin respuesta'}`,
      res.status,
      typeof answer.code === 'number' ? answer.code : null,
    );
  return answer.sid;
}
