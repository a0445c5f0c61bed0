// The retention rule on a store with a raffle drawn 13 months ago and one drawn 11 months
// ago (12 months by default): the older raffle's buyers who did not win lose their
// personal data and receipts, its winner keeps theirs (60 months), the newer raffle's
// buyers — and a buyer of both — are untouched. Every buyer here typed the same phone
// and address: the retention's deletion touches no other buyer's records through them,
// and records the shared phone for staff review.
import { randomUUID } from 'node:crypto';
import { subMonths } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from 'mongodb';
import { saveReceiptFile } from '../db/receipts';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import { applyRetention } from './retention';

let t: TestDatabase;
const now = new Date();

async function purchase(db: Db, raffleId: string, email: string, receipt = false): Promise<string> {
  const _id = randomUUID();
  const receipts = receipt
    ? [{ id: randomUUID(), contentType: 'application/pdf', size: 4, uploadedAt: now }]
    : [];
  await db.collection<{ _id: string; [field: string]: unknown }>('purchases').insertOne({
    _id,
    raffleId,
    createdAt: now,
    buyer: {
      firstName: 'Rosa',
      lastName: email.split('@')[0],
      email,
      phone: '+593987654321',
      country: 'ECUADOR',
      address: 'Calle Sucre 45',
      city: 'Cuenca',
      province: 'Azuay',
    },
    quantity: 1,
    totalPrice: 2,
    status: 'COMPLETED',
    assignedNumbers: ['0042'],
    receipts,
  });
  for (const r of receipts)
    await saveReceiptFile(db, {
      receiptId: r.id,
      purchaseId: _id,
      data: Buffer.from('%PDF'),
      contentType: r.contentType,
    });
  return _id;
}

async function drawnRaffle(db: Db, _id: string, monthsAgo: number, winner: string | null) {
  await db.collection<{ _id: string; [field: string]: unknown }>('raffles').insertOne({
    _id,
    name: _id,
    draw: { recordedAt: subMonths(now, monthsAgo), winnerPurchaseId: winner },
  });
}

const buyerOf = async (db: Db, id: string) =>
  (await db
    .collection<{ _id: string; buyer: { email: string; firstName: string } }>('purchases')
    .findOne({ _id: id }))!.buyer;

let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestDatabase();
  const db = t.db;
  ids = {
    loser: await purchase(db, 'old', 'perdio@example.com', true),
    winner: await purchase(db, 'old', 'gano@example.com'),
    recent: await purchase(db, 'recent', 'reciente@example.com'),
    bothOld: await purchase(db, 'old', 'ambas@example.com'),
    bothRecent: await purchase(db, 'recent', 'ambas@example.com'),
  };
  await drawnRaffle(db, 'old', 13, ids.winner!);
  await drawnRaffle(db, 'recent', 11, null);
  // The winner's bank line and the recent buyer's SMS carry the phone and address the
  // loser typed too.
  await db.collection<{ _id: string; [field: string]: unknown }>('bank_statement_lines').insertOne({
    _id: 'line-winner',
    description: 'TRANSF ROSA Calle Sucre 45 +593987654321',
    reference: '+593987654321',
    amount: 2,
    purchaseId: ids.winner,
  });
  await db.collection<{ _id: string; [field: string]: unknown }>('message_deliveries').insertOne({
    _id: 'sms-recent',
    purchaseId: ids.recent,
    message: 'numbers',
    channel: 'sms',
    to: '+593987654321',
    status: 'delivered',
  });
});

afterAll(async () => {
  await t?.drop();
});

describe('applyRetention', () => {
  it("anonymizes the non-winners of a raffle drawn 13 months ago, deletes their receipts, keeps the winner, the 11-month raffle's buyers and a buyer of both", async () => {
    expect(await applyRetention(t.db, now)).toBe(1);

    const loser = await buyerOf(t.db, ids.loser!);
    expect(loser.firstName).toBe('Anónimo');
    expect(loser.email).toMatch(/@anonimo\.invalid$/);
    expect(await t.db.collection('receipts.files').countDocuments()).toBe(0);
    expect((await buyerOf(t.db, ids.winner!)).email).toBe('gano@example.com');
    expect((await buyerOf(t.db, ids.recent!)).email).toBe('reciente@example.com');
    expect((await buyerOf(t.db, ids.bothOld!)).email).toBe('ambas@example.com');

    // A second pass finds nothing more to do.
    expect(await applyRetention(t.db, now)).toBe(0);
  });

  it("touches no other buyer's records through the phone and address they share, and leaves the phone for staff review", async () => {
    const line = await t.db
      .collection('bank_statement_lines')
      .findOne({ _id: 'line-winner' as never });
    expect(line).toMatchObject({
      description: 'TRANSF ROSA Calle Sucre 45 +593987654321',
      reference: '+593987654321',
    });
    const sms = await t.db.collection('message_deliveries').findOne({ _id: 'sms-recent' as never });
    expect(sms?.to).toBe('+593987654321');
    const review = await t.db.collection('data_requests').findOne({ kind: 'deletion' });
    expect(review).toMatchObject({
      channel: 'staff',
      status: 'pending',
      email: expect.stringMatching(/@anonimo\.invalid$/),
    });
    expect(review!.review).toEqual([
      {
        field: 'phone',
        value: '+593987654321',
        otherOrders: expect.arrayContaining([ids.winner, ids.recent, ids.bothOld]),
      },
    ]);
  });

  it("anonymizes the winner once the winners' term has passed", async () => {
    await t.db
      .collection('settings')
      .updateOne(
        { _id: 'current' as never },
        { $set: { 'privacy.winnerRetentionMonths': 12 } },
        { upsert: true },
      );
    expect(await applyRetention(t.db, now)).toBe(1);
    expect((await buyerOf(t.db, ids.winner!)).firstName).toBe('Anónimo');
    expect((await buyerOf(t.db, ids.recent!)).email).toBe('reciente@example.com');
  });
});
