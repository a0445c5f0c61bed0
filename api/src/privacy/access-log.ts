// Staff access to buyers' personal data, recorded in the audit log (LOPDP: who saw what,
// when). The entries are staff-only (contracts/src/audit.ts AUDIT_SCOPES) and name the
// order, never the person, so they say nothing once the buyer is anonymized.
import { AUDIT_TEXTS } from '@vag/contracts';
import { appendAudit } from '@vag/core/db/audit-log';
import type { PurchaseDoc } from '@vag/core/db/purchases';
import type { Db } from 'mongodb';
import type { StaffUser } from '../context';

type Purchase = Pick<PurchaseDoc, '_id' | 'orderCode' | 'raffleId'>;

const orderOf = (p: Pick<Purchase, '_id' | 'orderCode'>) => p.orderCode ?? p._id;

export function logBuyerDetailsViewed(db: Db, staff: StaffUser, purchase: Purchase) {
  return appendAudit(db, {
    actor: staff,
    action: 'personal_data.viewed',
    description: AUDIT_TEXTS.personalDataViewed(orderOf(purchase)),
    purchaseId: purchase._id,
    raffleId: purchase.raffleId,
  });
}

/**
 * One page of the staff history read: who, with which filters, and which orders it showed.
 * The search text is not kept (it may be a buyer's e-mail, and these entries name no person).
 */
export function logPurchaseListRead(
  db: Db,
  staff: StaffUser,
  page: {
    filters: readonly string[];
    purchases: readonly Pick<PurchaseDoc, '_id' | 'orderCode'>[];
    raffleId?: string | undefined;
  },
) {
  return appendAudit(db, {
    actor: staff,
    action: 'personal_data.listed',
    description: AUDIT_TEXTS.personalDataListed({
      filters: page.filters,
      orderCodes: page.purchases.map(orderOf),
    }),
    ...(page.raffleId ? { raffleId: page.raffleId } : {}),
  });
}

export function logReceiptViewed(db: Db, staff: StaffUser, purchase: Purchase) {
  return appendAudit(db, {
    actor: staff,
    action: 'receipt.viewed',
    description: AUDIT_TEXTS.receiptViewed(orderOf(purchase)),
    purchaseId: purchase._id,
    raffleId: purchase.raffleId,
  });
}

export function logReportExported(
  db: Db,
  staff: StaffUser,
  report: { format: 'pdf' | 'xlsx'; purchases: number; raffleId?: string | undefined },
) {
  return appendAudit(db, {
    actor: staff,
    action: 'personal_data.exported',
    description: AUDIT_TEXTS.personalDataExported(report.format, report.purchases),
    ...(report.raffleId ? { raffleId: report.raffleId } : {}),
  });
}
