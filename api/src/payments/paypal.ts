// PayPal Orders v2 through the official SDK. The SDK knows only PayPal's two hosts, so
// when PAYPAL_BASE_URL names another one (a local fake in tests and the benchmark)
// requests are rewritten to it on their way out; everything else, down to axios's Node
// adapter, is the call path a live shop takes.
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
  type Order,
} from '@paypal/paypal-server-sdk';
import axios, { type AxiosAdapter } from 'axios';
import type { PayPalConfig } from './credentials';

const SANDBOX = 'https://api-m.sandbox.paypal.com';
const LIVE = 'https://api-m.paypal.com';

const clients = new Map<string, { orders: OrdersController; payments: PaymentsController }>();

function controllersFor(config: PayPalConfig) {
  const key = `${config.baseUrl}|${config.clientId}|${config.clientSecret}`;
  let controllers = clients.get(key);
  if (!controllers) {
    const base = config.baseUrl.replace(/\/+$/, '');
    const environment = base === LIVE ? Environment.Production : Environment.Sandbox;
    const rewrite = base !== LIVE && base !== SANDBOX;
    const client = new Client({
      clientCredentialsAuthCredentials: {
        oAuthClientId: config.clientId,
        oAuthClientSecret: config.clientSecret,
      },
      environment,
      timeout: 15_000,
      ...(rewrite
        ? {
            unstable_httpClientOptions: { adapter: rewritingAdapter(SANDBOX, base) },
          }
        : {}),
    });
    controllers = {
      orders: new OrdersController(client),
      payments: new PaymentsController(client),
    };
    clients.set(key, controllers);
  }
  return controllers;
}

function orders(config: PayPalConfig): OrdersController {
  return controllersFor(config).orders;
}

/**
 * Gives a capture's money back (Payments v2 captures/{id}/refund), the whole amount. The
 * request id makes a repeat (a retry, a second click) answer the same refund.
 */
export async function refundPayPalCapture(
  config: PayPalConfig,
  captureId: string,
  requestId: string,
): Promise<string> {
  const { result } = await controllersFor(config).payments.refundCapturedPayment({
    captureId,
    paypalRequestId: requestId,
    prefer: 'return=minimal',
  });
  if (!result.id) throw new Error('PayPal answered a refund without an id');
  return result.id;
}

/**
 * Axios's Node adapter, the SDK's own in a live shop, sending to `to` what was meant for
 * `from`. (A fetch-based rewrite cost the api a tenth of its CPU in a sale: RESULTS run 20.)
 */
function rewritingAdapter(from: string, to: string): AxiosAdapter {
  const http = axios.getAdapter('http');
  return (config) =>
    http({
      ...config,
      url: config.url?.startsWith(from) ? to + config.url.slice(from.length) : config.url,
    });
}

export interface CreatedPayPalOrder {
  orderId: string;
  approveUrl: string;
}

export async function createPayPalOrder(
  config: PayPalConfig,
  order: {
    purchaseId: string;
    amount: number;
    description: string;
    returnUrl: string;
    cancelUrl: string;
  },
): Promise<CreatedPayPalOrder> {
  const { result } = await orders(config).createOrder({
    paypalRequestId: `create-${order.purchaseId}`,
    prefer: 'return=representation',
    body: {
      intent: CheckoutPaymentIntent.Capture,
      purchaseUnits: [
        {
          referenceId: order.purchaseId,
          customId: order.purchaseId,
          invoiceId: order.purchaseId,
          description: order.description.slice(0, 127),
          amount: { currencyCode: 'USD', value: order.amount.toFixed(2) },
        },
      ],
      paymentSource: {
        paypal: {
          experienceContext: {
            returnUrl: order.returnUrl,
            cancelUrl: order.cancelUrl,
            locale: 'es-EC',
            userAction: PaypalExperienceUserAction.PayNow,
          },
        },
      },
    },
  });
  const approveUrl = result.links?.find(
    (l) => l.rel === 'payer-action' || l.rel === 'approve',
  )?.href;
  if (!result.id || !approveUrl) throw new Error('PayPal order without id or approve link');
  return { orderId: result.id, approveUrl };
}

export interface PayPalCapture {
  status: string;
  /** Dollars captured (sum of the captures of the first unit). */
  amount: number;
  currency: string;
  captureId: string | null;
  customId: string | null;
}

function captureOf(order: Order): PayPalCapture {
  const unit = order.purchaseUnits?.[0];
  const captures = unit?.payments?.captures ?? [];
  const amount = captures
    .filter((c) => c.status === 'COMPLETED')
    .reduce((sum, c) => sum + Number(c.amount?.value ?? 0), 0);
  return {
    status: order.status ?? 'UNKNOWN',
    amount: Math.round(amount * 100) / 100,
    currency: captures[0]?.amount?.currencyCode ?? unit?.amount?.currencyCode ?? 'USD',
    captureId: captures[0]?.id ?? null,
    customId: unit?.customId ?? captures[0]?.customId ?? null,
  };
}

export type CaptureOutcome =
  { kind: 'captured'; capture: PayPalCapture } | { kind: 'not_approved'; issue: string };

/**
 * Captures an approved order. PayPal-Request-Id makes our own replays answer the same
 * capture; an ORDER_ALREADY_CAPTURED answer (another request id) is resolved by reading
 * the order, which then carries the completed capture.
 */
export async function capturePayPalOrder(
  config: PayPalConfig,
  orderId: string,
  purchaseId: string,
): Promise<CaptureOutcome> {
  try {
    const { result } = await orders(config).captureOrder({
      id: orderId,
      paypalRequestId: `capture-${purchaseId}`,
      prefer: 'return=representation',
    });
    return { kind: 'captured', capture: captureOf(result) };
  } catch (error) {
    const issue = paypalIssue(error);
    if (issue === 'ORDER_ALREADY_CAPTURED') {
      const { result } = await orders(config).getOrder({ id: orderId });
      return { kind: 'captured', capture: captureOf(result) };
    }
    if (issue) return { kind: 'not_approved', issue };
    throw error;
  }
}

/** The `details[0].issue` of a PayPal 4xx (ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED, …). */
function paypalIssue(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.statusCode >= 500) return null;
  const body = typeof error.body === 'string' ? safeJson(error.body) : null;
  const details = (body as { details?: Array<{ issue?: string }> } | null)?.details;
  return details?.[0]?.issue ?? `HTTP_${error.statusCode}`;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
