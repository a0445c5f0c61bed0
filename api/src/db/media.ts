// The four media slots (banner.gif, media-1..3.jpg) stored in GridFS, so every api
// replica serves the same files. A replacement is written first and older versions
// removed after, so a reader never finds the slot empty during an upload.
import { GridFSBucket, type Db, type ObjectId } from 'mongodb';

export interface StoredMedia {
  id: string;
  contentType: string;
  length: number;
  uploadDate: Date;
  data: Buffer;
}

const bucket = (db: Db) => new GridFSBucket(db, { bucketName: 'media' });

export async function ensureMediaIndexes(db: Db): Promise<void> {
  await db.collection('media.files').createIndex({ filename: 1, uploadDate: -1 });
  await db.collection('media.chunks').createIndex({ files_id: 1, n: 1 }, { unique: true });
}

export async function saveMedia(
  db: Db,
  name: string,
  data: Buffer,
  contentType: string,
): Promise<void> {
  const b = bucket(db);
  const upload = b.openUploadStream(name, { metadata: { contentType } });
  await new Promise<void>((resolve, reject) => {
    upload.once('finish', () => resolve());
    upload.once('error', reject);
    upload.end(data);
  });
  const older = await b.find({ filename: name, _id: { $ne: upload.id } }).toArray();
  for (const file of older) await b.delete(file._id).catch(() => undefined);
}

/** The newest version of a slot, or null when it is empty. */
export async function readMedia(db: Db, name: string): Promise<StoredMedia | null> {
  const b = bucket(db);
  const [file] = await b.find({ filename: name }).sort({ uploadDate: -1 }).limit(1).toArray();
  if (!file) return null;
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of b.openDownloadStream(file._id as ObjectId))
      chunks.push(chunk as Buffer);
  } catch {
    // Replaced and deleted while we read it: the slot has a newer version.
    return readMedia(db, name);
  }
  return {
    id: String(file._id),
    contentType: String(
      (file.metadata as { contentType?: string } | undefined)?.contentType ??
        'application/octet-stream',
    ),
    length: file.length,
    uploadDate: file.uploadDate,
    data: Buffer.concat(chunks),
  };
}

/** Empties a slot; answers whether there was anything to delete. */
export async function deleteMedia(db: Db, name: string): Promise<boolean> {
  const b = bucket(db);
  const files = await b.find({ filename: name }).toArray();
  for (const file of files) await b.delete(file._id).catch(() => undefined);
  return files.length > 0;
}
