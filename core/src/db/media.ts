// The four media slots (banner.gif, media-1..3.jpg) stored in GridFS, so every api
// replica serves the same files. A replacement is written first and older versions
// removed after, so a reader never finds the slot empty during an upload.
import { GridFSBucket, type Db, type ObjectId } from 'mongodb';

export interface MediaInfo {
  id: string;
  contentType: string;
  length: number;
  uploadDate: Date;
  /** Pixel size, recorded at upload for images (absent on files stored before). */
  width?: number;
  height?: number;
}

export interface StoredMedia extends MediaInfo {
  data: Buffer;
}

type MediaMetadata = { contentType?: string; width?: number; height?: number } | undefined;

function infoOf(file: {
  _id: unknown;
  length: number;
  uploadDate: Date;
  metadata?: unknown;
}): MediaInfo {
  const metadata = file.metadata as MediaMetadata;
  return {
    id: String(file._id),
    contentType: String(metadata?.contentType ?? 'application/octet-stream'),
    length: file.length,
    uploadDate: file.uploadDate,
    ...(metadata?.width && metadata.height
      ? { width: metadata.width, height: metadata.height }
      : {}),
  };
}

const bucket = (db: Db) => new GridFSBucket(db, { bucketName: 'media' });

export async function ensureMediaIndexes(db: Db): Promise<void> {
  await db.collection('media.files').createIndex({ filename: 1, uploadDate: -1 });
  await db.collection('media.chunks').createIndex({ files_id: 1, n: 1 }, { unique: true });
}

/** A file to store under a name: its bytes, type and, for an image, its size in pixels. */
interface MediaFile {
  data: Buffer;
  contentType: string;
  size?: { width: number; height: number } | null;
}

/** Stores a new version of a slot's file and drops the older versions. */
export async function saveMedia(
  db: Db,
  name: string,
  { data, contentType, size }: MediaFile,
): Promise<void> {
  const b = bucket(db);
  const upload = b.openUploadStream(name, { metadata: { contentType, ...size } });
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
  return { ...infoOf(file), data: Buffer.concat(chunks) };
}

/** The newest version of every stored file, without its bytes, by name. */
export async function listMediaInfo(db: Db): Promise<Map<string, MediaInfo>> {
  const files = await bucket(db).find({}).sort({ uploadDate: 1 }).toArray();
  return new Map(files.map((file) => [file.filename, infoOf(file)]));
}

/** Empties a slot; answers whether there was anything to delete. */
export async function deleteMedia(db: Db, name: string): Promise<boolean> {
  const b = bucket(db);
  const files = await b.find({ filename: name }).toArray();
  for (const file of files) await b.delete(file._id).catch(() => undefined);
  return files.length > 0;
}

/** The newest version of each of `names` that is stored, without its bytes, by name. */
export async function mediaInfoByName(
  db: Db,
  names: readonly string[],
): Promise<Map<string, MediaInfo>> {
  if (names.length === 0) return new Map();
  const files = await bucket(db)
    .find({ filename: { $in: [...names] } })
    .sort({ uploadDate: 1 })
    .toArray();
  return new Map(files.map((file) => [file.filename, infoOf(file)]));
}
