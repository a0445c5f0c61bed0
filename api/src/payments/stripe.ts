// Stripe Checkout through the official SDK; STRIPE_API_URL points it at stripe-mock or a
// local fake in tests.
import Stripe from 'stripe';
import type { StripeConfig } from './credentials';

const clients = new Map<string, Stripe>();

function stripe(config: StripeConfig): Stripe {
  const key = `${config.apiUrl ?? ''}|${config.secretKey}`;
  let client = clients.get(key);
  if (!client) {
    const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 15_000 };
    if (config.apiUrl) {
      const url = new URL(config.apiUrl);
      options.host = url.hostname;
      options.port = url.port || (url.protocol === 'https:' ? 443 : 80);
      options.protocol = url.protocol === 'https:' ? 'https' : 'http';
    }
    client = new Stripe(config.secretKey, options);
    clients.set(key, client);
  }
  return client;
}

export interface CreatedSession {
  sessionId: string;
  checkoutUrl: string;
}

export async function createCheckoutSession(
  config: StripeConfig,
  order: {
    purchaseId: string;
    amountCents: number;
    description: string;
    email: string;
    successUrl: string;
    cancelUrl: string;
  },
): Promise<CreatedSession> {
  const session = await stripe(config).checkout.sessions.create(
    {
      mode: 'payment',
      client_reference_id: order.purchaseId,
      metadata: { purchaseId: order.purchaseId },
      customer_email: order.email,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: order.amountCents,
            product_data: { name: order.description },
          },
        },
      ],
      success_url: order.successUrl,
      cancel_url: order.cancelUrl,
    },
    { idempotencyKey: `create-${order.purchaseId}` },
  );
  if (!session.url) throw new Error('Stripe session without url');
  return { sessionId: session.id, checkoutUrl: session.url };
}

export interface SessionState {
  sessionId: string;
  paid: boolean;
  amountCents: number | null;
  purchaseId: string | null;
  paymentIntentId: string | null;
  status: string;
}

export function sessionState(session: Stripe.Checkout.Session): SessionState {
  return {
    sessionId: session.id,
    paid: session.payment_status === 'paid',
    amountCents: session.amount_total ?? null,
    purchaseId: session.metadata?.purchaseId ?? session.client_reference_id ?? null,
    paymentIntentId:
      typeof session.payment_intent === 'string'
        ? session.payment_intent
        : (session.payment_intent?.id ?? null),
    status: session.payment_status,
  };
}

export async function retrieveSession(
  config: StripeConfig,
  sessionId: string,
): Promise<SessionState | null> {
  try {
    return sessionState(await stripe(config).checkout.sessions.retrieve(sessionId));
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
      return null;
    throw error;
  }
}

/** Verifies the signature of a webhook delivery; throws when it is not Stripe's. */
export function verifyWebhook(
  config: StripeConfig & { webhookSecret: string },
  rawBody: string,
  signature: string,
): Stripe.Event {
  return stripe(config).webhooks.constructEvent(rawBody, signature, config.webhookSecret);
}

/**
 * Gives a Checkout payment's money back (the whole amount). The idempotency key makes a
 * repeat (a retry, a second click) answer the same refund.
 */
export async function refundStripePayment(
  config: StripeConfig,
  paymentIntentId: string,
  idempotencyKey: string,
): Promise<string> {
  const refund = await stripe(config).refunds.create(
    { payment_intent: paymentIntentId },
    { idempotencyKey },
  );
  return refund.id;
}
