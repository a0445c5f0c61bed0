// Which files a media slot takes (SPEC §5: GIF only for the banner, JPEG or PNG for the
// carousel images), checked before uploading; the server checks the content again.
import { BANNER_SLOT, MEDIA_TYPES, type MediaSlotName } from '@vag/contracts';

/** The translation key of the refusal, or null when the file type fits the slot. */
export function mediaTypeError(slot: MediaSlotName, contentType: string): string | null {
  if (MEDIA_TYPES[slot].includes(contentType)) return null;
  return slot === BANNER_SLOT ? 'vag.banners.wrongTypeBanner' : 'vag.banners.wrongTypeImage';
}

/** The file picker's accept attribute for a slot. */
export function acceptFor(slot: MediaSlotName): string {
  return MEDIA_TYPES[slot].join(',');
}
