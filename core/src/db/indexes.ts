// Start-up creates every collection's indexes: each db/ module exports its own
// `ensure…Indexes(db)`, listed here so that a newcomer sees them all in one place.
import type { Db } from 'mongodb';
import { ensureAuditLogIndexes } from './audit-log';
import { ensureBankStatementIndexes } from './bank-statements';
import { ensureMediaIndexes } from './media';
import { ensurePackagesIndexes } from './packages';
import { ensurePastRafflesIndexes } from './past-raffles';
import { ensureRaffleIndexes } from './raffle';
import { ensureUsersIndexes } from './users';
import { ensureInstantPrizeIndexes } from './instant-prizes';
import { ensureNumberClaimIndexes } from './number-claims';
import { ensureOrderHoldIndexes } from './order-holds';
import { ensurePurchaseNumbersIndexes } from './purchase-numbers';
import { ensurePurchaseIndexes } from './purchases';
import { ensureRateLimitIndexes } from './rate-limits';
import { ensureReportFactIndexes } from './report-facts';
import { ensureDataRequestIndexes } from './data-requests';
import { ensureDeliveryIndexes } from '../messaging/deliveries';
import { ensureInvoiceIndexes } from './invoices';
import { ensureInvoicingSettingsIndexes } from '../invoices/settings';
import { ensureNumberHoldIndexes } from './number-holds';
import { ensureReceiptFileIndexes } from './receipts';
import { ensureLookupRequestIndexes } from './lookup-requests';
import { ensureUnsubscribeLinkIndexes } from '../privacy/unsubscribe-token';

const indexCreators: Array<(db: Db) => Promise<unknown>> = [
  ensureUsersIndexes,
  ensureRaffleIndexes,
  ensurePackagesIndexes,
  ensurePastRafflesIndexes,
  ensureMediaIndexes,
  ensureNumberClaimIndexes,
  ensureInstantPrizeIndexes,
  ensurePurchaseNumbersIndexes,
  ensurePurchaseIndexes,
  ensureReportFactIndexes,
  ensureRateLimitIndexes,
  ensureAuditLogIndexes,
  ensureOrderHoldIndexes,
  ensureBankStatementIndexes,
  ensureDataRequestIndexes,
  ensureDeliveryIndexes,
  ensureUnsubscribeLinkIndexes,
  ensureInvoiceIndexes,
  ensureInvoicingSettingsIndexes,
  ensureNumberHoldIndexes,
  ensureReceiptFileIndexes,
  ensureLookupRequestIndexes,
];

export async function ensureIndexes(db: Db): Promise<void> {
  for (const create of indexCreators) await create(db);
}
