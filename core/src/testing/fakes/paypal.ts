// A local PayPal that speaks the Orders v2 endpoints the official SDK calls: OAuth token,
// create, get and capture (with PayPal-Request-Id replays and ORDER_ALREADY_CAPTURED).
// `approve(orderId)` plays the buyer clicking "Pay" on PayPal's page.
import { randomBytes } from 'node:crypto';
import { startFakeHttpServer, type FakeHttpServer, type FakeResponse } from './http';

interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  amount: { currency_code: string; value: string };
  customId?: string;
  invoiceId?: string;
  referenceId?: string;
  usedPaymentSource: boolean;
  captureId?: string;
  /** Amount the capture reports (tests may tamper with it). */
  capturedValue?: string;
}

export interface FakePayPal {
  url: string;
  clientId: string;
  clientSecret: string;
  orders: Map<string, FakeOrder>;
  /** The buyer approves the order on PayPal's page. */
  approve(orderId: string): void;
  /** The next capture of this order reports another amount (a tampered or partial payment). */
  setCapturedAmount(orderId: string, value: string): void;
  /** The next `count` order creations answer 500. */
  failNextCreates(count: number): void;
  captureCalls(orderId: string): number;
  /**
   * What every capture call met, in order: `captured` (the one that took the money),
   * `replayed` (same PayPal-Request-Id, the stored answer again), `already-captured`,
   * `not-approved`, `unknown-order`. The chaos sellout counts captures per order here.
   */
  captureLog: Array<{ orderId: string; outcome: CaptureOutcome }>;
  /**
   * Fault switch at the HTTP boundary of the Orders API (the OAuth token endpoint keeps
   * working): `error` answers every call 500, `timeout` holds every call until the fault
   * is switched off and only then handles it (the caller has usually given up by then,
   * but the order changed all the same, as at a real provider), `none` is normal.
   */
  setFault(fault: PayPalFault): void;
  /** Refunds of captures (POST /v2/payments/captures/{id}/refund), one per PayPal-Request-Id. */
  refunds: Array<{ id: string; captureId: string; value: string }>;
  stop(): Promise<void>;
}

export type PayPalFault = 'none' | 'error' | 'timeout';
export type CaptureOutcome =
  'captured' | 'replayed' | 'already-captured' | 'not-approved' | 'unknown-order';

const id = () => randomBytes(8).toString('hex').toUpperCase().slice(0, 17);

