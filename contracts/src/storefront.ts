// What the server-rendered storefront pages read (DESIGN "The storefront renders on the
// server"): every public read of the home page in one object, built and cached by the
// api process and handed to the pages, then to the islands as their first data.
import { z } from 'zod';
import './zod-locale';
import { CAROUSEL_SLOTS, type MediaSlotName } from './constants';
import type { PublicInstantPrize } from './entities/instant-prize';
import type { Package } from './entities/package';
import type { PastRaffle } from './entities/past-raffle';
import type { Progress, Raffle } from './entities/raffle';
import type { RaffleSummary } from './entities/raffle-record';
import type { PrivacyNotice } from './privacy-notice';
import type { TrustPageContent } from './entities/raffle-trust';
import type { PublicSettings } from './entities/settings';
import type { PublicAuditEntry } from './audit';
import { envelope } from './events';

/** Widths of the WebP copies made of every carousel image at upload time. */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1440] as const;

/** A stored image as a page draws it: intrinsic size (so nothing moves) and its copies. */
export interface StoredImage {
  src: string;
  width: number;
  height: number;
  /** WebP copies, narrowest first; empty when none were made (a GIF, an old upload). */
  variants: { src: string; width: number }[];
}

/** `/media/media-1-960.webp`: the WebP copy of a slot at one width. */
export function mediaVariantName(slot: MediaSlotName, width: number): string {
  return `${slot.replace(/\.[a-z]+$/, '')}-${width}.webp`;
}

/** The slot a variant name belongs to, with its width; null for anything else. */
export function parseMediaVariantName(name: string): { slot: MediaSlotName; width: number } | null {
  const match = /^(media-[1-3])-(\d+)\.webp$/.exec(name);
  if (!match) return null;
  const slot = `${match[1]}.jpg` as MediaSlotName;
  const width = Number(match[2]);
  return CAROUSEL_SLOTS.includes(slot) &&
    (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width)
    ? { slot, width }
    : null;
}

/** Which media slots hold a file, with their sizes (the hero needs no probing). */
export type StoredMediaSlots = Partial<Record<MediaSlotName, StoredImage>>;

/**
 * Each part is null when it could not be read, so the page shows that section's SPEC
 * error text while the others render.
 */
export interface StorefrontContent {
  raffle: Raffle | null;
  progress: Progress | null;
  packages: Package[] | null;
  instantPrizes: PublicInstantPrize[] | null;
  pastRaffles: PastRaffle[] | null;
  settings: PublicSettings | null;
  /** The declared draw rule in words (describeDrawRule), as /sorteos and /terminos quote it. */
  drawRule: string | null;
  /** The current raffle's public audit entries, newest first (/verificar). */
  audit: PublicAuditEntry[] | null;
  media: StoredMediaSlots;
  /** The raffle's trust page (/rifas/<slug>/confianza); absent outside the api process. */
  trust?: TrustPageContent | null;
  /** Absolute origin of the site (PUBLIC_URL), for canonical and Open Graph URLs. */
  publicUrl: string;
}

/** What the api hands the pages through Astro's `locals`. */
export interface StorefrontLocals {
  /** A raffle's content by its id; without one, the featured raffle's (the home's). */
  content(raffleId?: string): Promise<StorefrontContent>;
  /** The raffles a buyer can open, featured first (as GET /api/raffles answers). */
  raffles(): Promise<RaffleSummary[]>;
  /**
   * The raffle whose page `/rifas/<slug>` is: any published one, also drawn or archived
   * (as GET /api/raffles/{slug} answers); null for a draft or an unknown address.
   */
  raffle?(slug: string): Promise<RaffleSummary | null>;
  /** The privacy notice in force (as GET /api/privacy-notice answers). */
  privacyNotice?(): Promise<PrivacyNotice>;
}

/** What staff changed; every api process drops its storefront cache when it hears it. */
export const CONTENT_KINDS = [
  'raffle',
  'packages',
  'instant-prizes',
  'past-raffles',
  'settings',
  'media',
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const contentChangedEventSchema = envelope(
  'content.changed',
  z.object({ kind: z.enum(CONTENT_KINDS) }),
);
export type ContentChangedEvent = z.infer<typeof contentChangedEventSchema>;

/** Topic of content changes; not a purchase event, so it stays out of the pipeline's union. */
export const CONTENT_TOPIC = 'vag.content.changed';
