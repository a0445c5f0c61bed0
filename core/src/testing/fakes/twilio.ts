// A local Twilio answering the Messages endpoint the official SDK posts to; it records
// every SMS and WhatsApp message so tests can read what a buyer's phone would receive.
// The WhatsApp side follows Twilio's: a `whatsapp:` From/To pair, approved content
// templates (ContentSid + ContentVariables, no Body), media a template names fetched
// the way WhatsApp does (no cookies, no session), Twilio's error codes, and status
// callbacks signed with the account's auth token (X-Twilio-Signature).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { formField, startFakeHttpServer, type FakeHttpServer, type FakeResponse } from './http';

export interface FakeSms {
  sid: string;
  to: string;
  from: string;
  body: string;
  /** 'whatsapp' when sent with a `whatsapp:` To. */
  channel: 'sms' | 'whatsapp';
  contentSid?: string;
  contentVariables?: Record<string, string>;
  statusCallback?: string;
  /** The template's media as fetched when the message was accepted. */
  media?: FakeMediaFetch;
}

export interface FakeRefusal {
  /** E.164, without the `whatsapp:` prefix. */
  to: string;
  code: number;
}

export interface FakeMediaFetch {
  url: string;
  status: number;
  contentType: string;
  bytes: Buffer;
}

/** An approved template: its text with {{n}} placeholders and, for twilio/media, its URL. */
export interface FakeTemplate {
  body: string;
  mediaUrl?: string;
}

export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  /** The WhatsApp sender the fake accepts, with its prefix. */
  whatsappFrom: string;
  messages: FakeSms[];
  /** WhatsApp sends refused with a permanent error, in order (no message is kept for them). */
  refusals: FakeRefusal[];
  /** The next `count` sends answer 500 (Twilio having a bad moment). */
  failNext(count: number): void;
  /** Approves a content template (any other ContentSid is refused with 63027). */
  approveTemplate(sid: string, template: FakeTemplate): void;
  /** Sends to this number on WhatsApp fail with `code` (63003: not on WhatsApp, …). */
  failWhatsappTo(phone: string, code: number): void;
  /**
   * About `share` (0..1) of all WhatsApp numbers are refused for good, each always with the
   * same one of `codes` (chosen by the number, so a retry fails alike): the share of a
   * sale's buyers whose number is not on WhatsApp or has no opt-in.
   */
  failWhatsappShare(share: number, codes: readonly number[]): void;
  /** Posts a signed status callback for a message, as Twilio does as it progresses. */
  reportStatus(sid: string, status: string, errorCode?: number): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Twilio's request signature: HMAC-SHA1 with the auth token over the full URL followed by
 * each POST parameter's name and value, sorted by name, in base64.
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

const error = (status: number, code: number, message: string): FakeResponse => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

