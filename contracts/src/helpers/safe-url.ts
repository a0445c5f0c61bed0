// Links and images that staff enter reach visitors' pages: only http(s) addresses (and,
// for images, paths on our own site such as /media/media-1.jpg) ever get there. The
// schemas refuse anything else on input; safeHref/safeImageSrc also guard what is
// rendered, so a value stored before the schemas checked it cannot run `javascript:`
// or show a data: URL.

/** True for an absolute http:// or https:// URL with a host. */
export function isHttpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** A path on our own site: one leading slash, not '//' or '/\' (which browsers read as another host). */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(value.trim());
}

/** The link to render, or null when it is not an http(s) URL. */
export function safeHref(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed !== '' && isHttpUrl(trimmed) ? trimmed : null;
}

/** The image source to render (http(s) URL or a path on our site), or null. */
export function safeImageSrc(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed !== '' && (isHttpUrl(trimmed) || isSitePath(trimmed)) ? trimmed : null;
}
