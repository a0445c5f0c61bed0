// The four fixed media slots of the home hero (SPEC §3/§7).
import { z } from 'zod';
import '../zod-locale';
import { MEDIA_SLOTS } from '../constants';
import { VALIDATION } from '../messages';

export const mediaSlotNameSchema = z.enum(MEDIA_SLOTS, { error: VALIDATION.mediaSlotInvalid });

/** GET /media/{name}. */
export const mediaParamsSchema = z.object({ name: mediaSlotNameSchema });

export const mediaSlotSchema = z.object({
  name: mediaSlotNameSchema,
  /** Where the slot is served: /media/{name}. */
  url: z.string(),
  exists: z.boolean(),
});
export type MediaSlot = z.infer<typeof mediaSlotSchema>;

/** Multipart fields of POST /upload-media.php (the file travels as `file`). */
export const mediaUploadFieldsSchema = z.object({
  filename: mediaSlotNameSchema,
  action: z.literal('delete').optional(),
});
export type MediaUploadFields = z.infer<typeof mediaUploadFieldsSchema>;

export const mediaUploadResponseSchema = z.object({ msg: z.string(), name: mediaSlotNameSchema });
export type MediaUploadResponse = z.infer<typeof mediaUploadResponseSchema>;

/** Path of a slot's file. */
export function mediaUrl(name: (typeof MEDIA_SLOTS)[number]): string {
  return `/media/${name}`;
}
