// The PENDING purchase as create-order writes it, in one insert with everything it starts
// with: its price (I6), its hold, the provider's reference and, for a transfer, the
// buyer's first message in the outbox (I5: it goes out even if the process dies now).
import { makeEvent, MESSAGE_CHANNEL_TEXTS, type CreateOrder } from '@vag/contracts';
import type { PurchaseConsentDoc, PurchaseDoc, PurchaseMessagingDoc } from '../db/purchases';
import type { Priced } from './pricing';

export interface Hold {
  expiresAt: Date;
  /** A transfer on its short first hold, until its first receipt (limits/transfer-hold.ts). */
  firstHold: boolean;
}

export interface NewPurchase {
  raffleId: string;
  purchaseId: string;
  orderCode: string;
  accessKey: string;
  resellerCode: string | null;
  hold: Hold;
  /** The terms and notice versions in force and the channel; the time and choice are added here. */
  consent: Omit<PurchaseConsentDoc, 'acceptedAt' | 'marketing'>;
}

export function newPurchase(order: CreateOrder, priced: Priced, ids: NewPurchase): PurchaseDoc {
  const now = new Date();
  const method = order.paymentMethod;
  const b = order.buyer;
  const purchase: PurchaseDoc = {
    _id: ids.purchaseId,
    raffleId: ids.raffleId,
    createdAt: now,
    updatedAt: now,
    buyer: {
      firstName: b.firstName,
      lastName: b.lastName,
      email: b.email.trim().toLowerCase(),
      phone: b.phone,
      country: b.country,
      address: b.address,
      city: b.city,
      province: b.province,
      ...(b.document ? { document: b.document } : {}),
    },
    resellerCode: ids.resellerCode,
    orderCode: ids.orderCode,
    accessKey: ids.accessKey,
    ...priced,
    paymentMethod: method,
    status: 'PENDING',
    reservation: {
      active: true,
      expiresAt: ids.hold.expiresAt,
      ...(ids.hold.firstHold ? { firstHold: true } : {}),
    },
    assignedNumbers: [],
    consent: { ...ids.consent, acceptedAt: now, marketing: order.consent.marketing },
    ...(order.messaging ? { messaging: messagingOf(order.messaging.channel, now) } : {}),
    ...(method === 'bank_transfer'
      ? {
          bankTransfer: { received: false, bankName: null, referenceCode: null, confirmedAt: null },
        }
      : {}),
    ...(method === 'mobile'
      ? {
          mobile: {
            transactionId: null,
            clientTransactionId: order.clientTransactionId!,
            status: 'PENDING',
          },
        }
      : {}),
  };
  // The transfer's buyer gets the order link by e-mail and SMS (through the outbox).
  if (method === 'bank_transfer') {
    const notice = makeEvent(
      'purchase.notice',
      { purchaseId: ids.purchaseId, noticeId: 'order_created', kind: 'order_created' },
      now,
    );
    purchase.outbox = { purchase_notice: { event: notice, createdAt: now, publishedAt: null } };
  }
  return purchase;
}

/** WhatsApp is only ever chosen with its opt-in, so the text accepted is recorded with it. */
function messagingOf(channel: PurchaseMessagingDoc['channel'], now: Date): PurchaseMessagingDoc {
  return channel === 'whatsapp'
    ? { channel, optIn: { text: MESSAGE_CHANNEL_TEXTS.whatsappOptIn, at: now } }
    : { channel, optIn: null };
}
