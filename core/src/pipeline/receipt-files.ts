// What keeps transfer receipts from filling the disk: an order keeps the files of its
// latest few receipts only, and an order that ended unpaid loses its receipts' files
// after a grace period, as do files no purchase lists (a periodic pass in every api
// process). The purchase keeps the
// record of each receipt; only the bytes go. A file is deleted before its record moves,
// so a crash between the two leaves a listed receipt without bytes (staff get 404, the
// next pass finishes the move), never bytes nobody lists.
import type { CoreDeps, Stoppable } from '../deps';
import {
  findEndedTransfersWithReceipts,
  recordReceiptRemoved,
  releaseReceiptsHeld,
} from '../db/order-review';
import { getPurchase, type PurchaseDoc, type ReceiptMeta } from '../db/purchases';
import {
  deleteReceiptFile,
  listReceiptFilesBefore,
  markReceiptFileListed,
  RECEIPTS_KEPT_AFTER_EXPIRY_MS,
  RECEIPTS_KEPT_PER_ORDER,
} from '../db/receipts';
import { startPeriodicJob } from '../periodic-job';

const BATCH = 100;
const HOUR = 3_600_000;

async function removeReceipt(
  deps: Pick<CoreDeps, 'db'>,
  purchaseId: string,
  receipt: ReceiptMeta,
  at: Date,
): Promise<boolean> {
  await deleteReceiptFile(deps.db, receipt.id);
  return recordReceiptRemoved(deps.db, purchaseId, receipt, at);
}

/** Deletes the files of every receipt but the latest few; answers the purchase as it now stands. */
export async function keepLatestReceipts<P extends Pick<PurchaseDoc, '_id' | 'receipts'>>(
  deps: Pick<CoreDeps, 'db'>,
  purchase: P,
  now: Date = new Date(),
): Promise<P> {
  const receipts = purchase.receipts ?? [];
  const older = receipts.slice(0, Math.max(0, receipts.length - RECEIPTS_KEPT_PER_ORDER));
  for (const receipt of older) await removeReceipt(deps, purchase._id, receipt, now);
  return { ...purchase, receipts: receipts.slice(older.length) };
}

/**
 * Deletes receipt files that no purchase lists: uploads refused after they were stored
 * (before uploads were checked first), or left by a crash between storing and listing.
 * Only files older than an hour, so an upload under way is never taken for one.
 */
export async function removeUnlistedReceiptFiles(
  deps: Pick<CoreDeps, 'db'>,
  now: Date = new Date(),
): Promise<number> {
  const files = await listReceiptFilesBefore(deps.db, new Date(now.getTime() - HOUR));
  const listed = new Map<string, Set<string>>();
  let removed = 0;
  for (const { receiptId, purchaseId } of files) {
    if (!listed.has(purchaseId)) {
      const purchase = purchaseId ? await getPurchase(deps.db, purchaseId) : null;
      listed.set(purchaseId, new Set((purchase?.receipts ?? []).map((r) => r.id)));
    }
    if (listed.get(purchaseId)!.has(receiptId)) {
      await markReceiptFileListed(deps.db, receiptId);
      continue;
    }
    await deleteReceiptFile(deps.db, receiptId);
    removed++;
  }
  return removed;
}

/** Deletes the receipts' files of transfers that expired unpaid more than the grace period before `now`. */
export async function removeReceiptsOfEndedTransfers(
  deps: Pick<CoreDeps, 'db'>,
  now: Date = new Date(),
): Promise<number> {
  const endedBefore = new Date(now.getTime() - RECEIPTS_KEPT_AFTER_EXPIRY_MS);
  let removed = 0;
  for (;;) {
    const due = await findEndedTransfersWithReceipts(deps.db, endedBefore, BATCH);
    let removedNow = 0;
    for (const purchase of due) {
      for (const receipt of purchase.receipts ?? [])
        if (await removeReceipt(deps, purchase._id, receipt, now)) removedNow++;
      await releaseReceiptsHeld(deps.db, purchase._id);
    }
    removed += removedNow;
    // Stop when done, or when nothing moved (another process is on the same batch).
    if (due.length < BATCH || removedNow === 0) return removed;
  }
}

export async function startReceiptFileSweeper(deps: CoreDeps): Promise<Stoppable> {
  const log = deps.log.child({ module: 'receipt-file-sweeper' });
  return startPeriodicJob({
    everyMs: HOUR,
    pass: async () => {
      const ended = await removeReceiptsOfEndedTransfers(deps);
      const unlisted = await removeUnlistedReceiptFiles(deps);
      if (ended + unlisted > 0) log.info({ ended, unlisted }, 'receipt files deleted');
    },
    log,
    failure: 'receipt file sweep failed; the next one retries',
  });
}
