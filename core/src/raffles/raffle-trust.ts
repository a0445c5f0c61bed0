// The trust page's files and what the page reads. Files are stored beside the media slots
// (GridFS `media`) under their own id, `confianza-<uuid>.<ext>`, typed by their first
// bytes; a raffle names them by id, and a save that names a file the store does not hold
// is refused (an id typed by hand, or a file from another database).
import { randomUUID } from 'node:crypto';
import {
  RAFFLE_TRUST_TEXTS,
  TRUST_FILE_TYPES,
  isTrustPdf,
  trustFileUrl,
  type RaffleTrust,
  type TrustFile,
  type TrustFileType,
  type TrustPageContent,
} from '@vag/contracts';
import type { Db } from 'mongodb';
import sharp from 'sharp';
import { mediaInfoByName, saveMedia, type MediaInfo } from '../db/media';
import { getRaffleFairness } from '../db/raffle-fairness';
import type { RaffleDoc } from '../db/raffle';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A trust file's type by its first bytes, never by its name; null for anything else. */
export function sniffTrustFileType(bytes: Uint8Array): TrustFileType | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'image/png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

/** Stores a file (its type checked by the caller) and answers its id; images keep their size. */
export async function saveTrustFile(db: Db, data: Buffer, type: TrustFileType): Promise<string> {
  const id = `confianza-${randomUUID()}.${TRUST_FILE_TYPES[type]}`;
  const size = type === 'application/pdf' ? null : await pixelSize(data);
  await saveMedia(db, id, { data, contentType: type, size });
  return id;
}

async function pixelSize(data: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const { width, height, orientation } = await sharp(data).metadata();
    if (!width || !height) return null;
    return orientation && orientation >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    return null;
  }
}

/** The file ids a trust record names, each with the form field it came from. */
function namedFiles(trust: RaffleTrust): Array<{ field: string; id: string }> {
  return [
    { field: 'trust.permitDocument', id: trust.permitDocument },
    ...trust.prizeProofImages.map((id) => ({ field: 'trust.prizeProofImages', id })),
    { field: 'trust.prizeInvoice', id: trust.prizeInvoice },
  ].filter((file) => file.id !== '');
}

/** The first file the trust record names that the store does not hold, with its field. */
export async function missingTrustFile(
  db: Db,
  trust: RaffleTrust,
): Promise<{ field: string; message: string } | null> {
  const files = namedFiles(trust);
  const stored = await mediaInfoByName(
    db,
    files.map((f) => f.id),
  );
  const missing = files.find((f) => !stored.has(f.id));
  return missing ? { field: missing.field, message: RAFFLE_TRUST_TEXTS.fileUnknown } : null;
}

function trustFile(id: string, stored: Map<string, MediaInfo>): TrustFile | null {
  const info = stored.get(id);
  if (!info) return null;
  const src = `${trustFileUrl(id)}?v=${info.id}`;
  if (isTrustPdf(id)) return { src, pdf: true };
  // An image sharp could not measure still gets a frame, so the page does not move.
  return { src, pdf: false, width: info.width ?? 1200, height: info.height ?? 900 };
}

/** What the trust page shows of a raffle: its filled fields, its files, its fairness record. */
export async function trustPageContent(db: Db, raffle: RaffleDoc): Promise<TrustPageContent> {
  const trust = raffle.trust;
  const [stored, fairness] = await Promise.all([
    trust
      ? mediaInfoByName(
          db,
          namedFiles(trust).map((f) => f.id),
        )
      : new Map<string, MediaInfo>(),
    getRaffleFairness(db, raffle._id),
  ]);
  const { commitment, closing, draw } = fairness;
  return {
    permitReference: trust?.permitReference ?? '',
    permitDocument: trust?.permitDocument ? trustFile(trust.permitDocument, stored) : null,
    prizeProofImages: (trust?.prizeProofImages ?? []).flatMap((id) => trustFile(id, stored) ?? []),
    prizeInvoice: trust?.prizeInvoice ? trustFile(trust.prizeInvoice, stored) : null,
    liveStreamUrl: trust?.liveStreamUrl ?? '',
    fairness: {
      commitment: commitment && {
        raffleRef: commitment.raffleRef,
        totalNumbers: raffle.totalNumbers,
        numberWidth: raffle.numberWidth,
        keyHash: commitment.keyHash,
        committedAt: commitment.committedAt.toISOString(),
        prizesHash: commitment.prizesHash,
        prizesCommittedAt: commitment.prizesCommittedAt.toISOString(),
      },
      closing: closing && { ...closing, closedAt: closing.closedAt.toISOString() },
      draw: draw && {
        result: draw.result,
        drawnNumber: draw.drawnNumber,
        winningNumber: draw.winningNumber,
        recordedAt: draw.recordedAt.toISOString(),
      },
    },
  };
}
