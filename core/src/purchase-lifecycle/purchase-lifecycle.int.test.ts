// The purchase lifecycle for a raffle other than the first: the order names its raffle,
// and every step (reservation, a provider's failure, the sweeper's expiry, a late payment)
// moves that raffle's numbers and no other's (DESIGN I2, per raffle). The provider step
// is placeOrder's `pay` parameter: here it answers as a provider would, or fails.
import { randomUUID } from 'node:crypto';
import { createOrderSchema, SERVER, type PaymentMethod } from '@vag/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InProcessBus } from '../bus/in-process-bus';
import type { CoreDeps } from '../deps';
import { parseEnv } from '../env';
import { createLogger } from '../logger';
import { withCoreServices } from '../services';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { endPendingReservation, getPurchase } from '../db/purchases';
import {
  getCapacity,
  releaseCapacity,
  ORDER_DEADLINE_MS,
  ORDER_LOST_MS,
  reserveCapacity,
} from '../db/raffle-capacity';
import { CURRENT_RAFFLE_ID, generateRaffleNumbers } from '../db/raffle-numbers';
import { purchaseEvent } from '../pipeline/purchase-events';
import { reconcileOnce } from '../pipeline/reconciler';
import { waitFor } from '../testing/wait';
import { sweepExpiredReservations } from '../pipeline/sweeper';
import { raffleWithNumbers } from '../testing/raffle-fixtures';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import { applyPayment } from './apply-payment';
import { placeOrder, type OrderDraft } from './create-order';
import { OrderRefused } from './order-refused';
import { saleFor } from './sale';

const OTHER = 'rifa-express';
let store: TestDatabase;
let bus: InProcessBus;
let deps: CoreDeps;

beforeEach(async () => {
  store = await createTestDatabase();
  bus = new InProcessBus();
  deps = withCoreServices({
    env: parseEnv({}),
    db: store.db,
    bus,
    log: createLogger('silent', 'lifecycle-test'),
  });
  await raffleWithNumbers(store.db, 10);
  await store.db.collection<{ _id: string }>('raffles').insertOne({
    _id: OTHER,
    name: 'Rifa express',
    prize: 'Una moto',
    imageUrl: '',
    pricePerNumber: 2,
    isActive: true,
    endDate: new Date(Date.now() + 86_400_000),
    totalNumbers: 20,
    numberWidth: 2,
  } as never);
  await generateRaffleNumbers(store.db, OTHER);
});

afterEach(async () => {
  await bus.close();
  await store.drop();
});

function order(method: PaymentMethod, quantity: number) {
  const email = `comprador-${randomUUID().slice(0, 8)}@example.com`;
  const total = quantity * 2;
  return createOrderSchema.parse({
    amount: total,
    quantity,
    unitPrice: 2,
    totalPrice: total,
    packageId: null,
    resellerCode: null,
    paymentMethod: method,
    buyer: {
      firstName: 'María',
      lastName: 'Guamán',
      email,
      confirmEmail: email,
      phone: '0991234567',
      country: 'ECUADOR',
      province: 'Pichincha',
      city: 'Quito',
      address: 'Av. Amazonas N24-03',
      document: '1710034065',
      acceptedTerms: true,
    },
    packageData: { name: 'Personalizado', quantity, price: total },
  });
}

/** What the api's provider step answers for a PayPal order. */
const paypalPage = async ({ purchase, ref }: OrderDraft) => ({
  answer: ref,
  block: { paypal: { orderId: `PP-${purchase._id}`, status: 'CREATED' } },
});

/** Nothing is in the storefront's cache: the sale is read from the store, by its raffle. */
const notShown = { raffle: null, packages: null };

async function placeInOther(quantity: number, pay = paypalPage) {
  const sale = await saleFor(deps, { raffleId: OTHER, shown: notShown });
  return placeOrder(deps, {
    sale,
    order: order('paypal', quantity),
    address: '10.0.0.1',
    pay,
    consent: { termsVersion: '2026-11-28', privacyVersion: '1', channel: 'web' },
  });
}

const counters = async (raffleId: string) => {
  const c = await getCapacity(store.db, raffleId);
  return { available: c?.available, reserved: c?.reserved, sold: c?.sold };
};

describe('the purchase lifecycle of a raffle beside the first', () => {
  it('an order holds numbers of the raffle it names, priced at that raffle’s price, and none of the other', async () => {
    const ref = await placeInOther(3);
    expect(await getPurchase(store.db, ref.purchaseId)).toMatchObject({
      raffleId: OTHER,
      status: 'PENDING',
      totalPrice: 6,
      paypal: { orderId: `PP-${ref.purchaseId}` },
    });
    expect(await counters(OTHER)).toEqual({ available: 17, reserved: 3, sold: 0 });
    expect(await counters(CURRENT_RAFFLE_ID)).toEqual({ available: 10, reserved: 0, sold: 0 });
  });

  it('a provider failure ends the order EXPIRED with its reason and gives that raffle its numbers back', async () => {
    const failing = () => Promise.reject(new Error('PayPal answered 500'));
    const refused = await placeInOther(2, failing).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OrderRefused);
    expect(refused).toMatchObject({ status: 502, message: SERVER.providerError });
    const failed = await store.db.collection('purchases').findOne({ raffleId: OTHER });
    expect(failed).toMatchObject({
      status: 'EXPIRED',
      reservation: { active: false },
      failure: { reason: 'provider_error', message: 'PayPal answered 500' },
    });
    expect(await counters(OTHER)).toEqual({ available: 20, reserved: 0, sold: 0 });
  });

  it('the sweeper expires it into its own raffle, and a late payment takes that raffle’s numbers again', async () => {
    const ref = await placeInOther(4);
    const later = new Date(Date.now() + (deps.env.RESERVATION_MINUTES + 1) * 60_000);
    expect(await sweepExpiredReservations(deps, later)).toBe(1);
    expect(await counters(OTHER)).toEqual({ available: 20, reserved: 0, sold: 0 });

    const expired = (await getPurchase(store.db, ref.purchaseId))!;
    expect(expired.status).toBe('EXPIRED');
    const paid = await applyPayment(deps, expired, {
      paypal: { orderId: `PP-${ref.purchaseId}`, status: 'COMPLETED' },
    });
    expect(paid).toMatchObject({ transitioned: true, purchase: { status: 'COMPLETED' } });
    expect(await counters(OTHER)).toEqual({ available: 16, reserved: 4, sold: 0 });
    expect(await counters(CURRENT_RAFFLE_ID)).toEqual({ available: 10, reserved: 0, sold: 0 });
  });
});

