// Sales projections kept by the reports worker: one fact per paid purchase
// (`sales_facts`, `_id` = purchaseId) with the dimensions reports group by — day in
// Ecuador time, method, reseller, package type, status. Inserting a fact keyed by the
// purchase is naturally idempotent: a redelivered event never counts twice.
import { ecuadorDay, emptyByMethod, type PaymentMethod, type SalesChartDay } from '@vag/contracts';
import type { Db, Filter } from 'mongodb';
import { isDuplicateKey } from './raffle-numbers';

export interface SaleFact {
  _id: string;
  raffleId: string;
  day: string;
  paymentMethod: PaymentMethod;
  resellerCode: string | null;
  packageType: 'normal' | 'custom';
  status: 'PAID';
  quantity: number;
  amount: number;
  paidAt: Date;
  recordedAt: Date;
}

const facts = (db: Db) => db.collection<SaleFact>('sales_facts');

export async function ensureSalesIndexes(db: Db): Promise<void> {
  await facts(db).createIndex({ day: 1, paymentMethod: 1 }, { name: 'day_method' });
  await facts(db).createIndex({ resellerCode: 1, day: 1 }, { name: 'reseller_day' });
}

/** Records the sale once; answers false when it was already recorded. */
export async function recordSale(
  db: Db,
  sale: Omit<SaleFact, 'day' | 'status' | 'recordedAt'>,
): Promise<boolean> {
  const fact: SaleFact = { ...sale, day: ecuadorDay(sale.paidAt) ?? sale.paidAt.toISOString().slice(0, 10), status: 'PAID', recordedAt: new Date() };
  const { _id, ...rest } = fact;
  try {
    const result = await facts(db).updateOne({ _id }, { $setOnInsert: rest }, { upsert: true });
    return result.upsertedCount === 1;
  } catch (error) {
    if (isDuplicateKey(error)) return false; // a concurrent delivery inserted it first
    throw error;
  }
}

export interface SalesFilter {
  from?: string;
  to?: string;
  resellerCode?: string;
}

function match(filter: SalesFilter): Filter<SaleFact> {
  const query: Filter<SaleFact> = {};
  if (filter.from || filter.to) query.day = { ...(filter.from ? { $gte: filter.from } : {}), ...(filter.to ? { $lte: filter.to } : {}) };
  if (filter.resellerCode !== undefined) query.resellerCode = filter.resellerCode;
  return query;
}

/** Numbers sold per day and method (the dashboard chart). */
export async function salesChart(db: Db, filter: SalesFilter = {}): Promise<SalesChartDay[]> {
  const rows = await facts(db)
    .aggregate<{ _id: { day: string; method: PaymentMethod }; quantity: number; amount: number }>([
      { $match: match(filter) },
      { $group: { _id: { day: '$day', method: '$paymentMethod' }, quantity: { $sum: '$quantity' }, amount: { $sum: '$amount' } } },
    ])
    .toArray();
  const byDay = new Map<string, SalesChartDay>();
  for (const row of rows) {
    const entry = byDay.get(row._id.day) ?? { day: row._id.day, byMethod: emptyByMethod(), total: 0, amount: 0 };
    entry.byMethod[row._id.method] = (entry.byMethod[row._id.method] ?? 0) + row.quantity;
    entry.total += row.quantity;
    entry.amount = Math.round((entry.amount + row.amount) * 100) / 100;
    byDay.set(row._id.day, entry);
  }
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}

export type SalesDimension = 'day' | 'paymentMethod' | 'resellerCode' | 'packageType' | 'status';

/** Totals (numbers and dollars) grouped by one dimension. */
export async function salesBy(db: Db, dimension: SalesDimension, filter: SalesFilter = {}): Promise<Array<{ key: string | null; quantity: number; amount: number; purchases: number }>> {
  const rows = await facts(db)
    .aggregate<{ _id: string | null; quantity: number; amount: number; purchases: number }>([
      { $match: match(filter) },
      { $group: { _id: `$${dimension}`, quantity: { $sum: '$quantity' }, amount: { $sum: '$amount' }, purchases: { $sum: 1 } } },
      { $sort: { _id: 1 } },
    ])
    .toArray();
  return rows.map((r) => ({ key: r._id, quantity: r.quantity, amount: Math.round(r.amount * 100) / 100, purchases: r.purchases }));
}
