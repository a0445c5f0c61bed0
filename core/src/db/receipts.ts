// Transfer receipts (JPEG, PNG or PDF) in GridFS, one file per upload, named by the
// receipt id the purchase lists. Only an order's latest few keep their bytes
// (RECEIPTS_KEPT_PER_ORDER), and an order that ended unpaid loses them after a grace
// period: the purchase keeps the record of every receipt (removedReceipts), never the disk.
import { GridFSBucket, type Db, type ObjectId } from 'mongodb';

/** Receipts per order whose files are kept: a buyer re-sending a blurry photo needs no more. */
export const RECEIPTS_KEPT_PER_ORDER = 3;

/**
 * How long an expired transfer keeps its receipts' files: staff may still confirm a
 * transfer that arrived late (confirm-transfer accepts EXPIRED) and need to see it.
 */
export const RECEIPTS_KEPT_AFTER_EXPIRY_MS = 7 * 24 * 3_600_000;

const bucket = (db: Db) => new GridFSBucket(db, { bucketName: 'receipts' });
/** The bucket's file records, with the `unchecked` marker GridFS itself does not write. */
const fileRecords = (db: Db) =>
  db.collection<{ _id: ObjectId; filename: string; unchecked?: true }>('receipts.files');

/**
 * The clean-up of files no purchase lists reads only the files it has not yet seen listed:
 * an indexed marker each upload sets, not a range over every file stored (DESIGN, "Queries
 * on a year of data").
 */
export async function ensureReceiptFileIndexes(db: Db): Promise<void> {
  await fileRecords(db).createIndex({ unchecked: 1 });
}

export async function saveReceiptFile(
  db: Db,
  file: { receiptId: string; purchaseId: string; data: Buffer; contentType: string },
): Promise<void> {
  const { receiptId, purchaseId, data, contentType } = file;
  const upload = bucket(db).openUploadStream(receiptId, { metadata: { contentType, purchaseId } });
  await new Promise<void>((resolve, reject) => {
    upload.once('finish', () => resolve());
    upload.once('error', reject);
    upload.end(data);
  });
  await fileRecords(db).updateOne({ _id: upload.id }, { $set: { unchecked: true } });
}

export async function readReceiptFile(
  db: Db,
  receiptId: string,
): Promise<{ data: Buffer; contentType: string; purchaseId: string } | null> {
  const b = bucket(db);
  const [file] = await b.find({ filename: receiptId }).limit(1).toArray();
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of b.openDownloadStream(file._id as ObjectId))
    chunks.push(chunk as Buffer);
  const meta = (file.metadata ?? {}) as { contentType?: string; purchaseId?: string };
  return {
    data: Buffer.concat(chunks),
    contentType: meta.contentType ?? 'application/octet-stream',
    purchaseId: meta.purchaseId ?? '',
  };
}

/** Deletes the bytes of a receipt (a file already gone is no error: deleting twice is safe). */
export async function deleteReceiptFile(db: Db, receiptId: string): Promise<void> {
  const b = bucket(db);
  for (const file of await b.find({ filename: receiptId }).toArray()) {
    try {
      await b.delete(file._id as ObjectId);
    } catch (error) {
      // Another process deleted it between the find and here.
      if (!/FileNotFound|not found/i.test(String(error))) throw error;
    }
  }
}

/** Bytes stored for receipts in all (the files' sizes): what tests and operators watch. */
export async function storedReceiptBytes(db: Db): Promise<number> {
  const files = await db
    .collection<{ length: number }>('receipts.files')
    .find({}, { projection: { length: 1 } })
    .toArray();
  return files.reduce((sum, f) => sum + f.length, 0);
}

/** Receipt files stored before `before` and not yet seen listed: which receipt, for which purchase. */
export async function listReceiptFilesBefore(
  db: Db,
  before: Date,
): Promise<Array<{ receiptId: string; purchaseId: string }>> {
  const files = await bucket(db)
    .find({ unchecked: true, uploadDate: { $lt: before } })
    .project<{ filename: string; metadata?: { purchaseId?: string } }>({ filename: 1, metadata: 1 })
    .toArray();
  return files.map((f) => ({ receiptId: f.filename, purchaseId: f.metadata?.purchaseId ?? '' }));
}

/** The receipt's file is listed by its purchase: the clean-up need not look at it again. */
export async function markReceiptFileListed(db: Db, receiptId: string): Promise<void> {
  await fileRecords(db).updateMany(
    { filename: receiptId, unchecked: true },
    { $unset: { unchecked: '' } },
  );
}
