// Start-up creates every collection's indexes: each db/ module exports its own
// `ensure…Indexes(db)`, listed here so that a newcomer sees them all in one place.
import type { Db } from 'mongodb';
import { ensureInstantPrizeIndexes } from './instant-prizes';
import { ensureNumberClaimIndexes } from './number-claims';
import { ensurePurchaseNumbersIndexes } from './purchase-numbers';

const indexCreators: Array<(db: Db) => Promise<unknown>> = [
  ensureNumberClaimIndexes,
  ensureInstantPrizeIndexes,
  ensurePurchaseNumbersIndexes,
];

export async function ensureIndexes(db: Db): Promise<void> {
  for (const create of indexCreators) await create(db);
}
