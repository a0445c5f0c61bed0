// A store with a year of sales, for the tests that the back office's screens and start-up
// stay quick however much was sold: one purchase written by the product (a bank-transfer
// order through create-order), cloned into thousands across many raffles, days, buyers,
// methods and statuses with one bulk insert each thousand. Whoever needs the report facts
// projects them (catchUpFacts); the start-up test leaves them behind on purpose.
import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';
import { auditDoc } from '@vag/core/db/audit-log';
import type { AuditDoc } from '@vag/core/db/audit-doc';
import { activeRaffle, customOrder, postJson } from '@vag/api/payments/test-fixtures';
import type { TestServer } from './server';

export interface YearOfSales {
  /** The raffles' ids, 'y-00' … (each with a record named 'Rifa 00' …). */
  raffleIds: string[];
  /** How many purchases each e-mail of `emailOf(i)` holds. */
  emailOf: (i: number) => string;
  /** The purchases as inserted, oldest first. */
  purchases: SeededPurchase[];
}

export interface SeededPurchase {
  _id: string;
  raffleId: string;
  createdAt: Date;
  status: 'COMPLETED' | 'EXPIRED' | 'PENDING';
  quantity: number;
  totalPrice: number;
  paymentMethod: string;
  resellerCode: string | null;
  buyer: { email: string };
}

const YEAR_MS = 365 * 86_400_000;
const METHODS = ['paypal', 'card', 'bank_transfer', 'mobile'] as const;

/** Every `n`-th purchase is open, every `n`-th + 1 expired, the rest paid. */
const statusOf = (i: number): SeededPurchase['status'] =>
  i % 20 === 0 ? 'PENDING' : i % 20 === 1 ? 'EXPIRED' : 'COMPLETED';

export async function seedYearOfSales(
  server: Pick<TestServer, 'db' | 'url'>,
  options: { purchases: number; raffles: number; emails?: number; resellerCode?: string },
): Promise<YearOfSales> {
  const { db } = server;
  const template = await oneRealPurchase(server);
  const raffleIds = await cloneRaffles(db, options.raffles);
  const emails = options.emails ?? Math.ceil(options.purchases / 10);
  const emailOf = (i: number) => `comprador-${String(i % emails).padStart(5, '0')}@example.ec`;
  const end = Date.now() - 60_000;
  const purchases: SeededPurchase[] = [];
  for (let start = 0; start < options.purchases; start += 1000) {
    const docs = [];
    for (let i = start; i < Math.min(start + 1000, options.purchases); i++) {
      const createdAt = new Date(end - YEAR_MS + Math.floor((i * YEAR_MS) / options.purchases));
      const status = statusOf(i);
      const quantity = 1 + (i % 5);
      const sale: SeededPurchase = {
        _id: randomUUID(),
        raffleId: raffleIds[i % raffleIds.length]!,
        createdAt,
        status,
        quantity,
        totalPrice: quantity * 2,
        paymentMethod: METHODS[i % METHODS.length]!,
        resellerCode: options.resellerCode && i % 3 === 0 ? options.resellerCode : null,
        buyer: { email: emailOf(i) },
      };
      purchases.push(sale);
      docs.push(clonedPurchase(template, sale));
    }
    await db.collection('purchases').insertMany(docs as never[]);
  }
  return { raffleIds, emailOf, purchases };
}

/** A bank-transfer order as create-order stores it, read back whole. */
async function oneRealPurchase(server: Pick<TestServer, 'db' | 'url'>) {
  await activeRaffle(server.db, { totalNumbers: 1000, pricePerNumber: 2 });
  const created = await postJson(
    `${server.url}/api/payments/create-order`,
    customOrder('bank_transfer', 1, 2),
  );
  if (created.status >= 300) throw new Error(`create-order: ${JSON.stringify(created.body)}`);
  const doc = await server.db
    .collection<{ _id: string }>('purchases')
    .findOne({ _id: created.body.purchaseId });
  if (!doc) throw new Error('create-order stored no purchase');
  return doc as Record<string, unknown> & { _id: string; buyer: Record<string, unknown> };
}

/** The template with the sale's fields; a closed order loses its reservation as the product's do. */
function clonedPurchase(
  template: Record<string, unknown> & { buyer: Record<string, unknown> },
  sale: SeededPurchase,
) {
  const {
    reservation,
    orderCode: _code,
    accessKey: _key,
    outbox: _outbox,
    ...rest
  } = template as Record<string, unknown>;
  return {
    ...rest,
    ...sale,
    // Each buyer their own phone and cédula, as people are: the export's check of whether
    // another buyer typed the same one finds only theirs.
    buyer: {
      ...template.buyer,
      email: sale.buyer.email,
      phone: `09${sale.buyer.email.replace(/\D/g, '').padStart(8, '0')}`,
      document: `17${sale.buyer.email.replace(/\D/g, '').padStart(8, '0')}`,
    },
    unitPrice: 2,
    packageData: { name: 'Personalizado', quantity: sale.quantity, price: sale.totalPrice },
    orderCode: `Y${sale._id.replace(/-/g, '').slice(0, 10).toUpperCase()}`,
    accessKey: randomUUID(),
    updatedAt: sale.createdAt,
    ...(sale.status === 'PENDING' ? { reservation } : {}),
    ...(sale.status === 'COMPLETED'
      ? { paidAt: new Date(sale.createdAt.getTime() + 5 * 60_000) }
      : {}),
  };
}

/** Raffle records 'y-00' … cloned from the first raffle's, each named and published. */
async function cloneRaffles(db: Db, count: number): Promise<string[]> {
  const first = await db.collection<{ _id: string }>('raffles').findOne({ _id: 'current' });
  const ids = Array.from({ length: count }, (_, i) => `y-${String(i).padStart(2, '0')}`);
  await db.collection<{ _id: string }>('raffles').insertMany(
    ids.map((id, i) => ({
      ...first,
      _id: id,
      name: `Rifa ${String(i).padStart(2, '0')}`,
      slug: `rifa-${id}`,
      featured: false,
      status: 'on_sale',
      publishedAt: new Date(),
      // Their numbers are not generated: the reconciler leaves their counters alone (the
      // clones' counters say nothing of the cloned sales).
      numbersGenerated: false,
    })) as never[],
  );
  return ids;
}

/** `count` audit entries, spread over the raffles and the year, newest last. */
export async function seedAuditTrail(db: Db, raffleIds: string[], count: number): Promise<void> {
  const end = Date.now() - 60_000;
  for (let start = 0; start < count; start += 1000) {
    const docs: AuditDoc[] = [];
    for (let i = start; i < Math.min(start + 1000, count); i++)
      docs.push(
        auditDoc(
          {
            actor: { id: 'staff-1', email: 'admin@voyaganar.ec' },
            action: 'payment.confirmed',
            description: `Transferencia confirmada ${i}`,
            raffleId: raffleIds[i % raffleIds.length]!,
            raffleRef: null,
          },
          new Date(end - YEAR_MS + Math.floor((i * YEAR_MS) / count)),
        ),
      );
    await db.collection<AuditDoc>('audit_log').insertMany(docs);
  }
}
