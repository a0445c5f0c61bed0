// A bank transfer holds its numbers briefly at first (purchaseLimits.firstHoldHours) and
// for the whole transfer hold (transferHoldHours) only once the buyer sends a receipt:
// an order nobody means to pay gives its numbers back within the first hold. Only a file
// that can be a receipt lengthens it, and only once per order (README, "Purchase limits"):
// a 1×1 image moved a stranger's hold from 2 h to 48 h.
import { RECEIPT_HOLD_MIN_BYTES, RECEIPT_HOLD_MIN_SIDE, type ReceiptType } from '@vag/contracts';
import sharp from 'sharp';
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

interface ReceiptFile {
  data: Buffer;
  contentType: ReceiptType;
}

/**
 * After a receipt: the order holds its numbers until the whole transfer hold from its
 * creation, when the file can be a receipt. Answers the purchase as it now stands
 * (unchanged when it had no first hold, which a first lengthening removes) and whether
 * the file was refused as too small to be one.
 */
export async function lengthenHoldForReceipt(
  deps: Pick<CoreDeps, 'db' | 'env' | 'settings'>,
  purchase: PurchaseDoc,
  file: ReceiptFile,
): Promise<{ purchase: PurchaseDoc; unreadable: boolean }> {
  if (!purchase.reservation.firstHold) return { purchase, unreadable: false };
  if (!(await looksLikeReceipt(file))) return { purchase, unreadable: true };
  const { transferHoldHours } = await currentSettings(deps);
  const full = new Date(purchase.createdAt.getTime() + transferHoldHours * HOUR);
  const expiresAt = full > purchase.reservation.expiresAt ? full : purchase.reservation.expiresAt;
  const lengthened = await lengthenFirstHold(deps.db, purchase._id, expiresAt);
  if (!lengthened) return { purchase, unreadable: false };
  await extendHold(deps.db, purchase._id, expiresAt);
  return { purchase: lengthened, unreadable: false };
}

/**
 * Large enough to be a receipt: RECEIPT_HOLD_MIN_BYTES, and an image with its shorter side
 * at least RECEIPT_HOLD_MIN_SIDE pixels (read from its header alone; one that does not
 * decode is no receipt). Staff still see every file; this only decides the hold.
 */
async function looksLikeReceipt({ data, contentType }: ReceiptFile): Promise<boolean> {
  if (data.length < RECEIPT_HOLD_MIN_BYTES) return false;
  if (contentType === 'application/pdf') return true;
  try {
    const { width, height } = await sharp(data).metadata();
    return Math.min(width, height) >= RECEIPT_HOLD_MIN_SIDE;
  } catch {
    return false;
  }
}
