// What a shared link shows (Open Graph, Twitter cards) and what search engines read
// (canonical URL, schema.org), from the raffle the page was rendered with.
import { formatUsd, type StorefrontContent, type StoredImage } from '@vag/contracts';
import { heroDataComplete, heroSlides } from '../hero/hero';

export const SITE_NAME = 'Voy a Ganar';
export const DEFAULT_DESCRIPTION =
  'Voy a Ganar: compra tus números, paga en línea y recibe tus números por e-mail y SMS.';

export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  image: { url: string; width: number; height: number; alt: string } | null;
}

/** Absolute URL of a path or URL on the site. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${publicUrl.replace(/\/+$/, '')}/`).href;
}

/** The raffle in one sentence: name, prize and price, for link previews. */
export function raffleSummary(content: StorefrontContent | undefined): string | null {
  const raffle = content?.raffle;
  if (!heroDataComplete(raffle)) return null;
  return `${raffle.name}: gana ${raffle.prize}. ${formatUsd(raffle.pricePerNumber)} por número.`;
}

/** The prize photo a preview shows: the original upload (JPEG/PNG reads everywhere). */
export function shareImage(content: StorefrontContent | undefined): StoredImage | null {
  if (!content) return null;
  return heroSlides(content.media, content.raffle?.imageUrl || undefined)[0] ?? null;
}

export function pageMeta(
  content: StorefrontContent | undefined,
  page: { title: string; description?: string; path: string },
): PageMeta {
  const publicUrl = content?.publicUrl ?? '';
  const image = shareImage(content);
  const description = page.description ?? raffleSummary(content) ?? DEFAULT_DESCRIPTION;
  return {
    title: page.title === SITE_NAME ? SITE_NAME : `${page.title} | ${SITE_NAME}`,
    description,
    canonical: publicUrl ? absoluteUrl(publicUrl, page.path) : page.path,
    image:
      image && publicUrl
        ? {
            url: absoluteUrl(publicUrl, image.src),
            width: image.width,
            height: image.height,
            alt: content?.raffle?.prize ? `Premio: ${content.raffle.prize}` : SITE_NAME,
          }
        : null,
  };
}

/**
 * The raffle as a schema.org Event (a draw on a date, offered at a price per number) on
 * its page (`path`: the home, or its own page); null when there is no complete raffle.
 */
export function raffleStructuredData(content: StorefrontContent, path = '/'): object | null {
  const raffle = content.raffle;
  if (!heroDataComplete(raffle)) return null;
  const image = shareImage(content);
  const url = absoluteUrl(content.publicUrl, path);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: raffle.name,
    description: raffleSummary(content),
    startDate: raffle.endDate,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: { '@type': 'VirtualLocation', url },
    ...(image ? { image: [absoluteUrl(content.publicUrl, image.src)] } : {}),
    organizer: { '@type': 'Organization', name: SITE_NAME, url },
    offers: {
      '@type': 'Offer',
      price: raffle.pricePerNumber.toFixed(2),
      priceCurrency: 'USD',
      availability: raffle.isActive ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      url: absoluteUrl(content.publicUrl, `${path}#sectionPackages`),
    },
  };
}
