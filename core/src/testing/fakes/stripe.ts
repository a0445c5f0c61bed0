// A local, stateful Stripe for Checkout Sessions (stripe-mock is stateless: its sessions
// never become paid). Speaks the form-encoded /v1/checkout/sessions API the official SDK
// calls, honours Idempotency-Key, and signs `checkout.session.completed` webhooks.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { formField, startFakeHttpServer, type FakeHttpServer, type FakeResponse } from './http';

interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string | null;
  cancel_url: string | null;
  url: string;
  created: number;
  livemode: false;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeSession>;
  /** The buyer pays on Stripe's page. */
  pay(sessionId: string, amountTotal?: number): void;
  /** A signed `checkout.session.completed` webhook delivery for the session. */
  signedCompletedEvent(sessionId: string): { payload: string; signature: string };
  failNextCreates(count: number): void;
  /** Refunds made (POST /v1/refunds), one per distinct Idempotency-Key. */
  refunds: Array<{ id: string; payment_intent: string; amount: number }>;
  stop(): Promise<void>;
}

const token = (n = 12) => randomBytes(n).toString('hex');

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_fake${token()}`;
  const webhookSecret = `whsec_fake${token()}`;
  const sessions = new Map<string, FakeSession>();
  const replies = new Map<string, FakeResponse>();
  const refunds: FakeStripe['refunds'] = [];
  let failCreates = 0;

  const notFound = (what: string): FakeResponse => ({
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such checkout.session: '${what}'`,
      },
    },
  });

  const server: FakeHttpServer = await startFakeHttpServer((req) => {
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return {
        status: 401,
        body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
      };
    }
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
      const key =
        typeof req.headers['idempotency-key'] === 'string'
          ? req.headers['idempotency-key']
          : undefined;
      if (key && replies.has(key)) return replies.get(key)!;
      if (failCreates > 0) {
        failCreates--;
        return {
          status: 500,
          body: { error: { type: 'api_error', message: 'fake Stripe failure' } },
        };
      }
      const unitAmount = Number(formField(req.body, 'line_items[0][price_data][unit_amount]'));
      const quantity = Number(formField(req.body, 'line_items[0][quantity]') ?? '1');
      if (!Number.isInteger(unitAmount) || unitAmount <= 0) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              param: 'line_items[0][price_data][unit_amount]',
              message: 'Invalid integer',
            },
          },
        };
      }
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries((req.body ?? {}) as Record<string, string>)) {
        const m = k.match(/^metadata\[(.+)\]$/);
        if (m) metadata[m[1]!] = v;
      }
      const id = `cs_test_${token(16)}`;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: unitAmount * quantity,
        currency: formField(req.body, 'line_items[0][price_data][currency]') ?? 'usd',
        client_reference_id: formField(req.body, 'client_reference_id') ?? null,
        metadata,
        payment_intent: null,
        success_url: formField(req.body, 'success_url') ?? null,
        cancel_url: formField(req.body, 'cancel_url') ?? null,
        url: `${server.url}/c/pay/${id}`,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      sessions.set(id, session);
      const reply: FakeResponse = { body: session };
      if (key) replies.set(key, reply);
      return reply;
    }
    if (req.method === 'POST' && req.path === '/v1/refunds') {
      const key =
        typeof req.headers['idempotency-key'] === 'string'
          ? req.headers['idempotency-key']
          : undefined;
      if (key && replies.has(key)) return replies.get(key)!;
      const intent = formField(req.body, 'payment_intent') ?? '';
      const session = [...sessions.values()].find((s) => s.payment_intent === intent);
      if (!session)
        return {
          status: 404,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such payment_intent: '${intent}'`,
            },
          },
        };
      if (refunds.some((r) => r.payment_intent === intent))
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: 'Charge has already been refunded.',
            },
          },
        };
      const refund = {
        id: `re_${token(12)}`,
        object: 'refund',
        payment_intent: intent,
        amount: Number(formField(req.body, 'amount') ?? session.amount_total),
        currency: session.currency,
        status: 'succeeded',
      };
      refunds.push(refund);
      const reply: FakeResponse = { body: refund };
      if (key) replies.set(key, reply);
      return reply;
    }
    const get = req.path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (req.method === 'GET' && get) {
      const session = sessions.get(get[1]!);
      return session ? { body: session } : notFound(get[1]!);
    }
    return {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${req.path})`,
        },
      },
    };
  });

  const stripe = new Stripe(secretKey);
  return {
    url: server.url,
    secretKey,
    webhookSecret,
    sessions,
    pay(sessionId, amountTotal) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake Stripe: unknown session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = `pi_${token(12)}`;
      if (amountTotal !== undefined) session.amount_total = amountTotal;
    },
    signedCompletedEvent(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake Stripe: unknown session ${sessionId}`);
      const payload = JSON.stringify({
        id: `evt_${token(12)}`,
        object: 'event',
        api_version: '2025-09-30.clover',
        created: Math.floor(Date.now() / 1000),
        type: 'checkout.session.completed',
        data: { object: session },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
      return {
        payload,
        signature: stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      };
    },
    failNextCreates(count) {
      failCreates = count;
    },
    refunds,
    stop: () => server.stop(),
  };
}
