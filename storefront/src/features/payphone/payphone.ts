// /payphone-box.html: turns the query parameters the checkout sent (SPEC §7) into the
// configuration of PayPhone's payment box, and loads PayPhone's script.
import { CURRENCY } from '@vag/contracts';

export const PAYPHONE_BOX_CSS =
  'https://cdn.payphonetodoesposible.com/box/v2.0/payphone-payment-box.css';
export const PAYPHONE_BOX_JS =
  'https://cdn.payphonetodoesposible.com/box/v2.0/payphone-payment-box.js';
/** Give up waiting for PayPhone's script after this long and say so. */
export const SCRIPT_TIMEOUT_MS = 10_000;

export interface PayphoneBoxConfig {
  token: string;
  clientTransactionId: string;
  amount: number;
  amountWithoutTax: number;
  amountWithTax: number;
  tax: number;
  service: number;
  tip: number;
  currency: string;
  storeId: string;
  reference: string;
  lang: 'es';
  timeZone: number;
  phoneNumber: string;
  email: string;
  documentId: string;
  identificationType: number;
}

const REQUIRED = ['transaction', 'token', 'storeId', 'amount'] as const;

/** The box configuration, or the list of missing parameters. */
export function boxConfigFromParams(
  search: string,
): { ok: true; config: PayphoneBoxConfig } | { ok: false; missing: string[] } {
  const params = new URLSearchParams(search);
  const missing = REQUIRED.filter((name) => !params.get(name)?.trim());
  const cents = (name: string) => {
    const value = Number.parseInt(params.get(name) ?? '0', 10);
    return Number.isFinite(value) && value >= 0 ? value : 0;
  };
  if (missing.length > 0 || cents('amount') <= 0)
    return { ok: false, missing: missing.length ? [...missing] : ['amount'] };
  return {
    ok: true,
    config: {
      token: params.get('token') ?? '',
      clientTransactionId: params.get('transaction') ?? '',
      amount: cents('amount'),
      amountWithoutTax: cents('amountWithoutTax'),
      amountWithTax: cents('amountWithTax'),
      tax: cents('tax'),
      service: 0,
      tip: 0,
      currency: CURRENCY,
      storeId: params.get('storeId') ?? '',
      reference: params.get('reference') ?? '',
      lang: 'es',
      timeZone: -5,
      phoneNumber: params.get('phone') ?? '',
      email: params.get('email') ?? '',
      documentId: params.get('documentId') ?? '',
      identificationType: 1,
    },
  };
}

/** Loads a script, resolving false when it fails or does not answer in time. */
export function loadScript(src: string, timeoutMs = SCRIPT_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    const timer = setTimeout(() => resolve(false), timeoutMs);
    script.onload = () => {
      clearTimeout(timer);
      resolve(true);
    };
    script.onerror = () => {
      clearTimeout(timer);
      resolve(false);
    };
    document.head.append(script);
  });
}
