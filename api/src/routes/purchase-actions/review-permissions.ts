// Who may confirm or reject a bank transfer: admins always; a reseller only when Ajustes
// allows it ('Los revendedores pueden confirmar pagos de sus ventas') and only for their
// own sales. Decided here, on the server, with a Spanish 403 otherwise.
import { ORDER_MESSAGES, SERVER } from '@vag/contracts';
import type { AppDeps, StaffUser } from '../../context';
import { getPurchase, type PurchaseDoc } from '@vag/core/db/purchases';
import { apiError } from '../../lib/errors';
import { currentSettings } from '@vag/core/settings/live-settings';

/** Why `staff` may not confirm or reject this purchase (Spanish), or null when they may. */
export async function reviewRefusal(
  deps: AppDeps,
  staff: StaffUser,
  purchase: Pick<PurchaseDoc, 'resellerCode'>,
): Promise<string | null> {
  if (staff.role === 'admin') return null;
  if (!(await currentSettings(deps)).resellersCanConfirm) return ORDER_MESSAGES.resellerConfirmOff;
  if (!staff.code || purchase.resellerCode !== staff.code) return ORDER_MESSAGES.resellerNotOwnSale;
  return null;
}

export async function purchaseToReview(
  deps: AppDeps,
  staff: StaffUser,
  id: string,
): Promise<PurchaseDoc> {
  const purchase = await getPurchase(deps.db, id);
  if (!purchase) throw apiError(404, SERVER.purchaseNotFound);
  const refusal = await reviewRefusal(deps, staff, purchase);
  if (refusal) throw apiError(403, refusal);
  return purchase;
}
