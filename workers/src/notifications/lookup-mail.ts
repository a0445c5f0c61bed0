// The public lookup's e-mail (and /mis-datos's, my-data-mail.ts, delivered alike): whoever typed an e-mail learns nothing on the page; the
// mailbox itself gets the link of each of its orders, grouped by raffle under the
// raffle's name, and the signed link to the on-page list (or word that none was found). Sent once per request however often the event is
// delivered; offline it goes to the outbox log like every other message.
import type { CoreDeps } from '@vag/core';
import { countSentMessage } from '@vag/core/messaging/message-counts';
import { claimLookupMail, finishLookupMail } from '@vag/core/db/lookup-requests';
import { markDataRequestDone } from '@vag/core/db/data-requests';
import { findOrderLinksByEmail, type OrderLinkRecord } from '@vag/core/db/purchase-numbers';
import { raffleNameIn, raffleOf } from '@vag/core/db/by-raffle';
import { raffleNames } from '@vag/core/raffles/raffle-records';
import { messagingEnv } from '@vag/core/settings/live-settings';
import {
  LOOKUP_MAIL_MAX_ORDERS,
  LOOKUP_MESSAGES as M,
  ORDER_MESSAGES,
  orderPath,
  type EventData,
  type LookupMailOrder,
  type LookupMailRaffle,
} from '@vag/contracts';
import { composeMyDataMail } from './my-data-mail';
import { logToOutbox, mailer, sendMail, type Mail } from './transports';
import { withUnsubscribeLink } from './unsubscribe-link';

type Deps = Pick<CoreDeps, 'db' | 'log' | 'env' | 'settings'>;
type Requested = EventData<'lookup.requested'>;
type SendOptions = { attempts?: number; backoffMs?: number };

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const STATUS_TEXT: Record<string, string> = {
  PENDING: ORDER_MESSAGES.status.awaitingPayment,
  COMPLETED: ORDER_MESSAGES.status.paid,
  EXPIRED: ORDER_MESSAGES.status.expired,
  REFUND_REQUIRED: ORDER_MESSAGES.status.refund,
};

function mailOrder(order: OrderLinkRecord, site: string): LookupMailOrder {
  return {
    orderCode: order.orderCode ?? order._id,
    quantity: order.quantity,
    totalPrice: order.totalPrice,
    statusText: STATUS_TEXT[order.status] ?? order.status,
    link: `${site}${orderPath(order._id, order.accessKey ?? '')}`,
  };
}

/** The list link: the home page's lookup section opens the list with the signed token. */
export function lookupListUrl(site: string, data: Pick<Requested, 'email' | 'token'>): string {
  const query = new URLSearchParams({ email: data.email, consulta: data.token });
  return `${site}/?${query.toString()}#lookup`;
}

/** The orders under their raffles' names, raffles in the order of their newest order. */
function byRaffle(
  orders: OrderLinkRecord[],
  names: ReadonlyMap<string, string>,
  site: string,
): LookupMailRaffle[] {
  const groups = new Map<string, LookupMailRaffle>();
  for (const order of orders) {
    const raffleId = raffleOf(order);
    const group = groups.get(raffleId) ?? { raffleName: raffleNameIn(names, raffleId), orders: [] };
    group.orders.push(mailOrder(order, site));
    groups.set(raffleId, group);
  }
  return [...groups.values()];
}

async function compose(deps: Deps, data: Requested, site: string): Promise<Mail> {
  const [orders, names] = await Promise.all([
    findOrderLinksByEmail(deps.db, data.email, LOOKUP_MAIL_MAX_ORDERS),
    raffleNames(deps.db),
  ]);
  const raffles = byRaffle(orders, names, site);
  const text =
    orders.length > 0 ? M.mailWithOrders(raffles, lookupListUrl(site, data)) : M.mailWithoutOrders;
  // Each raffle's name stands as its own paragraph of the text: a heading in the HTML.
  const headings = new Set(raffles.map((r) => r.raffleName));
  const html = text
    .split('\n\n')
    .map((p) =>
      headings.has(p)
        ? `<h3 style="margin:1.2em 0 0.4em">${escape(p)}</h3>`
        : `<p>${escape(p).replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
  return {
    to: data.email,
    subject: M.mailSubject,
    text,
    html: `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#222">\n${html}\n</body></html>`,
  };
}

export async function sendLookupMail(
  deps: Deps,
  data: Requested,
  options: SendOptions = {},
): Promise<void> {
  if (!(await claimLookupMail(deps.db, data.requestId))) return;
  const env = await messagingEnv(deps);
  const site = env.PUBLIC_URL.replace(/\/+$/, '');
  const { mail: content, answer } =
    data.about === 'personal-data'
      ? await composeMyDataMail(deps, data, site)
      : { mail: await compose(deps, data, site), answer: null };
  const mail = await withUnsubscribeLink(deps.db, site, content);
  const configured = mailer(env) !== null;
  const attempts = options.attempts ?? 3;
  let lastError = '';
  for (let i = 0; i < attempts; i++) {
    try {
      if (configured) await sendMail(env, mail);
      else
        await logToOutbox(env, {
          channel: 'email',
          lookup: data.requestId,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
      await countSentMessage(deps, 'email');
      await finishLookupMail(deps.db, data.requestId, { status: configured ? 'sent' : 'logged' });
      // A /mis-datos request is answered once its e-mail went out (staff see it done).
      if (answer)
        await markDataRequestDone(deps.db, data.requestId, { by: 'sistema', what: answer });
      return;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      deps.log.warn({ requestId: data.requestId, err: error }, 'lookup e-mail failed');
      if (i + 1 < attempts)
        await new Promise((resolve) => setTimeout(resolve, (options.backoffMs ?? 250) * 2 ** i));
    }
  }
  await finishLookupMail(deps.db, data.requestId, { status: 'failed', lastError });
}
