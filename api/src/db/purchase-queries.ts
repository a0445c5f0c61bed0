// Read-only queries over `purchases` for the reports screen and its exports. Writes to
// purchases belong to the payments and numbers code; this module never changes them.
import type { Db, Filter } from 'mongodb';

export interface ReportFilter {
  /** Inclusive lower bound of createdAt. */
  from?: Date;
  /** Exclusive upper bound of createdAt. */
  until?: Date;
  paymentMethod?: string;
  resellerCode?: string;
  packageType?: 'normal' | 'custom';
  statuses?: string[];
}

export interface ReportRowDoc {
  _id: string;
  buyer: { firstName: string; lastName: string; email: string };
  paymentMethod: string;
  quantity: number;
  totalPrice: number;
  status: string;
  resellerCode: string | null;
  packageType?: 'normal' | 'custom';
  createdAt: Date;
}

export interface PurchaseReport {
  totals: { totalAmount: number; totalTickets: number };
  rows: ReportRowDoc[];
}

interface PurchaseDocForReport extends ReportRowDoc {
  [key: string]: unknown;
}

const purchases = (db: Db) => db.collection<PurchaseDocForReport>('purchases');

export async function ensurePurchaseQueryIndexes(db: Db): Promise<void> {
  // Resellers' reports always filter by their code, usually over a date range.
  await purchases(db).createIndex({ resellerCode: 1, createdAt: -1 });
}

function toQuery(filter: ReportFilter): Filter<PurchaseDocForReport> {
  const query: Filter<PurchaseDocForReport> = {};
  if (filter.from || filter.until) {
    query.createdAt = {
      ...(filter.from ? { $gte: filter.from } : {}),
      ...(filter.until ? { $lt: filter.until } : {}),
    };
  }
  if (filter.paymentMethod) query.paymentMethod = filter.paymentMethod;
  if (filter.resellerCode !== undefined) query.resellerCode = filter.resellerCode;
  if (filter.packageType) query.packageType = filter.packageType;
  if (filter.statuses) query.status = { $in: filter.statuses };
  return query;
}

export async function queryPurchaseReport(db: Db, filter: ReportFilter): Promise<PurchaseReport> {
  const found = await purchases(db)
    .find(toQuery(filter), {
      projection: {
        _id: 1,
        'buyer.firstName': 1,
        'buyer.lastName': 1,
        'buyer.email': 1,
        paymentMethod: 1,
        quantity: 1,
        totalPrice: 1,
        status: 1,
        resellerCode: 1,
        packageType: 1,
        createdAt: 1,
      },
    })
    .sort({ createdAt: -1 })
    .toArray();
  const rows: ReportRowDoc[] = found.map((r) => ({
    _id: r._id,
    buyer: {
      firstName: r.buyer?.firstName ?? '',
      lastName: r.buyer?.lastName ?? '',
      email: r.buyer?.email ?? '',
    },
    paymentMethod: r.paymentMethod,
    quantity: r.quantity,
    totalPrice: r.totalPrice,
    status: r.status,
    resellerCode: r.resellerCode ?? null,
    ...(r.packageType ? { packageType: r.packageType } : {}),
    createdAt: r.createdAt,
  }));
  // Summed here rather than with $group: FerretDB v1 computes only the first of two
  // $sum accumulators in one $group (the second comes back 0), and the rows are read anyway.
  let amountCents = 0;
  let tickets = 0;
  for (const row of rows) {
    amountCents += Math.round((row.totalPrice ?? 0) * 100);
    tickets += row.quantity ?? 0;
  }
  return { totals: { totalAmount: amountCents / 100, totalTickets: tickets }, rows };
}