export async function startFakePayPal(): Promise<FakePayPal> {
  const clientId = `fake-client-${id()}`;
  const clientSecret = `fake-secret-${id()}`;
  const orders = new Map<string, FakeOrder>();
  const createReplies = new Map<string, FakeResponse>();
  const captureReplies = new Map<string, FakeResponse>();
  const captures = new Map<string, number>();
  const refunds: FakePayPal['refunds'] = [];
  const refundReplies = new Map<string, FakeResponse>();
  let failCreates = 0;
  const captureLog: FakePayPal['captureLog'] = [];
  let fault: PayPalFault = 'none';
  // Calls held by a `timeout` fault wait on this; switching the fault off releases them.
  let release: Promise<void> = Promise.resolve();
  let releaseHeld: () => void = () => undefined;
  const base = () => server.url;

  const orderBody = (o: FakeOrder) => {
    const approveRel = o.usedPaymentSource ? 'payer-action' : 'approve';
    const unit: Record<string, unknown> = {
      reference_id: o.referenceId ?? 'default',
      amount: o.amount,
      custom_id: o.customId,
      invoice_id: o.invoiceId,
    };
    if (o.status === 'COMPLETED') {
      unit.payments = {
        captures: [
          {
            id: o.captureId,
            status: 'COMPLETED',
            amount: {
              currency_code: o.amount.currency_code,
              value: o.capturedValue ?? o.amount.value,
            },
            custom_id: o.customId,
            invoice_id: o.invoiceId,
            final_capture: true,
          },
        ],
      };
    }
    return {
      id: o.id,
      intent: 'CAPTURE',
      status: o.status,
      purchase_units: [unit],
      links: [
        { href: `${base()}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
        { href: `${base()}/checkoutnow?token=${o.id}`, rel: approveRel, method: 'GET' },
        { href: `${base()}/v2/checkout/orders/${o.id}/capture`, rel: 'capture', method: 'POST' },
      ],
    };
  };
  const unprocessable = (issue: string): FakeResponse => ({
    status: 422,
    body: {
      name: 'UNPROCESSABLE_ENTITY',
      message: 'The requested action could not be performed.',
      debug_id: id(),
      details: [{ issue, description: issue }],
    },
  });
  const notFound: FakeResponse = {
    status: 404,
    body: {
      name: 'RESOURCE_NOT_FOUND',
      message: 'The specified resource does not exist.',
      debug_id: id(),
      details: [{ issue: 'INVALID_RESOURCE_ID' }],
    },
  };

  const internalError = (): FakeResponse => ({
    status: 500,
    body: {
      name: 'INTERNAL_SERVER_ERROR',
      message: 'An internal server error has occurred.',
      debug_id: id(),
      details: [],
    },
  });

  const server: FakeHttpServer = await startFakeHttpServer(async (req) => {
    const auth = req.headers.authorization ?? '';
    if (req.method === 'POST' && req.path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (auth !== expected)
        return {
          status: 401,
          body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
        };
      return {
        body: {
          scope: 'https://uri.paypal.com/services/payments',
          access_token: `A21.${id()}`,
          token_type: 'Bearer',
          app_id: 'APP-FAKE',
          expires_in: 32400,
          nonce: id(),
        },
      };
    }
    if (!auth.startsWith('Bearer A21.'))
      return {
        status: 401,
        body: { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed', details: [] },
      };
    if (fault === 'error') return internalError();
    if (fault === 'timeout') await release;
    const requestId =
      typeof req.headers['paypal-request-id'] === 'string'
        ? req.headers['paypal-request-id']
        : undefined;

    if (req.method === 'POST' && req.path === '/v2/checkout/orders') {
      if (requestId && createReplies.has(requestId)) return createReplies.get(requestId)!;
      if (failCreates > 0) {
        failCreates--;
        return internalError();
      }
      const body = req.body as {
        purchase_units?: Array<{
          amount?: { value?: unknown; currency_code?: string };
          custom_id?: string;
          invoice_id?: string;
          reference_id?: string;
        }>;
        payment_source?: { paypal?: unknown };
      };
      const unit = body.purchase_units?.[0];
      if (!unit?.amount?.value || !/^\d+(\.\d{1,2})?$/.test(String(unit.amount.value)))
        return unprocessable('INVALID_PARAMETER_VALUE');
      const order: FakeOrder = {
        id: id(),
        status: 'CREATED',
        amount: {
          currency_code: unit.amount.currency_code ?? 'USD',
          value: String(unit.amount.value),
        },
        customId: unit.custom_id,
        invoiceId: unit.invoice_id,
        referenceId: unit.reference_id,
        usedPaymentSource: Boolean(body.payment_source?.paypal),
      };
      orders.set(order.id, order);
      const reply: FakeResponse = { status: 201, body: orderBody(order) };
      if (requestId) createReplies.set(requestId, reply);
      return reply;
    }
    const get = req.path.match(/^\/v2\/checkout\/orders\/([^/]+)$/);
    if (req.method === 'GET' && get) {
      const order = orders.get(get[1]!);
      return order ? { body: orderBody(order) } : notFound;
    }
    const capture = req.path.match(/^\/v2\/checkout\/orders\/([^/]+)\/capture$/);
    if (req.method === 'POST' && capture) {
      const orderId = capture[1]!;
      captures.set(orderId, (captures.get(orderId) ?? 0) + 1);
      const replayKey = `${orderId}:${requestId}`;
      const log = (outcome: CaptureOutcome) => captureLog.push({ orderId, outcome });
      if (requestId && captureReplies.has(replayKey)) {
        log('replayed');
        return captureReplies.get(replayKey)!;
      }
      const order = orders.get(orderId);
      if (!order) {
        log('unknown-order');
        return notFound;
      }
      if (order.status === 'COMPLETED') {
        log('already-captured');
        return unprocessable('ORDER_ALREADY_CAPTURED');
      }
      if (order.status !== 'APPROVED') {
        log('not-approved');
        return unprocessable('ORDER_NOT_APPROVED');
      }
      log('captured');
      order.status = 'COMPLETED';
      order.captureId = id();
      const reply: FakeResponse = { status: 201, body: orderBody(order) };
      if (requestId) captureReplies.set(replayKey, reply);
      return reply;
    }
    const refund = req.path.match(/^\/v2\/payments\/captures\/([^/]+)\/refund$/);
    if (req.method === 'POST' && refund) {
      const captureId = refund[1]!;
      if (requestId && refundReplies.has(requestId)) return refundReplies.get(requestId)!;
      const order = [...orders.values()].find((o) => o.captureId === captureId);
      if (!order) return notFound;
      if (refunds.some((r) => r.captureId === captureId))
        return unprocessable('CAPTURE_FULLY_REFUNDED');
      const made = { id: id(), captureId, value: order.capturedValue ?? order.amount.value };
      refunds.push(made);
      const reply: FakeResponse = {
        status: 201,
        body: {
          id: made.id,
          status: 'COMPLETED',
          amount: { currency_code: order.amount.currency_code, value: made.value },
        },
      };
      if (requestId) refundReplies.set(requestId, reply);
      return reply;
    }
    return {
      status: 404,
      body: { name: 'NOT_FOUND', message: `fake PayPal has no ${req.method} ${req.path}` },
    };
  });

  return {
    url: server.url,
    clientId,
    clientSecret,
    orders,
    approve(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake PayPal: unknown order ${orderId}`);
      if (order.status === 'CREATED') order.status = 'APPROVED';
    },
    setCapturedAmount(orderId, value) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake PayPal: unknown order ${orderId}`);
      order.capturedValue = value;
    },
    failNextCreates(count) {
      failCreates = count;
    },
    captureCalls: (orderId) => captures.get(orderId) ?? 0,
    captureLog,
    refunds,
    setFault(next) {
      if (next === 'timeout' && fault !== 'timeout')
        release = new Promise<void>((resolve) => (releaseHeld = resolve));
      if (next !== 'timeout') releaseHeld();
      fault = next;
    },
    stop: () => {
      releaseHeld();
      return server.stop();
    },
  };
}
