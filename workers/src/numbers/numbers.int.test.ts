import { InProcessBus, type BusMessage } from '@vag/core/bus/index';
import { createLogger } from '@vag/core/logger';
import { insertInstantPrizes } from '@vag/core/db/instant-prizes';
import { commitInstantPrizes, getRaffleFairness } from '@vag/core/db/raffle-fairness';
import { prizesCommitment } from '@vag/core/raffle/commitment';
import { CURRENT_RAFFLE_ID, getRaffleNumbers } from '@vag/core/db/raffle-numbers';
import { allocateNumbers } from '@vag/core/raffle/allocate';
import { createPermutation, formatNumber } from '@vag/core/raffle/permutation';
import {
  insertPurchase,
  purchasePaidMessage,
  raffleWithNumbers,
} from '@vag/core/testing/raffle-fixtures';
import { createTestDatabase, type TestDatabase } from '@vag/core/testing/test-db';
import { waitFor } from '@vag/core/testing/wait';
import { numbersAssignedEventSchema, TOPICS } from '@vag/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handleNumbersMessage, startNumbersWorker } from './index';

let t: TestDatabase;
let bus: InProcessBus;
const log = createLogger('silent', 'numbers-test');
let deps: { db: TestDatabase['db']; bus: InProcessBus; log: typeof log };

beforeEach(async () => {
  t = await createTestDatabase();
  bus = new InProcessBus();
  deps = { db: t.db, bus, log };
});
afterEach(async () => {
  await bus.close();
  await t.drop();
});

const raffleOf = (totalNumbers: number) => raffleWithNumbers(t.db, totalNumbers);
const paidPurchase = (quantity: number) => insertPurchase(t.db, { quantity });
const paidMessage = purchasePaidMessage;

const purchase = (id: string) => t.db.collection('purchases').findOne({ _id: id as never });

