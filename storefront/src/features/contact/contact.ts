// Contact links built from the public settings.
import { safeHref, toEcuadorE164, type SocialMedia } from '@vag/contracts';

/** https://wa.me/<digits> for an Ecuadorian number ('0991234567' → 593991234567); null when empty. */
export function whatsappLink(contactNumber: string | undefined, text?: string): string | null {
  if (!contactNumber?.trim()) return null;
  const digits = toEcuadorE164(contactNumber).replace(/\D/g, '');
  if (!digits) return null;
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

export function telLink(contactNumber: string): string {
  return `tel:${toEcuadorE164(contactNumber)}`;
}

const SOCIAL_LABELS: Record<keyof SocialMedia, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
};

/** The social networks that have an http(s) link, in a fixed order. */
export function socialLinks(
  social: Partial<SocialMedia> | undefined,
): { label: string; href: string }[] {
  return (Object.keys(SOCIAL_LABELS) as (keyof SocialMedia)[]).flatMap((key) => {
    const href = safeHref(social?.[key]);
    return href ? [{ label: SOCIAL_LABELS[key], href }] : [];
  });
}
