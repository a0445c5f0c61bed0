// One slide of the hero carousel: WebP copies by width when the upload made them, the
// intrinsic size as width/height (the frame's aspect-ratio holds its place before it
// loads). A single picture is plain HTML instead (HeroImage.astro).
import type { StoredImage } from '@vag/contracts';
import { HERO_SIZES, srcsetOf } from './hero';

export function HeroImage({
  image,
  alt,
  priority,
}: {
  image: StoredImage;
  alt: string;
  /** The first picture is the page's largest paint: fetched first, never lazily. */
  priority: boolean;
}) {
  const srcset = srcsetOf(image);
  return (
    <img
      src={image.src}
      srcSet={srcset}
      sizes={srcset ? HERO_SIZES : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
    />
  );
}
