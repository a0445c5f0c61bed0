// Uploaded hero images are stored with their pixel size and WebP copies at a few widths
// (sharp, once, at upload time), so pages can give the browser a srcset and width/height
// and the phone downloads a fraction of the original.
import {
  CAROUSEL_SLOTS,
  IMAGE_VARIANT_WIDTHS,
  mediaVariantName,
  type MediaSlotName,
} from '@vag/contracts';
import type { Db } from 'mongodb';
import sharp from 'sharp';
import { deleteMedia, saveMedia } from '../db/media';

const WEBP_QUALITY = 72;

/** Stores a slot's file, and for carousel images their WebP copies. */
export async function saveMediaImage(
  db: Db,
  slot: MediaSlotName,
  data: Buffer,
  contentType: string,
): Promise<void> {
  const size = await pixelSize(data);
  await saveMedia(db, slot, { data, contentType, size });
  // A file sharp cannot decode is still stored as sent (its type was checked by content).
  if (!size || !CAROUSEL_SLOTS.includes(slot)) return;
  const widths = variantWidths(size.width);
  for (const width of widths) {
    const { data: webp, info } = await sharp(data)
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    await saveMedia(db, mediaVariantName(slot, width), {
      data: webp,
      contentType: 'image/webp',
      size: { width: info.width, height: info.height },
    });
  }
  // Copies of a wider earlier upload would be served in place of this one: drop them.
  for (const width of IMAGE_VARIANT_WIDTHS)
    if (!widths.includes(width)) await deleteMedia(db, mediaVariantName(slot, width));
}

/** The copy widths an original of `width` pixels gets: never enlarged, at least one. */
export function variantWidths(width: number): number[] {
  const fitting = IMAGE_VARIANT_WIDTHS.filter((w) => w <= width);
  return fitting.length > 0 ? fitting : [IMAGE_VARIANT_WIDTHS[0]];
}

/** Empties a slot and its copies. */
export async function deleteMediaImage(db: Db, slot: MediaSlotName): Promise<void> {
  await deleteMedia(db, slot);
  for (const width of IMAGE_VARIANT_WIDTHS) await deleteMedia(db, mediaVariantName(slot, width));
}

/** Width and height as displayed (EXIF rotation applied); null when sharp cannot read it. */
async function pixelSize(data: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const { width, height, orientation } = await sharp(data).metadata();
    if (!width || !height) return null;
    return orientation && orientation >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    return null;
  }
}
