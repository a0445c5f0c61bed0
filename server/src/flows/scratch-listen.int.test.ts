import { afterAll, beforeAll, it } from 'vitest';
import { ensureGuardIndexes, ensureIndexes } from '@vag/core/db/indexes';
import { startTestServer, type TestServer } from '../testing/server';
import { seedYearOfSales } from '../testing/year-of-sales';

const N = Number(process.env.SEED_N ?? 50000);
let store: TestServer;
beforeAll(async () => {
  store = await startTestServer({ env: { WORKERS: 'none' } });
  await drop();
  const t = Date.now();
  await seedYearOfSales(store, { purchases: N, raffles: 10 });
  console.log('seeded', N, 'in', Date.now() - t, 'ms');
}, 1_800_000);
afterAll(() => store?.stop());
const drop = async () => {
  for (const name of ['raffle_created', 'buyer_email_created']) await store.db.collection('purchases').dropIndex(name);
};
it('measures', async () => {
  let t = Date.now();
  const left = await ensureGuardIndexes(store.db);
  console.log(`AFTER (guards awaited): ${Date.now() - t} ms, left ${left.missing.length}`);
  t = Date.now();
  await ensureIndexes(store.db);
  console.log(`background build: ${Date.now() - t} ms`);
}, 1_800_000);
