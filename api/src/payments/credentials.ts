// Provider credentials: the environment first, then the keys staff saved in the
// settings screen. A method without credentials reports itself unavailable (503).
import { SERVER } from '@vag/contracts';
import type { AppDeps } from '../context';
import { getSettings } from '../db/settings';
import { apiError } from '../lib/errors';

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
}
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string | undefined;
  apiUrl: string | undefined;
}
export interface PayPhoneConfig {
  token: string;
  storeId: string;
  baseUrl: string;
}

export async function paypalConfig(
  deps: Pick<AppDeps, 'env' | 'db'>,
): Promise<PayPalConfig | null> {
  const { env } = deps;
  let clientId = env.PAYPAL_CLIENT_ID;
  let clientSecret = env.PAYPAL_CLIENT_SECRET;
  if (!clientId || !clientSecret) {
    const { payment } = await getSettings(deps.db);
    clientId = payment.paypalClientId || undefined;
    clientSecret = payment.paypalSecret || undefined;
  }
  return clientId && clientSecret ? { clientId, clientSecret, baseUrl: env.PAYPAL_BASE_URL } : null;
}

export async function stripeConfig(
  deps: Pick<AppDeps, 'env' | 'db'>,
): Promise<StripeConfig | null> {
  const { env } = deps;
  const secretKey =
    env.STRIPE_SECRET_KEY || (await getSettings(deps.db)).payment.stripeSecretKey || undefined;
  return secretKey
    ? { secretKey, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL }
    : null;
}

export function payphoneConfig(deps: Pick<AppDeps, 'env'>): PayPhoneConfig | null {
  const {
    PAYPHONE_TOKEN: token,
    PAYPHONE_STORE_ID: storeId,
    PAYPHONE_BASE_URL: baseUrl,
  } = deps.env;
  return token && storeId ? { token, storeId, baseUrl } : null;
}

/** The configured provider, or 503 'Método de pago no disponible'. */
export function required<T>(config: T | null): T {
  if (!config) throw apiError(503, SERVER.methodUnavailable);
  return config;
}