describe('an order in flight while the reconciler looks (DESIGN I2)', () => {
  it('a slow payment provider does not make the reconciler give the order’s numbers to another buyer', async () => {
    // The reconciler runs while the provider takes its time (PayPal holding the call): the
    // counters hold 3 numbers that no purchase shows yet, and stay so for both its looks.
    const slowPaypal = async (draft: OrderDraft) => {
      await reconcileOnce(deps, { raffleId: OTHER, confirmDelayMs: 20 });
      return paypalPage(draft);
    };
    const ref = await placeInOther(3, slowPaypal);
    expect((await getPurchase(store.db, ref.purchaseId))?.status).toBe('PENDING');
    expect(await counters(OTHER)).toEqual({ available: 17, reserved: 3, sold: 0 });
    expect(
      (await reconcileOnce(deps, { raffleId: OTHER, confirmDelayMs: 20 })).countersCorrected,
    ).toBe(false);
    expect(await counters(OTHER)).toEqual({ available: 17, reserved: 3, sold: 0 });
  });

  it('an order whose process died before writing its purchase gives its numbers back once, when it can no longer be written', async () => {
    // What create-order did before its process was killed: the numbers held, no purchase.
    expect(await reserveCapacity(store.db, 3, OTHER, randomUUID())).toEqual({ ok: true });
    const inAWhile = (ms: number) => new Date(Date.now() + ms);

    await reconcileOnce(deps, { raffleId: OTHER, confirmDelayMs: 20, now: inAWhile(30_000) });
    expect(await counters(OTHER)).toEqual({ available: 17, reserved: 3, sold: 0 });

    for (const pass of [1, 2])
      await reconcileOnce(deps, {
        raffleId: OTHER,
        confirmDelayMs: 20,
        now: inAWhile(ORDER_LOST_MS + pass),
      });
    expect(await counters(OTHER)).toEqual({ available: 20, reserved: 0, sold: 0 });
  });

  it('a provider that answers after the order’s deadline ends it EXPIRED with its numbers back, never holding them', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const lateProvider = async (draft: OrderDraft) => {
        vi.setSystemTime(Date.now() + ORDER_DEADLINE_MS);
        return paypalPage(draft);
      };
      const refused = await placeInOther(2, lateProvider).catch((error: unknown) => error);
      expect(refused).toMatchObject({ status: 502, message: SERVER.providerError });
    } finally {
      vi.useRealTimers();
    }
    const ended = await store.db.collection('purchases').findOne({ raffleId: OTHER });
    expect(ended).toMatchObject({
      status: 'EXPIRED',
      reservation: { active: false },
      failure: { reason: 'provider_error' },
    });
    expect(await counters(OTHER)).toEqual({ available: 20, reserved: 0, sold: 0 });
    // The reconciler, later, finds nothing of it to give back a second time.
    await reconcileOnce(deps, {
      raffleId: OTHER,
      confirmDelayMs: 20,
      now: new Date(Date.now() + 2 * ORDER_LOST_MS),
    });
    expect(await counters(OTHER)).toEqual({ available: 20, reserved: 0, sold: 0 });
  });
});

describe('a transition held up between its two writes (DESIGN I2)', () => {
  it('the sweeper’s release landing after the reconciler’s two looks does not free the numbers twice', async () => {
    const ref = await placeInOther(4);
    // The sweeper's first write: the order is EXPIRED, its numbers not yet given back (a
    // store restart holds the second write up).
    const purchase = (await getPurchase(store.db, ref.purchaseId))!;
    const at = new Date();
    const expired = purchaseEvent(
      'purchase.expired',
      purchase,
      { expiredAt: at.toISOString() },
      at,
    );
    expect(await endPendingReservation(store.db, purchase._id, expired)).not.toBeNull();
    expect(await counters(OTHER)).toEqual({ available: 16, reserved: 4, sold: 0 });

    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const watched = { ...deps, log: pino({ level: 'info' }, sink) };
    const pass = reconcileOnce(watched, {
      raffleId: OTHER,
      confirmDelayMs: 20,
      freeConfirmMs: 1_000,
    });
    // Its two looks agree that 4 numbers are held for no purchase; then the release lands.
    await Promise.race([
      waitFor(() => lines.some((l) => l.includes('looking again before giving them back')), {
        message: 'the reconciler looking again',
      }),
      pass.then(() => {
        throw new Error('the reconciler corrected without looking again');
      }),
    ]);
    await releaseCapacity(store.db, 4, OTHER);

    expect((await pass).countersCorrected).toBe(false);
    expect(await counters(OTHER)).toEqual({ available: 20, reserved: 0, sold: 0 });
  });
});
