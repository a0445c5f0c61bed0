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
  const fact: SaleFact = {
    ...sale,
    day: ecuadorDay(sale.paidAt) ?? sale.paidAt.toISOString().slice(0, 10),
    status: 'PAID',
    recordedAt: new Date(),
  };
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
  if (filter.from || filter.to)
    query.day = {
      ...(filter.from ? { $gte: filter.from } : {}),
      ...(filter.to ? { $lte: filter.to } : {}),
    };
  if (filter.resellerCode !== undefined) query.resellerCode = filter.resellerCode;
  return query;
}

/**
 * One `$sum` per pipeline: FerretDB v1 answers 0 for every accumulator of a `$group`
 * but the first (measured), so each total is its own aggregation.
 */
async function sumBy<K>(
  db: Db,
  filter: SalesFilter,
  key: unknown,
  field: '$quantity' | '$amount' | 1,
): Promise<Map<string, { key: K; total: number }>> {
  const rows = await facts(db)
    .aggregate<{ _id: K; total: number }>([
      { $match: match(filter) },
      { $group: { _id: key, total: { $sum: field } } },
    ])
    .toArray();
  return new Map(rows.map((r) => [JSON.stringify(r._id), { key: r._id, total: r.total }]));
}

/** Numbers sold per day and method (the dashboard chart). */
export async function salesChart(db: Db, filter: SalesFilter = {}): Promise<SalesChartDay[]> {
  const key = { day: '$day', method: '$paymentMethod' };
  const [quantities, amounts] = await Promise.all([
    sumBy<{ day: string; method: PaymentMethod }>(db, filter, key, '$quantity'),
    sumBy<{ day: string; method: PaymentMethod }>(db, filter, key, '$amount'),
  ]);
  const byDay = new Map<string, SalesChartDay>();
  for (const [k, { key: group, total }] of quantities) {
    const entry = byDay.get(group.day) ?? {
      day: group.day,
      byMethod: emptyByMethod(),
      total: 0,
      amount: 0,
    };
    entry.byMethod[group.method] = (entry.byMethod[group.method] ?? 0) + total;
    entry.total += total;
    entry.amount = Math.round((entry.amount + (amounts.get(k)?.total ?? 0)) * 100) / 100;
    byDay.set(group.day, entry);
  }
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}

export type SalesDimension = 'day' | 'paymentMethod' | 'resellerCode' | 'packageType' | 'status';

/** Totals (numbers, dollars, purchases) grouped by one dimension. */
export async function salesBy(
  db: Db,
  dimension: SalesDimension,
  filter: SalesFilter = {},
): Promise<Array<{ key: string | null; quantity: number; amount: number; purchases: number }>> {
  const key = `$${dimension}`;
  const [quantities, amounts, counts] = await Promise.all([
    sumBy<string | null>(db, filter, key, '$quantity'),
    sumBy<string | null>(db, filter, key, '$amount'),
    sumBy<string | null>(db, filter, key, 1),
  ]);
  return [...quantities.entries()]
    .map(([k, { key: group, total }]) => ({
      key: group ?? null,
      quantity: total,
      amount: Math.round((amounts.get(k)?.total ?? 0) * 100) / 100,
      purchases: counts.get(k)?.total ?? 0,
    }))
    .sort((a, b) => String(a.key ?? '').localeCompare(String(b.key ?? '')));
}

/** "Borrar todo": the sales go with the purchases they came from. */
export async function deleteAllSales(db: Db): Promise<number> {
  return (await facts(db).deleteMany({})).deletedCount;
}
