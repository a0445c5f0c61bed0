// The privacy notice a page renders: from the api process (Astro.locals) or, under
// `astro dev`, from the proxied api. Null when it cannot be read.
import { formatDate, type PrivacyNotice } from '@vag/contracts';

export async function privacyNotice(locals: App.Locals, url: URL): Promise<PrivacyNotice | null> {
  if (locals.privacyNotice) return locals.privacyNotice();
  return fetch(`${url.origin}/api/privacy-notice`)
    .then((res) => (res.ok ? (res.json() as Promise<PrivacyNotice>) : null))
    .catch(() => null);
}

/** 'Versión 3, vigente desde el 28/11/2026'. */
export function versionLine(notice: PrivacyNotice): string {
  return `Versión ${notice.version}, vigente desde el ${formatDate(notice.publishedAt)}`;
}
