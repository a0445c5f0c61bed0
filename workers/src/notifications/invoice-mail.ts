// The buyer's electronic invoice by e-mail, on invoice.authorized: the authorized XML (the
// document that counts for the SRI) and its RIDE (the PDF), attached, to the e-mail the
// document is made out to. Sent once per document however often the event is delivered
// (claimed in invoice_mails with a lease); offline it goes to the outbox log like every
// other message. A document that is not authorized (re-issued meanwhile) sends nothing.
import type { CoreDeps } from '@vag/core';
import { countSentMessage } from '@vag/core/messaging/message-counts';
import { claimInvoiceMail, finishInvoiceMail } from '@vag/core/db/invoice-mails';
import { findInvoiceDoc, type InvoiceDoc } from '@vag/core/db/invoices';
import { getPurchase } from '@vag/core/db/purchases';
import { renderRide } from '@vag/core/invoices/ride';
import { authorizedXmlFile } from '@vag/core/invoices/staff-actions';
import { messagingEnv } from '@vag/core/settings/live-settings';
import {
  INVOICE_MAIL_TEXTS as M,
  invoiceFileName,
  invoiceNumber,
  type EventData,
  nameInOneLine,
} from '@vag/contracts';
import { logToOutbox, mailer, sendMail, type Mail } from './transports';
import { withUnsubscribeLink } from './unsubscribe-link';

type Deps = Pick<CoreDeps, 'db' | 'log' | 'env' | 'settings'>;
type SendOptions = { attempts?: number; backoffMs?: number };

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export async function sendInvoiceMail(
  deps: Deps,
  data: EventData<'invoice.authorized'>,
  options: SendOptions = {},
): Promise<void> {
  const doc = await findInvoiceDoc(deps.db, data.invoiceId);
  if (doc?.status !== 'autorizada' || !doc.authorizedXml) {
    deps.log.warn({ invoiceId: data.invoiceId }, 'invoice mail: not authorized, nothing sent');
    return;
  }
  if (!(await claimInvoiceMail(deps.db, doc._id, doc.purchaseId))) return;
  const env = await messagingEnv(deps);
  const site = env.PUBLIC_URL.replace(/\/+$/, '');
  const mail = await withUnsubscribeLink(deps.db, site, await compose(deps, doc));
  const configured = mailer(env) !== null;
  const attempts = options.attempts ?? 3;
  let lastError = '';
  for (let i = 0; i < attempts; i++) {
    try {
      if (configured) await sendMail(env, mail);
      else
        await logToOutbox(env, {
          channel: 'email',
          invoice: doc._id,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          attachments: mail.attachments?.map((a) => a.filename),
        });
      await countSentMessage(deps, 'email');
      await finishInvoiceMail(deps.db, doc._id, {
        status: configured ? 'sent' : 'logged',
        attempts: i + 1,
      });
      return;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      deps.log.warn({ invoiceId: doc._id, err: error }, 'invoice e-mail failed');
      if (i + 1 < attempts)
        await new Promise((resolve) => setTimeout(resolve, (options.backoffMs ?? 250) * 2 ** i));
    }
  }
  await finishInvoiceMail(deps.db, doc._id, { status: 'failed', attempts, lastError });
}

async function compose(deps: Deps, doc: InvoiceDoc): Promise<Mail> {
  const purchase = await getPurchase(deps.db, doc.purchaseId);
  const number = invoiceNumber(doc);
  const issuer = doc.issuer.nombreComercial || doc.issuer.razonSocial;
  const text = M.body({
    // The document may be made out to "consumidor final": the greeting names the buyer.
    name: nameInOneLine(purchase?.buyer.firstName || doc.buyer.name),
    kind: doc.kind,
    number,
    issuer,
    orderCode: doc.orderCode ?? '',
    accessKey: doc.accessKey,
  });
  const html = text
    .split('\n\n')
    .map((p) => `<p>${escape(p)}</p>`)
    .join('\n');
  return {
    to: doc.buyer.email,
    subject: M.subject(doc.kind, number, issuer),
    text,
    html: `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#222">\n${html}\n</body></html>`,
    attachments: [
      {
        filename: invoiceFileName(doc, 'xml'),
        content: Buffer.from(authorizedXmlFile(doc.authorizedXml!), 'utf8'),
        contentType: 'application/xml',
      },
      {
        filename: invoiceFileName(doc, 'pdf'),
        content: await renderRide(doc),
        contentType: 'application/pdf',
      },
    ],
  };
}
