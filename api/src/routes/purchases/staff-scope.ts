// Which purchases a staff member may see (DESIGN, Security): admins every one; a reseller
// only those carrying their referral code. Every staff route about one purchase (its
// details, receipts, notifications, message deliveries) asks here, and a purchase out of
// reach answers 404, as one that does not exist.
import { SERVER } from '@vag/contracts';
import type { Db } from 'mongodb';
import { getPurchase, type PurchaseDoc } from '@vag/core/db/purchases';
import type { StaffUser } from '../../context';
import { apiError } from '../../lib/errors';

export function staffMaySee(
  staff: StaffUser,
  purchase: Pick<PurchaseDoc, 'resellerCode'>,
): boolean {
  return staff.role === 'admin' || (!!staff.code && purchase.resellerCode === staff.code);
}

/** The purchase `staff` may see, or a 404. */
export async function purchaseForStaff(db: Db, staff: StaffUser, id: string): Promise<PurchaseDoc> {
  const purchase = await getPurchase(db, id);
  if (!purchase || !staffMaySee(staff, purchase)) throw apiError(404, SERVER.purchaseNotFound);
  return purchase;
}
