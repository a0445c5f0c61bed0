// The notifications worker: consumer group 'notifications' on numbers.assigned, the
// unpaid orders' notices and expiries, a raffle's recorded draw, the lookup's e-mails and
// each authorized electronic invoice. Each payload is validated against contracts before
// acting; failures are retried by the bus.
import type { CoreDeps, BusMessage, Stoppable } from '@vag/core';
import { TOPICS } from '@vag/contracts';
import { parseConsumedEvent } from '../consume';
import { notifyPurchase, type NotifyOptions } from './notify';
import { notifyDraw } from './draw-notices';
import { sendInvoiceMail } from './invoice-mail';
import { sendLookupMail } from './lookup-mail';
import { sendOrderNotice } from './order-notices';
import { holdMailers } from './transports';

export const NOTIFICATIONS_GROUP_ID = 'notifications';

export async function handleNotificationsMessage(
  deps: Pick<CoreDeps, 'db' | 'bus' | 'log' | 'env' | 'settings'>,
  message: BusMessage,
  options: NotifyOptions = {},
): Promise<void> {
  const event = parseConsumedEvent(deps.log, NOTIFICATIONS_GROUP_ID, message);
  if (!event) return;
  switch (event.type) {
    case 'numbers.assigned':
      await notifyPurchase(deps, event.data, options);
      return;
    case 'purchase.notice':
      await sendOrderNotice(deps, event.data, options);
      return;
    case 'purchase.expired':
      // A transfer's buyer learns that the hold ended and the numbers went back on sale
      // (an order whose provider call failed never reached the buyer: nothing to say).
      if (event.data.paymentMethod === 'bank_transfer')
        await sendOrderNotice(
          deps,
          { purchaseId: event.data.purchaseId, noticeId: 'expired', kind: 'expired' },
          options,
        );
      return;
    case 'raffle.drawn':
      await notifyDraw(deps, event.data, options);
      return;
    case 'lookup.requested':
      await sendLookupMail(deps, event.data, options);
      return;
    case 'invoice.authorized':
      await sendInvoiceMail(deps, event.data, options);
      return;
    case 'purchase.paid':
    case 'purchase.refund_required':
    case 'notification.failed':
      return;
    default: {
      const unknown: never = event;
      throw new Error(`notifications: unhandled event ${JSON.stringify(unknown)}`);
    }
  }
}

export async function startNotificationsWorker(deps: CoreDeps): Promise<Stoppable> {
  const log = deps.log.child({ worker: NOTIFICATIONS_GROUP_ID });
  const concurrency = deps.bus.kind === 'kafka' ? 6 : 16;
  // Beside the api, a sale's purchases come first: the sends yield their slots to them.
  const slots = deps.requestPath?.slots(concurrency);
  const handle = (message: BusMessage) => handleNotificationsMessage({ ...deps, log }, message);
  const subscription = await deps.bus.subscribe({
    groupId: NOTIFICATIONS_GROUP_ID,
    topics: [
      TOPICS['numbers.assigned'],
      TOPICS['purchase.notice'],
      TOPICS['purchase.expired'],
      TOPICS['raffle.drawn'],
      TOPICS['lookup.requested'],
      TOPICS['invoice.authorized'],
    ],
    // Sending waits on the mail server and Twilio, not on this process. On Kafka one
    // process sends for 6 purchases at a time and a second process adds as many (the
    // topics have more partitions); embedded, this process is the only sender.
    concurrency,
    handler: (message) => (slots ? slots.run(() => handle(message)) : handle(message)),
  });
  const releaseMailers = holdMailers();
  return {
    stop: async () => {
      await subscription.stop();
      releaseMailers();
    },
  };
}

export { notifyPurchase } from './notify';
