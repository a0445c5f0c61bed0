// A bank transfer holds its numbers briefly at first (purchaseLimits.firstHoldHours) and
// for the whole transfer hold (transferHoldHours) only once the buyer sends a receipt:
// an order nobody means to pay gives its numbers back within the first hold.
import type { CoreDeps } from '../deps';
import { extendHold } from '../db/order-holds';
import { lengthenFirstHold, type PurchaseDoc } from '../db/purchases';
import type { SettingsDoc } from '../db/settings';
import { currentSettings } from '../settings/live-settings';

const HOUR = 3_600_000;

/** A new transfer's reservation: the first hold, when it is the shorter one. */
export function firstTransferHold(
  settings: Pick<SettingsDoc, 'transferHoldHours' | 'purchaseLimits'>,
  now: Date,
): { expiresAt: Date; firstHold: boolean } {
  const full = settings.transferHoldHours;
  const first = settings.purchaseLimits.firstHoldHours;
  return first < full
    ? { expiresAt: new Date(now.getTime() + first * HOUR), firstHold: true }
    : { expiresAt: new Date(now.getTime() + full * HOUR), firstHold: false };
}

/**
 * After a receipt: the order holds its numbers until the whole transfer hold from its
 * creation. Answers the purchase as it now stands (unchanged when it had no first hold).
 */
export async function lengthenHoldForReceipt(
  deps: Pick<CoreDeps, 'db' | 'env' | 'settings'>,
  purchase: PurchaseDoc,
): Promise<PurchaseDoc> {
  if (!purchase.reservation.firstHold) return purchase;
  const { transferHoldHours } = await currentSettings(deps);
  const full = new Date(purchase.createdAt.getTime() + transferHoldHours * HOUR);
  const expiresAt = full > purchase.reservation.expiresAt ? full : purchase.reservation.expiresAt;
  const lengthened = await lengthenFirstHold(deps.db, purchase._id, expiresAt);
  if (!lengthened) return purchase;
  await extendHold(deps.db, purchase._id, expiresAt);
  return lengthened;
}
