// Purchases as the reports see them, for tests: a stored purchase of the status asked,
// and the events the pipeline's transitions publish for it, so the reports worker
// writes its fact as in production.
import { TOPICS, type PurchaseLifecycleEvent } from '@vag/contracts';
import type { PurchaseSale } from '@vag/core/db/purchases';
import { queryReport } from '@vag/core/db/report-facts';
import { generateRaffleNumbers } from '@vag/core/db/raffle-numbers';
import { paidEvent, purchaseEvent } from '@vag/core/pipeline/purchase-events';
import { waitFor } from '@vag/core/testing/wait';
import type { TestServer } from './server';

/**
 * Names the first raffle and adds a second one on sale, 'Rifa Express' (id 'r-b'), with
 * its numbers, so the numbers worker numbers its paid purchases as it does the first's.
 */
export async function twoRaffles(server: Pick<TestServer, 'db'>): Promise<void> {
  const raffles = server.db.collection<{ _id: string }>('raffles');
  // Both on sale, so published: a raffle never published is a draft, which resellers never see.
  await raffles.updateOne(
    { _id: 'current' },
    { $set: { name: 'Gran Rifa' }, $min: { publishedAt: new Date() } },
  );
  await raffles.insertOne({
    _id: 'r-b',
    name: 'Rifa Express',
    slug: 'rifa-express',
    prize: 'iPhone 16',
    imageUrl: '',
    endDate: new Date(Date.now() + 7 * 86_400_000),
    isActive: true,
    featured: false,
    status: 'on_sale',
    publishedAt: new Date(),
    totalNumbers: 100,
    numberWidth: 2,
    pricePerNumber: 2,
    createdAt: new Date(),
  } as never);
  await generateRaffleNumbers(server.db, 'r-b');
}

export type RecordedPurchase = ReturnType<typeof reportPurchase>;

/** A stored purchase (COMPLETED, PayPal, 10 numbers, raffle 'current' unless told otherwise). */
export function reportPurchase(over: Record<string, unknown>) {
  return {
    _id: crypto.randomUUID(),
    raffleId: 'current',
    createdAt: new Date('2026-12-05T15:30:00Z'),
    updatedAt: new Date('2026-12-05T15:30:00Z'),
    buyer: {
      firstName: 'Ana',
      lastName: 'Pérez',
      email: 'ana@example.ec',
      phone: '0991234567',
      country: 'ECUADOR',
      address: 'Av. 9 de Octubre',
      city: 'Guayaquil',
      province: 'Guayas',
    },
    resellerCode: null,
    quantity: 10,
    unitPrice: 1,
    totalPrice: 10,
    paymentMethod: 'paypal',
    status: 'COMPLETED',
    packageId: 'p1',
    packageData: { name: 'Paquete 10', quantity: 10, price: 10 },
    packageType: 'normal',
    assignedNumbers: [],
    ...over,
  };
}

/** The events the pipeline's transitions publish for a purchase in this status (none while open). */
function lifecycle(doc: RecordedPurchase) {
  const sale = doc as unknown as PurchaseSale;
  const later = new Date(sale.createdAt.getTime() + 5 * 60_000);
  const events: PurchaseLifecycleEvent[] = [];
  if (doc.status === 'COMPLETED') events.push(paidEvent(sale, later));
  if (doc.status === 'EXPIRED')
    events.push(purchaseEvent('purchase.expired', sale, { expiredAt: later.toISOString() }, later));
  return events.map((event) => ({ topic: TOPICS[event.type], key: sale._id, value: event }));
}

/**
 * Stores purchases and publishes their events on the bus, as the outbox relay does;
 * resolves once the reports show each of them with its status (an open order shows at
 * once, from the purchase; the others once the worker wrote their fact). `recorded`
 * holds every purchase a test file stored so far, and the status it must end up with.
 */
export async function recordPurchases(
  server: TestServer,
  recorded: Map<string, string>,
  docs: RecordedPurchase[],
): Promise<void> {
  await server.db.collection('purchases').insertMany(docs as never[]);
  await server.deps.bus.publish(docs.flatMap(lifecycle));
  for (const doc of docs) recorded.set(doc._id, doc.status);
  await waitFor(
    async () => {
      const { rows } = await queryReport(server.db, {});
      return rows.length === recorded.size && rows.every((r) => recorded.get(r._id) === r.status);
    },
    { message: `${recorded.size} purchases in the reports with their statuses` },
  );
}