describe('numbers worker', () => {
  it('assigns the purchase its quantity of numbers and counts them as sold', async () => {
    await raffleOf(1000);
    const id = await paidPurchase(5);
    await handleNumbersMessage(deps, paidMessage(id, 5));
    const doc = await purchase(id);
    expect(doc?.assignedNumbers).toHaveLength(5);
    for (const n of doc?.assignedNumbers ?? []) expect(n).toMatch(/^\d{3}$/);
    expect(new Set(doc?.assignedNumbers).size).toBe(5);
    expect(doc?.numbersAssignedAt).toBeInstanceOf(Date);
    const raffle = await getRaffleNumbers(t.db, CURRENT_RAFFLE_ID);
    expect({ available: raffle.available, reserved: raffle.reserved, sold: raffle.sold }).toEqual({
      available: 995,
      reserved: 0,
      sold: 5,
    });
  });

  it('purchase.paid is idempotent when delivered twice', async () => {
    await raffleOf(1000);
    const id = await paidPurchase(3);
    await handleNumbersMessage(deps, paidMessage(id, 3));
    const first = (await purchase(id))?.assignedNumbers;
    await handleNumbersMessage(deps, paidMessage(id, 3));
    expect((await purchase(id))?.assignedNumbers).toEqual(first);
    expect(await t.db.collection('number_claims').countDocuments({ purchaseId: id })).toBe(1);
    const raffle = await getRaffleNumbers(t.db, CURRENT_RAFFLE_ID);
    expect({
      reserved: raffle.reserved,
      sold: raffle.sold,
      nextPosition: raffle.nextPosition,
    }).toEqual({ reserved: 0, sold: 3, nextPosition: 3 });
  });

  it('makes one claim and one set of numbers when the same purchase.paid arrives 5 times at once', async () => {
    await raffleOf(1000);
    const other = await paidPurchase(2);
    const id = await paidPurchase(4);
    await Promise.all([
      ...Array.from({ length: 5 }, () => handleNumbersMessage(deps, paidMessage(id, 4))),
      handleNumbersMessage(deps, paidMessage(other, 2)),
    ]);
    expect(await t.db.collection('number_claims').countDocuments({ purchaseId: id })).toBe(1);
    const mine = (await purchase(id))?.assignedNumbers as string[];
    const theirs = (await purchase(other))?.assignedNumbers as string[];
    expect(mine).toHaveLength(4);
    expect(new Set([...mine, ...theirs]).size).toBe(6);
    const raffle = await getRaffleNumbers(t.db, CURRENT_RAFFLE_ID);
    expect({
      available: raffle.available,
      reserved: raffle.reserved,
      sold: raffle.sold,
      nextPosition: raffle.nextPosition,
    }).toEqual({
      available: 994,
      reserved: 0,
      sold: 6,
      nextPosition: 6,
    });
  });

  it('loses and duplicates no number when it crashed between allocating and recording', async () => {
    await raffleOf(1000);
    const id = await paidPurchase(6);
    // The first attempt claimed its numbers, then the process died.
    const claimed = await allocateNumbers(t.db, {
      raffleId: CURRENT_RAFFLE_ID,
      purchaseId: id,
      quantity: 6,
    });
    expect((await purchase(id))?.assignedNumbers).toEqual([]);

    await handleNumbersMessage(deps, paidMessage(id, 6));
    expect((await purchase(id))?.assignedNumbers).toEqual(claimed.numbers);
    const next = await paidPurchase(2);
    await handleNumbersMessage(deps, paidMessage(next, 2));
    const nextNumbers = (await purchase(next))?.assignedNumbers as string[];
    expect(nextNumbers.some((n) => claimed.numbers.includes(n))).toBe(false);
    const raffle = await getRaffleNumbers(t.db, CURRENT_RAFFLE_ID);
    expect({
      sold: raffle.sold,
      reserved: raffle.reserved,
      nextPosition: raffle.nextPosition,
    }).toEqual({ sold: 8, reserved: 0, nextPosition: 8 });
  });

  it('marks an instant prize among the numbers as won and records it on the purchase', async () => {
    await raffleOf(1000);
    const raffle = await getRaffleNumbers(t.db, CURRENT_RAFFLE_ID);
    // The next sale position is 0: put a prize on the number it maps to.
    const prizeNumber = formatNumber(
      createPermutation(raffle.secretKey!, 1000).permute(0),
      raffle.numberWidth,
    );
    // As the admin's assignment does: commit the prize's number, then place it.
    const { commitment } = await getRaffleFairness(t.db, CURRENT_RAFFLE_ID);
    expect(
      await commitInstantPrizes(
        t.db,
        prizesCommitment(commitment!.raffleRef, [prizeNumber]),
        CURRENT_RAFFLE_ID,
      ),
    ).toBe(true);
    await insertInstantPrizes(t.db, CURRENT_RAFFLE_ID, [
      { number: prizeNumber, position: 0, prizeAmount: 50 },
    ]);
    const id = await paidPurchase(2);
    await handleNumbersMessage(deps, paidMessage(id, 2));
    await handleNumbersMessage(deps, paidMessage(id, 2));
    expect((await purchase(id))?.instantPrizesWon).toEqual([{ number: prizeNumber, amount: 50 }]);
    const prize = await t.db.collection('instant_prizes').findOne({ number: prizeNumber });
    expect(prize).toMatchObject({ status: 'pending', purchaseId: id, delivered: false });
  });

  it('marks the raffle sold out when its last numbers are assigned', async () => {
    await raffleOf(10);
    const a = await paidPurchase(6);
    await handleNumbersMessage(deps, paidMessage(a, 6));
    expect((await getRaffleNumbers(t.db, CURRENT_RAFFLE_ID)).soldOut).toBe(false);
    const b = await paidPurchase(4);
    await handleNumbersMessage(deps, paidMessage(b, 4));
    const raffle = await getRaffleNumbers(t.db, CURRENT_RAFFLE_ID);
    expect(raffle.soldOut).toBe(true);
    expect(raffle.sold).toBe(10);
    const all = [
      ...((await purchase(a))?.assignedNumbers as string[]),
      ...((await purchase(b))?.assignedNumbers as string[]),
    ];
    expect([...all].sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('consumes purchase.paid from the bus and publishes numbers.assigned keyed by the purchase', async () => {
    await raffleOf(1000);
    const assigned: BusMessage[] = [];
    await bus.subscribe({
      groupId: 'test',
      topics: [TOPICS['numbers.assigned']],
      handler: async (m) => void assigned.push(m),
    });
    const worker = await startNumbersWorker(deps);
    try {
      const id = await paidPurchase(3);
      await bus.publish([paidMessage(id, 3)]);
      const message = await waitFor(() => assigned.find((m) => m.key === id), {
        message: 'numbers.assigned',
      });
      const event = numbersAssignedEventSchema.parse(message.value);
      expect(event.data.numbers).toEqual((await purchase(id))?.assignedNumbers);
      expect(event.data.instantPrizes).toEqual([]);
    } finally {
      await worker.stop();
    }
  });

  it('flags a paid purchase for which no numbers are left for refund, without retrying', async () => {
    await raffleOf(10);
    const first = await paidPurchase(8);
    const late = await paidPurchase(2);
    // Capacity accounting gone wrong: a third purchase paid beyond the raffle's end.
    await t.db
      .collection('raffles')
      .updateOne({ _id: CURRENT_RAFFLE_ID as never }, { $inc: { available: 5 } });
    const beyond = await paidPurchase(5);
    await handleNumbersMessage(deps, paidMessage(first, 8));
    await handleNumbersMessage(deps, paidMessage(beyond, 5));
    await handleNumbersMessage(deps, paidMessage(late, 2));
    expect((await purchase(beyond))?.assignedNumbers).toEqual([]);
    expect((await purchase(beyond))?.numbersProblem).toMatchObject({ problem: expect.any(String) });
    // The buyer paid and gets no numbers: the purchase says it must be refunded, and the
    // numbers it held as reserved are no longer counted.
    expect(await purchase(beyond)).toMatchObject({
      status: 'REFUND_REQUIRED',
      failure: { reason: 'numbers_exhausted' },
    });
    expect((await purchase(late))?.assignedNumbers).toHaveLength(2);
    const raffle = await getRaffleNumbers(t.db, CURRENT_RAFFLE_ID);
    expect({ reserved: raffle.reserved, sold: raffle.sold }).toEqual({ reserved: 0, sold: 10 });
  });

  it('skips a malformed event and a purchase that is not paid', async () => {
    await raffleOf(100);
    await handleNumbersMessage(deps, {
      topic: TOPICS['purchase.paid'],
      key: 'x',
      value: { type: 'purchase.paid' },
    });
    const id = await paidPurchase(2);
    await t.db
      .collection('purchases')
      .updateOne({ _id: id as never }, { $set: { status: 'PENDING' } });
    await handleNumbersMessage(deps, paidMessage(id, 2));
    expect((await purchase(id))?.assignedNumbers).toEqual([]);
    expect(await t.db.collection('number_claims').countDocuments()).toBe(0);
  });
});
