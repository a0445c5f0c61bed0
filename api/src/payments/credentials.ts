// Provider credentials come from the operator settings (seeded from the environment on
// first start, edited in Ajustes, reloaded live). A method without them reports itself
// unavailable: publicly in GET /settings, and 503 when an order tries it anyway.
import { SERVER, type PaymentMethodAvailability } from '@vag/contracts';
import type { AppDeps } from '../context';
import type { SettingsDoc } from '@vag/core/db/settings';
import { apiError } from '../lib/errors';
import { currentSettings } from '@vag/core/settings/live-settings';

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

type Deps = Pick<AppDeps, 'env' | 'db' | 'settings'>;

const PAYPAL_SANDBOX = 'https://api-m.sandbox.paypal.com';
const PAYPAL_LIVE = 'https://api-m.paypal.com';

function paypalFrom(settings: SettingsDoc, env: AppDeps['env']): PayPalConfig | null {
  const { paypalClientId: clientId, paypalSecret: clientSecret, paypalMode } = settings.payment;
  if (!clientId || !clientSecret) return null;
  // PAYPAL_BASE_URL names another host only in tests (a local fake); otherwise the mode decides.
  const baseUrl =
    env.PAYPAL_BASE_URL !== PAYPAL_SANDBOX
      ? env.PAYPAL_BASE_URL
      : paypalMode === 'live'
        ? PAYPAL_LIVE
        : PAYPAL_SANDBOX;
  return { clientId, clientSecret, baseUrl };
}

function stripeFrom(settings: SettingsDoc, env: AppDeps['env']): StripeConfig | null {
  const { stripeSecretKey: secretKey, stripeWebhookSecret } = settings.payment;
  return secretKey
    ? { secretKey, webhookSecret: stripeWebhookSecret || undefined, apiUrl: env.STRIPE_API_URL }
    : null;
}

function payphoneFrom(settings: SettingsDoc, env: AppDeps['env']): PayPhoneConfig | null {
  const { payphoneToken: token, payphoneStoreId: storeId } = settings.payment;
  return token && storeId ? { token, storeId, baseUrl: env.PAYPHONE_BASE_URL } : null;
}

export async function paypalConfig(deps: Deps): Promise<PayPalConfig | null> {
  return paypalFrom(await currentSettings(deps), deps.env);
}

export async function stripeConfig(deps: Deps): Promise<StripeConfig | null> {
  return stripeFrom(await currentSettings(deps), deps.env);
}

export async function payphoneConfig(deps: Deps): Promise<PayPhoneConfig | null> {
  return payphoneFrom(await currentSettings(deps), deps.env);
}

/** Which methods can take an order now; a transfer needs at least one bank account. */
export function availableMethods(
  settings: SettingsDoc,
  env: AppDeps['env'],
): PaymentMethodAvailability {
  return {
    paypal: paypalFrom(settings, env) !== null,
    card: stripeFrom(settings, env) !== null,
    bank_transfer: settings.bankAccounts.length > 0,
    mobile: payphoneFrom(settings, env) !== null,
  };
}

/** The configured provider, or 503 'Método de pago no disponible'. */
export function required<T>(config: T | null): T {
  if (!config) throw apiError(503, SERVER.methodUnavailable);
  return config;
}
