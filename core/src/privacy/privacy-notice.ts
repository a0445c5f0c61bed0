// The privacy notice's versions (`privacy_notices`): each one keeps the facts it was
// written from and its text as published, so what a buyer accepted can be shown later.
// A version is added when the facts change: after a settings save, and on the first read
// after any other change (a provider's key in the environment). The version in force is
// remembered per settings object, so an order reads the store only after settings change.
import {
  privacyNoticeSections,
  type PaymentMethodAvailability,
  type PrivacyNotice,
  type PrivacyNoticeFacts,
  type PrivacyNoticeSection,
} from '@vag/contracts';
import type { Db } from 'mongodb';
import type { SettingsDoc } from '../db/settings';
import { isDuplicateKey } from '../db/raffle-numbers';
import { loadInvoicingSettings } from '../invoices/settings';
import { loadWhatsappSettings } from '../messaging/whatsapp-settings';

export interface PrivacyNoticeDoc {
  _id: number;
  publishedAt: Date;
  facts: PrivacyNoticeFacts;
  /** The facts as one string, to tell a change from the same facts saved again. */
  factsKey: string;
  sections: PrivacyNoticeSection[];
}

const notices = (db: Db) => db.collection<PrivacyNoticeDoc>('privacy_notices');

const PAYMENT_PROVIDER_NAMES: Record<keyof PaymentMethodAvailability, string> = {
  paypal: 'PayPal',
  card: 'Stripe (tarjetas)',
  mobile: 'PayPhone',
  bank_transfer: 'los bancos de nuestras cuentas (transferencias)',
};

/** Who else receives data, from the settings kept apart from the main ones. */
export interface NoticeReceivers {
  /** A WhatsApp sender is set: buyers who choose WhatsApp get their messages through Meta. */
  whatsapp: boolean;
  /** Electronic invoicing is on: the SRI receives each sale's invoice. */
  invoicing: boolean;
}

/** What the notice says that comes from the settings and the payment methods that work. */
export function privacyNoticeFacts(
  settings: SettingsDoc,
  paymentMethods: PaymentMethodAvailability,
  receivers: NoticeReceivers,
): PrivacyNoticeFacts {
  const m = settings.messaging;
  const methods = Object.keys(PAYMENT_PROVIDER_NAMES) as Array<keyof PaymentMethodAvailability>;
  return {
    organizer: { ...settings.organizer },
    contactEmail: settings.email,
    privacy: { ...settings.privacy },
    paymentProviders: methods
      .filter((k) => paymentMethods[k])
      .map((k) => PAYMENT_PROVIDER_NAMES[k]),
    messagingProviders: [
      ...(m.smtpUrl ? ['el servicio de envío de correos'] : []),
      ...(m.twilioAccountSid
        ? [receivers.whatsapp ? 'Twilio (SMS y WhatsApp)' : 'Twilio (SMS)']
        : []),
      ...(receivers.whatsapp
        ? ['WhatsApp de Meta Platforms (si eliges recibir tus mensajes por WhatsApp)']
        : []),
      ...(settings.whatsappNumber ? ['WhatsApp (si nos escribes por ese medio)'] : []),
    ],
    invoicing: receivers.invoicing ? { authority: 'El Servicio de Rentas Internas (SRI)' } : null,
  };
}

async function noticeReceivers(db: Db): Promise<NoticeReceivers> {
  const [whatsapp, invoicing] = await Promise.all([
    loadWhatsappSettings(db),
    loadInvoicingSettings(db),
  ]);
  return { whatsapp: Boolean(whatsapp.from), invoicing: invoicing.enabled };
}

/** Stable across saves: the facts are built in a fixed key order above. */
const keyOf = (facts: PrivacyNoticeFacts) => JSON.stringify(facts);

export const noticeView = (doc: PrivacyNoticeDoc): PrivacyNotice => ({
  version: String(doc._id),
  publishedAt: doc.publishedAt.toISOString(),
  sections: doc.sections,
});

export async function latestPrivacyNotice(db: Db): Promise<PrivacyNoticeDoc | null> {
  return notices(db).findOne({}, { sort: { _id: -1 } });
}

/** The version for these facts: the latest one, or a new one when the facts changed. */
export async function publishPrivacyNotice(
  db: Db,
  facts: PrivacyNoticeFacts,
  now = new Date(),
): Promise<PrivacyNoticeDoc> {
  const factsKey = keyOf(facts);
  for (;;) {
    const latest = await latestPrivacyNotice(db);
    if (latest?.factsKey === factsKey) return latest;
    const doc: PrivacyNoticeDoc = {
      _id: (latest?._id ?? 0) + 1,
      publishedAt: now,
      facts,
      factsKey,
      sections: privacyNoticeSections(facts),
    };
    try {
      await notices(db).insertOne(doc);
      return doc;
    } catch (error) {
      // Another process published that number first: look again.
      if (!isDuplicateKey(error)) throw error;
    }
  }
}

const inForce = new WeakMap<SettingsDoc, Promise<PrivacyNoticeDoc>>();

/**
 * The version in force for these settings, published if they changed its facts. WhatsApp's
 * and invoicing's own settings are read with them: saving either announces a settings
 * change (api/src/privacy/privacy-notice.ts), so a new object comes here and is read anew.
 */
export function privacyNoticeFor(
  db: Db,
  settings: SettingsDoc,
  paymentMethods: PaymentMethodAvailability,
): Promise<PrivacyNoticeDoc> {
  let notice = inForce.get(settings);
  if (!notice) {
    notice = noticeReceivers(db).then((receivers) =>
      publishPrivacyNotice(db, privacyNoticeFacts(settings, paymentMethods, receivers)),
    );
    notice.catch(() => inForce.delete(settings));
    inForce.set(settings, notice);
  }
  return notice;
}
