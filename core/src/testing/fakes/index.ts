// Local stand-ins for every external provider, speaking their HTTP/SMTP APIs, so the
// real SDK call paths run in tests. `env` plugs them into startTestServer({ env }).
import { startFakePayPal, type FakePayPal } from './paypal';
import { startFakePayPhone, type FakePayPhone } from './payphone';
import { startFakeSmtp, type FakeSmtp } from './smtp';
import { startFakeStripe, type FakeStripe } from './stripe';
import { startFakeTwilio, type FakeTwilio } from './twilio';

export type { FakePayPal, FakePayPhone, FakeSmtp, FakeStripe, FakeTwilio };
export { decodeQuotedPrintable } from './smtp';

export interface FakeProviders {
  env: Record<string, string>;
  paypal: FakePayPal;
  payphone: FakePayPhone;
  stripe: FakeStripe;
  twilio: FakeTwilio;
  smtp: FakeSmtp;
  stop(): Promise<void>;
}

/** `messageDelayMs`: how long the SMTP and Twilio fakes take to accept a message (default 0). */
export async function startFakeProviders(
  options: { messageDelayMs?: number } = {},
): Promise<FakeProviders> {
  const replyDelayMs = options.messageDelayMs ?? 0;
  const [paypal, payphone, stripe, twilio, smtp] = await Promise.all([
    startFakePayPal(),
    startFakePayPhone(),
    startFakeStripe(),
    startFakeTwilio({ replyDelayMs }),
    startFakeSmtp({ replyDelayMs }),
  ]);
  return {
    env: {
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_BASE_URL: paypal.url,
      PAYPHONE_TOKEN: payphone.token,
      PAYPHONE_STORE_ID: payphone.storeId,
      PAYPHONE_BASE_URL: payphone.url,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: twilio.from,
      TWILIO_BASE_URL: twilio.url,
      SMTP_URL: smtp.url,
    },
    paypal,
    payphone,
    stripe,
    twilio,
    smtp,
    stop: async () => {
      await Promise.all([
        paypal.stop(),
        payphone.stop(),
        stripe.stop(),
        twilio.stop(),
        smtp.stop(),
      ]);
    },
  };
}
