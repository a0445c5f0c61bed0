// Test data for the purchase pipeline: an active raffle with generated numbers, a
// package, a valid order payload per method, and waits on what a buyer would notice.
import { randomUUID } from 'node:crypto';
import type { CreateOrderInput, PaymentMethod } from '@vag/contracts';
import type { Db } from 'mongodb';
import { createPackage } from '@vag/core/db/packages';
import { getPurchase, type PurchaseDoc } from '@vag/core/db/purchases';
import { CURRENT_RAFFLE_ID, generateRaffleNumbers } from '@vag/core/db/raffle-numbers';
import { waitFor } from '@vag/core/testing/wait';
import { defaultNumberWidth } from '@vag/core/raffle/permutation';

/**
 * The raffle on sale: published, numbers generated. `draft` keeps it unpublished, as an
 * admin trying its checkout before the sale opens has it (its orders are test orders).
 */
export async function activeRaffle(
  db: Db,
  { totalNumbers = 100, pricePerNumber = 1.5, draft = false } = {},
): Promise<void> {
  await db.collection<{ _id: string }>('raffles').updateOne(
    { _id: CURRENT_RAFFLE_ID },
    {
      $set: {
        name: 'Rifa de prueba',
        prize: 'Un auto',
        imageUrl: '',
        endDate: new Date(Date.now() + 86_400_000),
        totalNumbers,
        numberWidth: defaultNumberWidth(totalNumbers),
        isActive: true,
        pricePerNumber,
        // On sale means published: a draft answers nobody but admins (SPEC §7).
        ...(draft ? {} : { publishedAt: new Date() }),
      },
      ...(draft ? { $unset: { publishedAt: '' } } : {}),
    },
    { upsert: true },
  );
  await generateRaffleNumbers(db, CURRENT_RAFFLE_ID);
}

export async function aPackage(db: Db, { quantity = 5, price = 7 } = {}) {
  return createPackage(db, CURRENT_RAFFLE_ID, {
    name: `Paquete ${quantity}`,
    quantity,
    price,
    isPopular: false,
  });
}

export function buyer(overrides: Record<string, unknown> = {}) {
  const email = `comprador-${randomUUID().slice(0, 8)}@example.com`;
  return {
    firstName: 'María',
    lastName: 'Guamán',
    email,
    confirmEmail: email,
    phone: '0991234567',
    country: 'ECUADOR' as const,
    province: 'Pichincha',
    city: 'Quito',
    address: 'Av. Amazonas N24-03',
    document: '1710034065',
    acceptedTerms: true as const,
    ...overrides,
  };
}

const PROVIDER = {
  paypal: 'paypal',
  card: 'stripe',
  bank_transfer: 'bank_transfer',
  mobile: 'payphone',
} as const;

/** A custom-quantity order priced as the storefront would price it. */
export function customOrder(
  method: PaymentMethod,
  quantity: number,
  pricePerNumber = 1.5,
  overrides: Partial<CreateOrderInput> = {},
): CreateOrderInput {
  const total = Math.round(quantity * pricePerNumber * 100) / 100;
  return {
    amount: total,
    quantity,
    unitPrice: pricePerNumber,
    totalPrice: total,
    packageId: null,
    resellerCode: null,
    paymentMethod: method,
    buyer: { ...buyer(), paymentProvider: PROVIDER[method] },
    packageData: { name: 'Personalizado', quantity, price: total },
    ...(method === 'mobile'
      ? { clientTransactionId: `trx-${randomUUID().replace(/-/g, '').slice(0, 20)}` }
      : {}),
    ...overrides,
  };
}

/** Delivers a Stripe webhook as Stripe does: the raw payload with its signature header. */
export function postStripeWebhook(
  api: string,
  event: { payload: string; signature: string },
): Promise<Response> {
  return fetch(`${api}/payments/stripe-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.payload,
  });
}

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  method = 'POST',
) {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers field by field
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, body: json };
}

/** Waits until the numbers worker has recorded the purchase's numbers. */
export async function numbersOf(
  db: Db,
  purchaseId: string,
  timeoutMs = 30_000,
): Promise<PurchaseDoc> {
  return waitFor(
    async () => {
      const p = await getPurchase(db, purchaseId);
      return p?.numbersAssignedAt && p.assignedNumbers.length > 0 ? p : null;
    },
    { timeoutMs, message: `numbers of ${purchaseId}` },
  );
}
