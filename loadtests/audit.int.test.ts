// The sellout audit per raffle: two raffles on sale side by side each sell their own
// numbers 0..N-1, so the same number in both is two sales, not one sold twice, while a
// number sold twice inside one raffle is still caught, and only in that raffle.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reconcileFacts } from '@vag/core/db/report-facts';
import { createTestDatabase, type TestDatabase } from '@vag/core/testing/test-db';
import { auditRaffles, formatReport, type RaffleAudit } from './audit';

type Doc = { _id: string; [field: string]: unknown };

const N = 10;
const later = new Date(Date.now() + 3_600_000);

/** A paid purchase of `numbers` in `raffleId`, with its messages sent, at $1 a number. */
function paid(raffleId: string, numbers: number[]) {
  return {
    _id: randomUUID(),
    raffleId,
    createdAt: new Date(),
    buyer: { firstName: 'Ana', lastName: 'Pérez', email: 'ana@example.ec' },
    paymentMethod: 'paypal',
    resellerCode: null,
    packageType: 'custom',
    status: 'COMPLETED',
    quantity: numbers.length,
    totalPrice: numbers.length,
    assignedNumbers: numbers.map((n) => String(n).padStart(2, '0')),
    reservation: { active: false, expiresAt: later },
    notifications: { email: { status: 'sent' }, sms: { status: 'sent' } },
    paidAt: new Date(),
  };
}

const failing = (audit: RaffleAudit | undefined) =>
  audit?.report.results.filter((r) => !r.ok).map((r) => r.id);

describe('the sellout audit, raffle by raffle', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(async () => {
    await t.drop();
  });

  /** A sold-out raffle: its record, its purchases, one claim each and the reports' facts. */
  async function soldOut(raffleId: string, purchases: Array<ReturnType<typeof paid>>) {
    const sold = purchases.reduce((s, p) => s + p.quantity, 0);
    await t.db.collection<Doc>('raffles').insertOne({
      _id: raffleId,
      totalNumbers: N,
      numberWidth: 2,
      numbersGenerated: true,
      available: N - sold,
      reserved: 0,
      sold,
      soldOut: sold === N,
    });
    await t.db.collection('purchases').insertMany(purchases as never[]);
    // The reports' facts of every raffle's purchases (a pass over some would drop the rest's).
    const all = await t.db.collection('purchases').find().toArray();
    await reconcileFacts(t.db, async () => all as never[]);
    let start = 0;
    for (const p of purchases) {
      await t.db.collection<Doc>('number_claims').insertOne({
        _id: `${raffleId}:${start}`,
        raffleId,
        start,
        count: p.quantity,
        purchaseId: p._id,
      });
      start += p.quantity;
    }
  }

  it('two raffles selling the same numbers 00–09 each pass their own audit, every raffle that sold is audited', async () => {
    await soldOut('rifa-a', [paid('rifa-a', [0, 1, 2, 3, 4, 5]), paid('rifa-a', [6, 7, 8, 9])]);
    await soldOut('rifa-b', [paid('rifa-b', [9, 8, 7]), paid('rifa-b', [0, 1, 2, 3, 4, 5, 6])]);

    const audits = await auditRaffles(t.db);

    expect(audits.map((a) => a.raffleId)).toEqual(['rifa-a', 'rifa-b']);
    for (const { raffleId, report } of audits) {
      expect(report.ok, `${raffleId}\n${formatReport(report)}`).toBe(true);
      expect(report.stats).toMatchObject({ totalNumbers: N, completed: 2, assigned: N });
    }
  });

  it('a number sold twice inside raffle A fails A (I1) and leaves B passing', async () => {
    await soldOut('rifa-a', [paid('rifa-a', [0, 1, 2, 3, 4, 5]), paid('rifa-a', [5, 6, 7, 8])]);
    await soldOut('rifa-b', [paid('rifa-b', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9])]);

    const [a, b] = await auditRaffles(t.db, { raffleIds: ['rifa-a', 'rifa-b'] });

    expect(failing(a)).toContain('I1');
    expect(a?.report.results.find((r) => r.id === 'I1')?.details.join('\n')).toMatch(
      /number 05 held by/,
    );
    expect(failing(b)).toEqual([]);
  });
});
