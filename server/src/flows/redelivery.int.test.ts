// Redelivery and crashes across the consumers: the same purchase.paid delivered five
// times, and a numbers worker killed between allocating and recording, both end with
// one allocation per purchase, the same numbers, one e-mail and one SMS.
import { randomUUID } from 'node:crypto';
import type { BusMessage } from '@vag/core';
import { findClaimByPurchase } from '@vag/core/db/number-claims';
import { getPurchase } from '@vag/core/db/purchases';
import { activeRaffle, customOrder, postJson } from '@vag/api/payments/test-fixtures';
import { allocateNumbers } from '@vag/core/raffle/allocate';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { smsWithNumbers } from '../testing/sms-with-numbers';
import { startTestServer, type TestServer } from '../testing/server';
import { waitFor } from '@vag/core/testing/wait';
import { numberRuns, TOPICS } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleNotificationsMessage } from '@vag/workers/notifications/index';
import { handleNumbersMessage } from '@vag/workers/numbers/index';

let fakes: FakeProviders;
let server: TestServer;
const seen: BusMessage[] = [];

beforeAll(async () => {
  fakes = await startFakeProviders();
  // No embedded workers: this test plays them, message by message.
  server = await startTestServer({ env: { ...fakes.env, WORKERS: 'none' } });
  await activeRaffle(server.db, { totalNumbers: 60, pricePerNumber: 1 });
  await server.deps.bus.subscribe({
    groupId: `probe-${randomUUID()}`,
    topics: [TOPICS['purchase.paid'], TOPICS['numbers.assigned']],
    handler: async (m) => {
      seen.push(m);
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await fakes?.stop();
});

const about = (purchaseId: string, topic: string) =>
  seen.filter((m) => m.key === purchaseId && m.topic === topic);

/** A PayPhone order paid and confirmed over HTTP; answers its purchase.paid as the relay published it. */
async function paidOrder(quantity: number): Promise<{ purchaseId: string; paid: BusMessage }> {
  const order = customOrder('mobile', quantity, 1);
  const created = await postJson(`${server.url}/api/payments/create-order`, order);
  const { id } = fakes.payphone.pay(order.clientTransactionId!);
  const verified = await postJson(`${server.url}/api/payments/verify-payphone`, {
    id,
    clientTxId: order.clientTransactionId,
  });
  expect(verified.status).toBe(200);
  const purchaseId: string = created.body.purchaseId;
  const paid = await waitFor(() => about(purchaseId, TOPICS['purchase.paid'])[0], {
    message: 'purchase.paid from the relay',
  });
  return { purchaseId, paid };
}

async function notifyEach(purchaseId: string) {
  for (const m of about(purchaseId, TOPICS['numbers.assigned']))
    await handleNotificationsMessage(server.deps, m);
}

function expectOneEmailAndSms(email: string, numbers: string[]) {
  const mails = fakes.smtp.mails.filter((m) => m.to.includes(email));
  expect(mails).toHaveLength(1);
  expect(mails[0]!.text).toContain(numberRuns(numbers).join(', '));
  expect(smsWithNumbers(fakes.twilio.messages, numbers)).toHaveLength(1);
}

describe('redelivery and crashes', () => {
  it('the same purchase.paid delivered 5 times: one allocation, the same numbers, one e-mail and one SMS', async () => {
    const { purchaseId, paid } = await paidOrder(4);
    for (let i = 0; i < 5; i++) await handleNumbersMessage(server.deps, paid);
    await waitFor(() => about(purchaseId, TOPICS['numbers.assigned']).length === 5, {
      message: 'five numbers.assigned',
    });
    await notifyEach(purchaseId);

    const purchase = (await getPurchase(server.db, purchaseId))!;
    expect(purchase.assignedNumbers).toHaveLength(4);
    expect(new Set(purchase.assignedNumbers).size).toBe(4);
    const claim = await findClaimByPurchase(server.db, purchaseId);
    expect(claim?.count).toBe(4);
    expect(await server.db.collection('number_claims').countDocuments({ purchaseId })).toBe(1);
    for (const m of about(purchaseId, TOPICS['numbers.assigned']))
      expect((m.value as { data: { numbers: string[] } }).data.numbers).toEqual(
        purchase.assignedNumbers,
      );
    expectOneEmailAndSms(purchase.buyer.email, purchase.assignedNumbers);
  });

  it('a numbers worker killed between allocating and recording: the redelivery records the very numbers it allocated', async () => {
    const { purchaseId, paid } = await paidOrder(3);
    // The first worker got as far as the claim, then died: nothing recorded, no event.
    const allocated = await allocateNumbers(server.db, {
      raffleId: 'current',
      purchaseId,
      quantity: 3,
    });
    expect((await getPurchase(server.db, purchaseId))?.assignedNumbers).toEqual([]);

    // Kafka hands the uncommitted message to another member, twice for good measure.
    await handleNumbersMessage(server.deps, paid);
    await handleNumbersMessage(server.deps, paid);
    await waitFor(() => about(purchaseId, TOPICS['numbers.assigned']).length === 2, {
      message: 'numbers.assigned',
    });
    await notifyEach(purchaseId);

    const purchase = (await getPurchase(server.db, purchaseId))!;
    expect(purchase.assignedNumbers).toEqual(allocated.numbers);
    expect(await server.db.collection('number_claims').countDocuments({ purchaseId })).toBe(1);
    expectOneEmailAndSms(purchase.buyer.email, purchase.assignedNumbers);
    // No number of this purchase is held by any other purchase.
    const others = await server.db
      .collection<{ _id: string; assignedNumbers: string[] }>('purchases')
      .find({ _id: { $ne: purchaseId } })
      .toArray();
    const taken = new Set(others.flatMap((p) => p.assignedNumbers ?? []));
    expect(purchase.assignedNumbers.some((n) => taken.has(n))).toBe(false);
  });
});
