// Worker test helpers: deps on a fresh test database, and a paid purchase as the
// payment confirmation leaves it.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, InProcessBus, parseEnv, withCoreServices, type CoreDeps } from '@vag/core';
import { insertPurchase, type PurchaseDoc } from '@vag/core/db/purchases';
import { purchaseEvent } from '@vag/core/pipeline/purchase-events';
import { createTestDatabase, type TestDatabase } from '@vag/core/testing/test-db';
import { makeEvent, TOPICS } from '@vag/contracts';

export async function workerDeps(
  env: Record<string, string> = {},
): Promise<{ deps: CoreDeps; database: TestDatabase; stop(): Promise<void> }> {
  const database = await createTestDatabase();
  const bus = new InProcessBus();
  const parsed = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vag-workers-')),
    ...env,
  });
  const deps: CoreDeps = withCoreServices({
    env: parsed,
    db: database.db,
    bus,
    log: createLogger(process.env.VAG_TEST_LOG_LEVEL ?? 'silent', 'test-workers'),
  });
  return {
    deps,
    database,
    stop: async () => {
      await bus.close();
      await database.drop();
    },
  };
}

export async function paidPurchase(
  deps: Pick<CoreDeps, 'db'>,
  overrides: Partial<PurchaseDoc> = {},
): Promise<PurchaseDoc> {
  const now = new Date();
  const quantity = overrides.quantity ?? 3;
  const doc: PurchaseDoc = {
    _id: randomUUID(),
    raffleId: 'current',
    createdAt: now,
    updatedAt: now,
    buyer: {
      firstName: 'Lucía',
      lastName: 'Andrade',
      email: `lucia-${randomUUID().slice(0, 6)}@example.com`,
      phone: '0987654321',
      country: 'ECUADOR',
      address: 'Calle 10',
      city: 'Cuenca',
      province: 'Azuay',
    },
    resellerCode: null,
    quantity,
    unitPrice: 2,
    totalPrice: quantity * 2,
    paymentMethod: 'mobile',
    status: 'COMPLETED',
    packageId: null,
    packageData: { name: 'Personalizado', quantity, price: quantity * 2 },
    packageType: 'custom',
    reservation: { active: false, expiresAt: now },
    paidAt: now,
    assignedNumbers: [],
    ...overrides,
  };
  await insertPurchase(deps.db, doc);
  return doc;
}

export function numbersAssigned(
  purchase: PurchaseDoc,
  numbers: string[],
  instantPrizes: Array<{ number: string; amount: number }> = [],
) {
  return {
    topic: TOPICS['numbers.assigned'],
    key: purchase._id,
    value: makeEvent('numbers.assigned', {
      purchaseId: purchase._id,
      raffleId: purchase.raffleId,
      numbers,
      instantPrizes,
    }),
  };
}

export function purchasePaid(purchase: PurchaseDoc) {
  return {
    topic: TOPICS['purchase.paid'],
    key: purchase._id,
    value: purchaseEvent(
      'purchase.paid',
      purchase,
      { paidAt: (purchase.paidAt ?? new Date()).toISOString() },
      purchase.paidAt ?? new Date(),
    ),
  };
}
