// Every e-mail we send ends with "Dejar de recibir noticias": a signed link to /baja that
// withdraws the recipient's marketing consent with one click (LOPDP art. 8: as easy to
// withdraw as to give), and the same link in the List-Unsubscribe header, which mail
// programs show as their own "unsubscribe" button.
import { CONSENT_MESSAGES } from '@vag/contracts';
import { unsubscribeUrl } from '@vag/core/privacy/unsubscribe-token';
import type { Db } from 'mongodb';
import type { Mail } from './transports';

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export async function withUnsubscribeLink(db: Db, site: string, mail: Mail): Promise<Mail> {
  const url = await unsubscribeUrl(db, site, mail.to);
  const label = CONSENT_MESSAGES.unsubscribeLink;
  const footer = `<p style="font-size:12px;color:#666"><a href="${escape(url)}">${escape(label)}</a></p>`;
  const html = mail.html.includes('</body>')
    ? mail.html.replace('</body>', `${footer}\n</body>`)
    : `${mail.html}\n${footer}`;
  return { ...mail, text: `${mail.text}\n\n${label}: ${url}`, html, unsubscribeUrl: url };
}
