// The buyer's e-mail (HTML + text, the ticket attached) and SMS (with the order page's
// short link) in Spanish: name, numbers, order summary and any instant prize won. Texts
// come from contracts.
import {
  formatUsd,
  nameInOneLine,
  numbersSummary,
  orderPath,
  shortOrderPath,
  PAYMENT_METHOD_LABELS,
  PIPELINE_MESSAGES as M,
  type InstantPrizeWon,
} from '@vag/contracts';
import type { PurchaseDoc } from '@vag/core/db/purchases';
import type { TicketFile } from '@vag/core/ticket/ticket';
import type { Mail } from './transports';

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function composeEmail(
  purchase: PurchaseDoc,
  numbers: string[],
  prizes: InstantPrizeWon[],
  ticket: TicketFile | null = null,
): Mail {
  const summary: Array<[string, string]> = [
    [M.emailOrder, purchase.orderCode ?? purchase._id],
    [M.emailPackage, purchase.packageData?.name ?? '-'],
    [M.emailQuantity, String(purchase.quantity)],
    [M.emailUnitPrice, formatUsd(purchase.unitPrice)],
    [M.emailTotal, formatUsd(purchase.totalPrice)],
    [M.emailMethod, PAYMENT_METHOD_LABELS[purchase.paymentMethod]],
  ];
  const prizeLines = prizes.map((p) => M.emailInstantPrize(p.number, formatUsd(p.amount)));
  const text = [
    M.emailGreeting(nameInOneLine(purchase.buyer.firstName)),
    '',
    M.emailIntro,
    numbersSummary(numbers, EMAIL_NUMBERS_MAX_CHARS),
    '',
    ...prizeLines,
    ...(prizeLines.length ? [''] : []),
    ...(ticket ? [M.emailTicket, ''] : []),
    `${M.emailSummaryTitle}:`,
    ...summary.map(([k, v]) => `${k}: ${v}`),
    '',
    M.emailFooter,
  ].join('\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escape(M.emailGreeting(nameInOneLine(purchase.buyer.firstName)))}</p>
<p>${escape(M.emailIntro)}</p>
<p style="font-size:20px;font-weight:bold;letter-spacing:1px">${escape(numbersSummary(numbers, EMAIL_NUMBERS_MAX_CHARS))}</p>
${prizeLines.map((l) => `<p style="color:#0a7d28;font-weight:bold">${escape(l)}</p>`).join('\n')}
${ticket ? `<p>${escape(M.emailTicket)}</p>` : ''}
<h3>${escape(M.emailSummaryTitle)}</h3>
<table cellpadding="4">${summary.map(([k, v]) => `<tr><td>${escape(k)}</td><td><strong>${escape(v)}</strong></td></tr>`).join('')}</table>
<p>${escape(M.emailFooter)}</p>
</body></html>`;
  return {
    to: purchase.buyer.email,
    subject: M.emailSubject(numbers.length),
    text,
    html,
    ...(ticket
      ? {
          attachments: [
            { filename: ticket.fileName, content: ticket.pdf, contentType: 'application/pdf' },
          ],
        }
      : {}),
  };
}

/**
 * The order page (where the ticket downloads) for an SMS: the short link when the order
 * has a code and key of the usual shape, else the full one; null without an access key.
 */
export function smsOrderLink(
  purchase: Pick<PurchaseDoc, '_id' | 'orderCode' | 'accessKey'>,
  site: string,
): string | null {
  if (!purchase.accessKey) return null;
  const short = purchase.orderCode ? shortOrderPath(purchase.orderCode, purchase.accessKey) : null;
  return `${site}${short ?? orderPath(purchase._id, purchase.accessKey)}`;
}

/**
 * Two concatenated GSM-7 segments carry 306 characters: the SMS lists what fits beside
 * its fixed words and the link (the order page and the ticket have every number).
 */
const SMS_MAX_CHARS = 306;
/** The e-mail lists about this much; the attached ticket has them all. */
const EMAIL_NUMBERS_MAX_CHARS = 2_000;

export function composeSms(
  numbers: string[],
  prizes: InstantPrizeWon[],
  link: string | null = null,
): string {
  const prize = prizes.reduce((sum, p) => sum + p.amount, 0);
  const prizeText = prize > 0 ? M.smsInstantPrize(formatUsd(prize)) : '';
  const budget = SMS_MAX_CHARS - M.sms('', link).length - prizeText.length;
  const list = numbersSummary(numbers, Math.max(20, budget - 12), (n) => ` y ${n} mas`);
  return M.sms(list, link) + prizeText;
}

/** The numbers' news as WhatsApp reads it (accents and '¡'): every number up to its limit. */
export function composeWhatsapp(
  numbers: string[],
  prizes: InstantPrizeWon[],
  link: string | null = null,
): string {
  const prize = prizes.reduce((sum, p) => sum + p.amount, 0);
  const prizeText = prize > 0 ? M.whatsappInstantPrize(formatUsd(prize)) : '';
  const list = numbersSummary(numbers, 600, (n) => ` y ${n} más`);
  return M.whatsapp(list, link) + prizeText;
}
