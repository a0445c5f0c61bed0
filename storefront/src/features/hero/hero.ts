// Which background the hero shows (SPEC §2): the banner gif if it loads, else the
// carousel of the slot images that load (up to 3), else the raffle's own image.
import type { Raffle } from '@vag/contracts';

export type HeroMedia =
  | { kind: 'banner'; src: string }
  | { kind: 'carousel'; srcs: string[] }
  | { kind: 'image'; src: string }
  | { kind: 'none' };

export const BANNER_URL = '/media/banner.gif';
export const SLOT_URLS = ['/media/media-1.jpg', '/media/media-2.jpg', '/media/media-3.jpg'];

export function pickHeroMedia(
  bannerLoads: boolean,
  slotLoads: boolean[],
  raffleImage: string | undefined,
): HeroMedia {
  if (bannerLoads) return { kind: 'banner', src: BANNER_URL };
  const srcs = SLOT_URLS.filter((_, i) => slotLoads[i]);
  if (srcs.length > 0) return { kind: 'carousel', srcs };
  if (raffleImage) return { kind: 'image', src: raffleImage };
  return { kind: 'none' };
}

/** SPEC §8: the hero shows its error also when id, name or prize are missing. */
export function heroDataComplete(raffle: Partial<Raffle> | undefined): raffle is Raffle {
  return Boolean(raffle?._id && raffle.name && raffle.prize);
}

/** Resolves whether an image URL loads in this browser. */
export function imageLoads(src: string): Promise<boolean> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalWidth > 0);
    img.onerror = () => resolve(false);
    img.src = src;
  });
}
