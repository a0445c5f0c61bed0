// The reports worker's projections: one sale per paid purchase, whatever the redelivery.
import { salesBy, salesChart } from '@vag/api/db/sales';
import { afterEach, describe, expect, it } from 'vitest';
import { paidPurchase, purchasePaid, workerDeps } from '../testing/pipeline-fixtures';
import { handleReportsMessage } from './index';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('reports worker', () => {
  it('purchase.paid handler is idempotent when delivered twice', async () => {
    const w = await workerDeps();
    cleanups.push(w.stop);
    const { deps } = w;
    // 23:30 in Guayaquil on 2026-03-01 is already 2026-03-02 in UTC: the day is Ecuador's.
    const paidAt = new Date('2026-03-02T04:30:00Z');
    const a = await paidPurchase(deps, {
      quantity: 3,
      totalPrice: 6,
      paymentMethod: 'paypal',
      paidAt,
      resellerCode: 'RITA01',
    });
    const b = await paidPurchase(deps, {
      quantity: 5,
      totalPrice: 10,
      paymentMethod: 'bank_transfer',
      paidAt,
      packageType: 'normal',
    });
    for (const message of [purchasePaid(a), purchasePaid(a), purchasePaid(b)])
      await handleReportsMessage(deps, message);
    await Promise.all([
      handleReportsMessage(deps, purchasePaid(b)),
      handleReportsMessage(deps, purchasePaid(b)),
    ]);

    expect(await salesChart(deps.db)).toEqual([
      {
        day: '2026-03-01',
        byMethod: { paypal: 3, card: 0, bank_transfer: 5, mobile: 0 },
        total: 8,
        amount: 16,
      },
    ]);
    expect(await salesBy(deps.db, 'resellerCode')).toEqual([
      { key: null, quantity: 5, amount: 10, purchases: 1 },
      { key: 'RITA01', quantity: 3, amount: 6, purchases: 1 },
    ]);
    expect(await salesChart(deps.db, { resellerCode: 'RITA01' })).toMatchObject([{ total: 3 }]);
    expect(await salesChart(deps.db, { from: '2026-03-02' })).toEqual([]);
  });
});
