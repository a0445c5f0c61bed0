// The /mis-datos e-mail: sent only to the mailbox that was typed, with a single-use link
// issued here (its token exists in this message only; the store keeps its hash), or word
// that we hold nothing about that address. Delivered like the lookup's e-mail (lookup-mail.ts).
import type { CoreDeps } from '@vag/core';
import { issueAccessToken } from '@vag/core/privacy/access-link';
import { holdsPersonalData } from '@vag/core/privacy/personal-data';
import { MY_DATA_TEXTS as T, type EventData } from '@vag/contracts';
import type { Mail } from './transports';

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function myDataAccessUrl(site: string, token: string): string {
  return `${site}/mis-datos/acceso?t=${encodeURIComponent(token)}`;
}

/** The e-mail, and what the request's record says was done once it is sent. */
export async function composeMyDataMail(
  deps: Pick<CoreDeps, 'db'>,
  data: EventData<'lookup.requested'>,
  site: string,
): Promise<{ mail: Mail; answer: string }> {
  const holds = await holdsPersonalData(deps.db, data.email);
  const text = holds
    ? T.mailWithLink(myDataAccessUrl(site, await issueAccessToken(deps.db, data.requestId)))
    : T.mailWithoutData;
  const html = text
    .split('\n\n')
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const mail = {
    to: data.email,
    subject: T.mailSubject,
    text,
    html: `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#222">\n${html}\n</body></html>`,
  };
  return { mail, answer: holds ? T.answeredWithLink : T.answeredWithoutData };
}
