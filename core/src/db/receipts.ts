// Transfer receipts (JPEG, PNG or PDF) in GridFS, one file per upload, named by the
// receipt id the purchase lists; a replacement is a new file, so staff keep every one.
import { GridFSBucket, type Db, type ObjectId } from 'mongodb';

const bucket = (db: Db) => new GridFSBucket(db, { bucketName: 'receipts' });

export async function saveReceiptFile(
  db: Db,
  receiptId: string,
  purchaseId: string,
  data: Buffer,
  contentType: string,
): Promise<void> {
  const upload = bucket(db).openUploadStream(receiptId, { metadata: { contentType, purchaseId } });
  await new Promise<void>((resolve, reject) => {
    upload.once('finish', () => resolve());
    upload.once('error', reject);
    upload.end(data);
  });
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
