// Which pictures the hero shows (SPEC §2): the banner gif if there is one, else the
// carousel of the filled slots (up to 3), else the raffle's own image. The server knows
// which slots hold a file, so the page is rendered with its pictures and never probes.
import {
  BANNER_SLOT,
  CAROUSEL_SLOTS,
  MEDIA_SLOTS,
  mediaUrl,
  safeImageSrc,
  type PastRaffle,
  type Raffle,
  type RaffleStatus,
  type StoredImage,
  type StoredMediaSlots,
} from '@vag/contracts';

/** Frame of the hero picture; every image is cropped to it, so nothing moves on load. */
export const HERO_FRAME = { width: 1280, height: 720 } as const;

/** Layout widths of the hero picture: the whole phone, or the right column from 960 px. */
export const HERO_SIZES = '(min-width: 960px) 560px, 100vw';

export function heroSlides(
  media: StoredMediaSlots,
  raffleImage: string | undefined,
): StoredImage[] {
  const banner = media[BANNER_SLOT];
  if (banner) return [banner];
  const slides = CAROUSEL_SLOTS.flatMap((slot) => media[slot] ?? []);
  if (slides.length > 0) return slides;
  // Only an http(s) or same-site picture ever reaches the page (staff typed it).
  const src = safeImageSrc(raffleImage);
  if (!src) return [];
  // The raffle's image may name a slot (/media/media-1.jpg): then it has its copies.
  const slot = MEDIA_SLOTS.find((name) => mediaUrl(name) === src);
  const stored = slot ? media[slot] : undefined;
  return [stored ?? { src, ...HERO_FRAME, variants: [] }];
}

/** `srcset` of a stored image: its WebP copies; undefined when it has none. */
export function srcsetOf(image: StoredImage): string | undefined {
  if (image.variants.length === 0) return undefined;
  return image.variants.map((v) => `${v.src} ${v.width}w`).join(', ');
}

/** SPEC §8: the hero shows its error also when id, name or prize are missing. */
export function heroDataComplete(raffle: Partial<Raffle> | null | undefined): raffle is Raffle {
  return Boolean(raffle?._id && raffle.name && raffle.prize);
}

/**
 * The current raffle's published result once its draw is recorded: the audit entries are
 * this raffle's, and the draw publishes itself among the past raffles under the raffle's
 * name with the winning number and the holder masked as /ganadores shows it.
 */
export function currentDrawResult(content: {
  raffle: Pick<Raffle, 'name'> | null;
  audit: readonly { action: string }[] | null;
  pastRaffles: readonly PastRaffle[] | null;
}): PastRaffle | null {
  if (!content.raffle || !content.audit?.some((e) => e.action === 'draw.recorded')) return null;
  const drawn = (content.pastRaffles ?? []).filter(
    (p) => p.winningNumber && p.activityName === content.raffle!.name,
  );
  return drawn.sort((a, b) => b.date.localeCompare(a.date))[0] ?? null;
}

/** The line above the raffle's name: on sale, closed, or drawn once its status says so. */
export function heroKicker(isActive: boolean, status?: RaffleStatus): string {
  if (status === 'drawn' || status === 'archived') return 'Sorteo realizado';
  return isActive ? 'Sorteo en curso' : 'Sorteo cerrado';
}

/** Where a drawn raffle's result is checked: the verifier with the winning number filled in. */
export function verifyHref(winningNumber: string): string {
  return `/verificar?n=${encodeURIComponent(winningNumber)}`;
}
