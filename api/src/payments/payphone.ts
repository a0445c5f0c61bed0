// PayPhone's button API over plain HTTP: Prepare (the pay URL of an order) and
// V2/Confirm (the server-side check that makes a payment count). Amounts are cents.
import { payphoneAmounts } from '@vag/contracts';
import type { PayPhoneConfig } from './credentials';

async function call<T>(
  config: PayPhoneConfig,
  path: string,
  body: unknown,
): Promise<{ status: number; data: T | null }> {
  const res = await fetch(`${config.baseUrl.replace(/\/+$/, '')}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let data: T | null = null;
  try {
    data = text ? (JSON.parse(text) as T) : null;
  } catch {
    data = null;
  }
  return { status: res.status, data };
}

export interface PreparedPayment {
  payUrl: string;
  paymentId: number | string;
}

export async function preparePayPhone(
  config: PayPhoneConfig,
  order: {
    clientTransactionId: string;
    totalPrice: number;
    reference: string;
    responseUrl: string;
    cancellationUrl: string;
    email: string;
    phone: string;
  },
): Promise<PreparedPayment> {
  const amounts = payphoneAmounts(order.totalPrice);
  const { status, data } = await call<{
    paymentId?: number | string;
    payWithPayPhone?: string;
    payWithCard?: string;
    message?: string;
  }>(config, '/api/button/Prepare', {
    ...amounts,
    service: 0,
    tip: 0,
    currency: 'USD',
    clientTransactionId: order.clientTransactionId,
    storeId: config.storeId,
    reference: order.reference.slice(0, 100),
    responseUrl: order.responseUrl,
    cancellationUrl: order.cancellationUrl,
    email: order.email,
    phoneNumber: order.phone,
    lang: 'es',
    timeZone: -5,
  });
  const payUrl = data?.payWithCard ?? data?.payWithPayPhone;
  if (status >= 300 || !data || !payUrl || data.paymentId === undefined) {
    throw new Error(`PayPhone Prepare answered ${status}: ${data?.message ?? 'sin detalle'}`);
  }
  return { payUrl, paymentId: data.paymentId };
}

export interface PayPhoneConfirmation {
  statusCode: number;
  transactionStatus: string;
  transactionId: number;
  clientTransactionId: string;
  amount: number;
  cardBrand: string | null;
  lastDigits: string | null;
  authorizationCode: string | null;
}

/** PayPhone's own answer about a transaction; null when PayPhone does not know it. */
export async function confirmPayPhone(
  config: PayPhoneConfig,
  id: number,
  clientTxId: string,
): Promise<PayPhoneConfirmation | null> {
  const { status, data } = await call<PayPhoneConfirmation & { message?: string }>(
    config,
    '/api/button/V2/Confirm',
    { id, clientTxId },
  );
  if (status === 400 || status === 404) return null;
  if (status >= 300 || !data) throw new Error(`PayPhone Confirm answered ${status}`);
  return data;
}

export function isApproved(confirmation: PayPhoneConfirmation): boolean {
  return confirmation.statusCode === 3 && confirmation.transactionStatus === 'Approved';
}

/** PayPhone's current state of a sale (it may reverse an approved payment the same day); null when unknown. */
export async function fetchPayPhoneSale(
  config: PayPhoneConfig,
  transactionId: number,
): Promise<{ statusCode: number; transactionStatus: string } | null> {
  const res = await fetch(`${config.baseUrl.replace(/\/+$/, '')}/api/Sale/${transactionId}`, {
    headers: { authorization: `Bearer ${config.token}` },
    signal: AbortSignal.timeout(15_000),
  });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`PayPhone Sale answered ${res.status}`);
  const data = (await res.json()) as { statusCode?: number; transactionStatus?: string };
  return {
    statusCode: Number(data.statusCode),
    transactionStatus: String(data.transactionStatus ?? ''),
  };
}

/**
 * Reverses an approved sale (POST /api/Reverse, docs.payphone.app "Reversar pago"; only
 * the same day, until 20:00 in Ecuador). PayPhone answers `true`, or an error with a
 * message. It has no idempotency key: a repeat of a reverse that went through answers an
 * error, so the sale's state is asked then, and a reversed sale counts as done.
 */
export async function reversePayPhoneSale(
  config: PayPhoneConfig,
  transactionId: number,
): Promise<string> {
  const { status, data } = await call<boolean | { message?: string; errorCode?: number }>(
    config,
    '/api/Reverse',
    { id: transactionId },
  );
  if (status < 300 && data === true) return String(transactionId);
  const sale = await fetchPayPhoneSale(config, transactionId);
  if (sale?.transactionStatus === 'Reversed') return String(transactionId);
  const message = typeof data === 'object' && data?.message ? data.message : `HTTP ${status}`;
  throw new Error(`PayPhone: ${message}`);
}
