// A local Twilio answering the Messages endpoint the official SDK posts to; it records
// every SMS so tests can read what a buyer's phone would receive.
import { randomBytes } from 'node:crypto';
import { formField, startFakeHttpServer, type FakeHttpServer } from './http';

export interface FakeSms {
  sid: string;
  to: string;
  from: string;
  body: string;
}

export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  messages: FakeSms[];
  /** The next `count` sends answer 500 (Twilio having a bad moment). */
  failNext(count: number): void;
  stop(): Promise<void>;
}

/** `replyDelayMs` holds each answer that long, as Twilio's API takes its time. */
export async function startFakeTwilio(
  options: { replyDelayMs?: number } = {},
): Promise<FakeTwilio> {
  const delay = options.replyDelayMs ?? 0;
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const from = '+15005550006';
  const messages: FakeSms[] = [];
  let failures = 0;

  const server: FakeHttpServer = await startFakeHttpServer(async (req) => {
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected)
      return { status: 401, body: { code: 20003, message: 'Authenticate', status: 401 } };
    if (req.method === 'POST' && req.path === `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
      if (failures > 0) {
        failures--;
        return {
          status: 500,
          body: { code: 20500, message: 'Internal Server Error', status: 500 },
        };
      }
      const to = formField(req.body, 'To') ?? '';
      if (!/^\+\d{8,15}$/.test(to))
        return {
          status: 400,
          body: {
            code: 21211,
            message: `The 'To' number ${to} is not a valid phone number.`,
            status: 400,
          },
        };
      const sms: FakeSms = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        to,
        from: formField(req.body, 'From') ?? '',
        body: formField(req.body, 'Body') ?? '',
      };
      messages.push(sms);
      const now = new Date().toUTCString();
      return {
        status: 201,
        body: {
          sid: sms.sid,
          account_sid: accountSid,
          to: sms.to,
          from: sms.from,
          body: sms.body,
          status: 'queued',
          num_segments: '1',
          direction: 'outbound-api',
          api_version: '2010-04-01',
          date_created: now,
          date_updated: now,
          uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sms.sid}.json`,
        },
      };
    }
    return {
      status: 404,
      body: { code: 20404, message: 'The requested resource was not found', status: 404 },
    };
  });

  return {
    url: server.url,
    accountSid,
    authToken,
    from,
    messages,
    failNext(count) {
      failures = count;
    },
    stop: () => server.stop(),
  };
}