/** `replyDelayMs` holds each answer that long, as Twilio's API takes its time. */
export async function startFakeTwilio(
  options: { replyDelayMs?: number } = {},
): Promise<FakeTwilio> {
  const delay = options.replyDelayMs ?? 0;
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const from = '+15005550006';
  const whatsappFrom = 'whatsapp:+14155238886';
  const messages: FakeSms[] = [];
  const templates = new Map<string, FakeTemplate>();
  const whatsappFailures = new Map<string, number>();
  const refusals: FakeRefusal[] = [];
  let shareFailing: { share: number; codes: readonly number[] } | null = null;
  let failures = 0;

  /** The permanent error this number meets on WhatsApp, if any. */
  const whatsappFailure = (to: string): number | undefined => {
    const code = whatsappFailures.get(to);
    if (code !== undefined || !shareFailing?.codes.length) return code;
    const x = createHash('sha256').update(to).digest().readUInt32BE(0) / 2 ** 32;
    if (x >= shareFailing.share) return undefined;
    return shareFailing.codes[Math.floor((x / shareFailing.share) * shareFailing.codes.length)];
  };

  const accept = async (req: { body: unknown }): Promise<FakeResponse> => {
    const field = (key: string) => formField(req.body, key);
    const rawTo = field('To') ?? '';
    const channel = rawTo.startsWith('whatsapp:') ? 'whatsapp' : 'sms';
    const to = rawTo.replace(/^whatsapp:/, '');
    const sender = field('From') ?? '';
    if (!/^\+\d{8,15}$/.test(to))
      return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if ((channel === 'whatsapp') !== sender.startsWith('whatsapp:'))
      return error(
        400,
        21910,
        'Invalid From and To pair. From and To should be of the same channel',
      );
    const message: FakeSms = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      to: rawTo,
      from: sender,
      body: field('Body') ?? '',
      channel,
      ...(field('StatusCallback') ? { statusCallback: field('StatusCallback') } : {}),
    };
    if (channel === 'whatsapp') {
      const problem = await whatsappContent(
        message,
        field('ContentSid'),
        field('ContentVariables'),
      );
      if (problem) return problem;
      const code = whatsappFailure(to);
      if (code !== undefined) {
        refusals.push({ to, code });
        return error(400, code, `WhatsApp error ${code} for ${to}`);
      }
    }
    messages.push(message);
    const now = new Date().toUTCString();
    return {
      status: 201,
      body: {
        sid: message.sid,
        account_sid: accountSid,
        to: message.to,
        from: message.from,
        body: message.body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: now,
        date_updated: now,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
      },
    };
  };

  /** Business-initiated WhatsApp needs an approved template; its media is fetched now. */
  async function whatsappContent(
    message: FakeSms,
    contentSid: string | undefined,
    rawVariables: string | undefined,
  ): Promise<FakeResponse | null> {
    if (!contentSid)
      return error(400, 63016, 'Outside the allowed window: use a Message Template instead.');
    const template = templates.get(contentSid);
    if (!template)
      return error(400, 63027, `Template ${contentSid} does not exist or is not approved`);
    let variables: Record<string, string>;
    try {
      variables = rawVariables ? (JSON.parse(rawVariables) as Record<string, string>) : {};
    } catch {
      return error(400, 21656, 'The ContentVariables Parameter is invalid.');
    }
    const fill = (text: string) =>
      text.replace(/\{\{(\d+)\}\}/g, (_, n: string) => variables[n] ?? '');
    message.contentSid = contentSid;
    message.contentVariables = variables;
    message.body = fill(template.body);
    if (template.mediaUrl) message.media = await fetchMedia(fill(template.mediaUrl));
    return null;
  }

  const server: FakeHttpServer = await startFakeHttpServer(async (req) => {
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected)
      return { status: 401, body: { code: 20003, message: 'Authenticate', status: 401 } };
    if (req.method === 'POST' && req.path === `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
      if (failures > 0) {
        failures--;
        return error(500, 20500, 'Internal Server Error');
      }
      return accept(req);
    }
    return error(404, 20404, 'The requested resource was not found');
  });

  return {
    url: server.url,
    accountSid,
    authToken,
    from,
    whatsappFrom,
    messages,
    refusals,
    failNext(count) {
      failures = count;
    },
    approveTemplate(sid, template) {
      templates.set(sid, template);
    },
    failWhatsappTo(phone, code) {
      whatsappFailures.set(phone, code);
    },
    failWhatsappShare(share, codes) {
      shareFailing = { share, codes };
    },
    async reportStatus(sid, status, errorCode) {
      const message = messages.find((m) => m.sid === sid);
      if (!message?.statusCallback) throw new Error(`no status callback for ${sid}`);
      const params: Record<string, string> = {
        AccountSid: accountSid,
        MessageSid: sid,
        SmsSid: sid,
        MessageStatus: status,
        SmsStatus: status,
        To: message.to,
        From: message.from,
        ApiVersion: '2010-04-01',
        ...(errorCode !== undefined ? { ErrorCode: String(errorCode) } : {}),
      };
      const res = await fetch(message.statusCallback, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(authToken, message.statusCallback, params),
        },
        body: new URLSearchParams(params).toString(),
      });
      await res.arrayBuffer();
      return res.status;
    },
    stop: () => server.stop(),
  };
}

/** WhatsApp's fetch of a template's media: a plain GET, no cookies, redirects followed. */
async function fetchMedia(url: string): Promise<FakeMediaFetch> {
  try {
    const res = await fetch(url, { redirect: 'follow' });
    return {
      url,
      status: res.status,
      contentType: res.headers.get('content-type') ?? '',
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  } catch {
    return { url, status: 0, contentType: '', bytes: Buffer.alloc(0) };
  }
}
