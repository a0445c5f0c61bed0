// Start-up creates every collection's indexes: each db/ module exports its own
// `ensure…Indexes(db)`, listed here so that a newcomer sees them all in one place.
import type { Db } from 'mongodb';
import { ensureMediaIndexes } from './media';
import { ensurePackagesIndexes } from './packages';
import { ensurePastRafflesIndexes } from './past-raffles';
import { ensurePurchaseQueryIndexes } from './purchase-queries';
import { ensureUsersIndexes } from './users';
import { ensureInstantPrizeIndexes } from './instant-prizes';
import { ensureNumberClaimIndexes } from './number-claims';
import { ensurePurchaseNumbersIndexes } from './purchase-numbers';
import { ensurePurchaseIndexes } from './purchases';
import { ensureSalesIndexes } from './sales';

const indexCreators: Array<(db: Db) => Promise<unknown>> = [
  ensureUsersIndexes,
  ensurePackagesIndexes,
  ensurePastRafflesIndexes,
  ensureMediaIndexes,
  ensurePurchaseQueryIndexes,
  ensureNumberClaimIndexes,
  ensureInstantPrizeIndexes,
  ensurePurchaseNumbersIndexes,
  ensurePurchaseIndexes,
  ensureSalesIndexes,
];

export async function ensureIndexes(db: Db): Promise<void> {
  for (const create of indexCreators) await create(db);
}
