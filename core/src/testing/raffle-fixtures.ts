// Test data for the numbers code: a raffle with generated numbers, a staff token, and
// purchases in the state create-order and the payment confirmation leave them.
import { randomUUID } from 'node:crypto';
import { makeEvent, TOPICS } from '@vag/contracts';
import type { Db } from 'mongodb';
import { reserveCapacity } from '../db/raffle-capacity';
import { CURRENT_RAFFLE_ID, generateRaffleNumbers } from '../db/raffle-numbers';
import { defaultNumberWidth } from '../raffle/permutation';

import type { BusMessage, EventBus } from '../bus';
import { waitFor } from './wait';

export async function raffleWithNumbers(db: Db, totalNumbers: number): Promise<void> {
  await db.collection<{ _id: string }>('raffles').updateOne(
    { _id: CURRENT_RAFFLE_ID },
    {
      $set: {
        totalNumbers,
        numberWidth: defaultNumberWidth(totalNumbers),
        isActive: true,
        // On sale means published: a draft answers nobody but admins (SPEC §7).
        publishedAt: new Date(),
      },
    },
    { upsert: true },
  );
  await generateRaffleNumbers(db, CURRENT_RAFFLE_ID);
}

export interface PurchaseFixture {
  quantity?: number;
  email?: string;
  resellerCode?: string | null;
  paymentMethod?: 'paypal' | 'card' | 'bank_transfer' | 'mobile';
  status?: 'PENDING' | 'COMPLETED';
  createdAt?: Date;
}

/** A purchase whose capacity is reserved on the raffle, COMPLETED unless told otherwise. */
export async function insertPurchase(db: Db, fixture: PurchaseFixture = {}): Promise<string> {
  const quantity = fixture.quantity ?? 2;
  const reserved = await reserveCapacity(db, quantity, CURRENT_RAFFLE_ID);
  if (!reserved.ok) throw new Error(`fixture could not reserve ${quantity}: ${reserved.reason}`);
  const _id = randomUUID();
  const now = fixture.createdAt ?? new Date();
  await db.collection<{ _id: string; [field: string]: unknown }>('purchases').insertOne({
    _id,
    raffleId: CURRENT_RAFFLE_ID,
    createdAt: now,
    updatedAt: now,
    buyer: {
      firstName: 'Ana',
      lastName: 'Pérez',
      email: fixture.email ?? 'ana@example.com',
      phone: '0991234567',
      country: 'ECUADOR',
      address: 'Av. Amazonas 123',
      city: 'Quito',
      province: 'Pichincha',
      document: '1710034065',
    },
    resellerCode: fixture.resellerCode ?? null,
    quantity,
    unitPrice: 1,
    totalPrice: quantity,
    paymentMethod: fixture.paymentMethod ?? 'paypal',
    status: fixture.status ?? 'COMPLETED',
    packageId: null,
    packageData: { name: 'Personalizado', quantity, price: quantity },
    packageType: 'custom',
    reservation: {
      active: fixture.status === 'PENDING',
      expiresAt: new Date(now.getTime() + 60_000),
    },
    ...(fixture.status === 'PENDING' ? {} : { paidAt: now }),
    assignedNumbers: [],
    outbox: {},
  });
  return _id;
}

export function purchasePaidMessage(purchaseId: string, quantity: number): BusMessage {
  return {
    topic: TOPICS['purchase.paid'],
    key: purchaseId,
    value: makeEvent('purchase.paid', {
      purchaseId,
      raffleId: CURRENT_RAFFLE_ID,
      quantity,
      paymentMethod: 'paypal',
      totalPrice: quantity,
      resellerCode: null,
      packageType: 'custom',
      createdAt: new Date().toISOString(),
      buyer: { firstName: 'Ana', lastName: 'Pérez', email: 'ana@example.com' },
      paidAt: new Date().toISOString(),
    }),
  };
}

/**
 * Watches numbers.assigned, the numbers worker's last step: waiting on it (rather than
 * on assignedNumbers) means the counters and instant prizes are settled too.
 */
export async function watchNumbersAssigned(
  bus: EventBus,
): Promise<{ settled(purchaseId: string): Promise<void>; stop(): Promise<void> }> {
  const seen = new Set<string>();
  const subscription = await bus.subscribe({
    groupId: `test-watch-${randomUUID().slice(0, 8)}`,
    topics: [TOPICS['numbers.assigned']],
    handler: async (message) => void seen.add(message.key),
  });
  return {
    settled: async (purchaseId) => {
      await waitFor(() => seen.has(purchaseId), { message: `numbers.assigned for ${purchaseId}` });
    },
    stop: () => subscription.stop(),
  };
}
