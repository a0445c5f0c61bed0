// Where messages go: SMTP (nodemailer) and Twilio when configured; otherwise a local
// outbox log (`<DATA_DIR>/outbox.log`, JSON lines) so the embedded mode loses nothing.
// TWILIO_BASE_URL points the real SDK at a local server in tests.
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '@vag/core';
import { OUTBOX_LOG } from '@vag/core/privacy/outbox-log';
import nodemailer, { type Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import SMTPPool from 'nodemailer/lib/smtp-pool';
import twilio from 'twilio';
import type { RequestOptions as TwilioRequestOptions } from 'twilio/lib/base/RequestClient';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** The recipient's "Dejar de recibir noticias" link, also sent as List-Unsubscribe. */
  unsubscribeUrl?: string;
}

export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

export interface Sms {
  to: string;
  body: string;
}

/**
 * Connections a process keeps open to the mail server. A sale's notification handlers
 * send side by side (16 at a time embedded), so as many connections let each send at
 * once; one connection per message instead cost a TCP and SMTP handshake every time.
 */
const MAIL_CONNECTIONS = 16;

const mailers = new Map<string, Transporter>();

export function mailer(env: Pick<Env, 'SMTP_URL'>): Transporter | null {
  if (!env.SMTP_URL) return null;
  let transport = mailers.get(env.SMTP_URL);
  if (!transport) {
    // A pool reuses its connections for up to 100 messages each. The URL's own
    // settings (host, port, auth, query) win over these.
    const pool = new SMTPPool({
      url: env.SMTP_URL,
      pool: true,
      maxConnections: MAIL_CONNECTIONS,
      // Bounded so a dead server fails the attempt instead of hanging it.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    transport = nodemailer.createTransport(pool);
    mailers.set(env.SMTP_URL, transport);
  }
  return transport;
}

let holders = 0;

/**
 * Keeps the mail connections open while a notifications worker runs; the release of the
 * last one closes them (several workers share them when tests run servers side by side).
 */
export function holdMailers(): () => void {
  holders += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders > 0) return;
    for (const transport of mailers.values()) transport.close();
    mailers.clear();
  };
}

export async function sendMail(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>,
  mail: Mail,
): Promise<void> {
  const transport = mailer(env);
  if (!transport) throw new Error('SMTP no configurado');
  const message = {
    from: env.MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments?.map((a) => ({
      filename: a.filename,
      content: Buffer.from(a.content),
      contentType: a.contentType,
    })),
    // Set by hand: the composer below does not read nodemailer's `list` option.
    ...(mail.unsubscribeUrl ? { headers: { 'List-Unsubscribe': `<${mail.unsubscribeUrl}>` } } : {}),
  };
  // Composed in memory and handed over whole: streamed, a message went to the mail server
  // in a write per header block, part, boundary and chunk of the ticket (a dozen and
  // more), now in one. From and to give the envelope.
  const raw = await new MailComposer(message).compile().build();
  await transport.sendMail({ from: message.from, to: message.to, raw });
}

type TwilioEnv = Pick<
  Env,
  'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'TWILIO_BASE_URL'
>;
const smsClients = new Map<string, ReturnType<typeof twilio>>();

export function smsConfigured(env: TwilioEnv): boolean {
  return Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM);
}

/** Twilio's RequestClient with the API host swapped for TWILIO_BASE_URL. */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super({ timeout: 15_000 });
  }
  override request<T>(opts: TwilioRequestOptions<T>) {
    const uri = new URL(opts.uri);
    const target = new URL(this.base);
    uri.protocol = target.protocol;
    uri.host = target.host;
    return super.request<T>({ ...opts, uri: uri.toString() });
  }
}

export async function sendSms(env: TwilioEnv, sms: Sms): Promise<void> {
  if (!smsConfigured(env)) throw new Error('Twilio no configurado');
  const key = `${env.TWILIO_BASE_URL ?? ''}|${env.TWILIO_ACCOUNT_SID}|${env.TWILIO_AUTH_TOKEN}`;
  let client = smsClients.get(key);
  if (!client) {
    client = twilio(env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, {
      ...(env.TWILIO_BASE_URL ? { httpClient: new RebasedRequestClient(env.TWILIO_BASE_URL) } : {}),
    });
    smsClients.set(key, client);
  }
  // The request messages.create() makes, with its errors (RestException), but without the
  // MessageInstance it builds from the answer: dayjs parsing its three dates with a custom
  // format was a third of the SDK's CPU, 1.5 % of the api's in a sellout.
  await client.api.v2010.create({
    uri: `/Accounts/${env.TWILIO_ACCOUNT_SID}/Messages.json`,
    method: 'post',
    data: { To: sms.to, From: env.TWILIO_FROM!, Body: sms.body },
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
  });
}

/** The embedded mode's stand-in for SMTP/Twilio: one JSON line per message. */
export async function logToOutbox(
  env: Pick<Env, 'DATA_DIR'>,
  entry: Record<string, unknown>,
): Promise<void> {
  const file = path.resolve(env.DATA_DIR, OUTBOX_LOG);
  await mkdir(path.dirname(file), { recursive: true });
  await appendFile(file, `${JSON.stringify({ at: new Date().toISOString(), ...entry })}\n`, 'utf8');
}
