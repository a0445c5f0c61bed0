// Operator settings: one document `_id: 'current'`. The environment only seeds it on
// first start (and fills fields an older document lacks); from then on Ajustes is the
// truth. Contact data, bank accounts and the WhatsApp number are public; the database
// URL, provider keys and transport passwords are secrets read server-side only.
import {
  organizerSchema,
  privacySettingsSchema,
  PURCHASE_LIMIT_DEFAULTS,
  type Organizer,
  type PrivacySettings,
  type BankAccount,
  type MessagingSettings,
  type PaymentKeys,
  type PurchaseLimits,
  type SocialMedia,
} from '@vag/contracts';
import type { Db } from 'mongodb';
import type { Env } from '../env';

export interface SettingsDoc {
  _id: string;
  email: string;
  contactNumber: string;
  mongoDBConnection: string;
  socialMedia: SocialMedia;
  payment: PaymentKeys;
  messaging: MessagingSettings;
  bankAccounts: BankAccount[];
  /** International digits for wa.me, e.g. 593991234567. */
  whatsappNumber: string;
  transferHoldHours: number;
  reminderLeadHours: number;
  resellersCanConfirm: boolean;
  purchaseLimits: PurchaseLimits;
  organizer: Organizer;
  privacy: PrivacySettings;
  updatedAt?: Date;
}

export const SETTINGS_ID = 'current';

const settings = (db: Db) => db.collection<SettingsDoc>('settings');

export type SeedEnv = Partial<
  Pick<
    Env,
    | 'PAYPAL_CLIENT_ID'
    | 'PAYPAL_CLIENT_SECRET'
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'PAYPHONE_TOKEN'
    | 'PAYPHONE_STORE_ID'
    | 'SMTP_URL'
    | 'MAIL_FROM'
    | 'TWILIO_ACCOUNT_SID'
    | 'TWILIO_AUTH_TOKEN'
    | 'TWILIO_FROM'
    | 'WHATSAPP_NUMBER'
    | 'TRANSFER_RESERVATION_HOURS'
  >
>;

/** The settings a fresh installation starts with: empty, or what the environment gives. */
export function defaultSettings(env: SeedEnv = {}): SettingsDoc {
  return {
    _id: SETTINGS_ID,
    email: '',
    contactNumber: '',
    mongoDBConnection: '',
    socialMedia: { facebook: '', instagram: '', tiktok: '' },
    payment: {
      stripeSecretKey: env.STRIPE_SECRET_KEY ?? '',
      stripePublishableKey: '',
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
      paypalClientId: env.PAYPAL_CLIENT_ID ?? '',
      paypalSecret: env.PAYPAL_CLIENT_SECRET ?? '',
      paypalMode: 'sandbox',
      payphoneToken: env.PAYPHONE_TOKEN ?? '',
      payphoneStoreId: env.PAYPHONE_STORE_ID ?? '',
    },
    messaging: {
      smtpUrl: env.SMTP_URL ?? '',
      mailFrom: env.MAIL_FROM ?? '',
      twilioAccountSid: env.TWILIO_ACCOUNT_SID ?? '',
      twilioAuthToken: env.TWILIO_AUTH_TOKEN ?? '',
      twilioFrom: env.TWILIO_FROM ?? '',
    },
    bankAccounts: [],
    whatsappNumber: (env.WHATSAPP_NUMBER ?? '').replace(/\D/g, ''),
    transferHoldHours: env.TRANSFER_RESERVATION_HOURS ?? 48,
    reminderLeadHours: 6,
    resellersCanConfirm: false,
    purchaseLimits: { ...PURCHASE_LIMIT_DEFAULTS },
    organizer: organizerSchema.parse({}),
    privacy: privacySettingsSchema.parse({}),
  };
}

/** Every field present: the stored ones, the defaults for the rest. */
function complete(stored: Partial<SettingsDoc>, defaults: SettingsDoc): SettingsDoc {
  return {
    ...defaults,
    ...stored,
    socialMedia: { ...defaults.socialMedia, ...stored.socialMedia },
    payment: { ...defaults.payment, ...stored.payment },
    messaging: { ...defaults.messaging, ...stored.messaging },
    purchaseLimits: { ...defaults.purchaseLimits, ...stored.purchaseLimits },
    organizer: { ...defaults.organizer, ...stored.organizer },
    privacy: { ...defaults.privacy, ...stored.privacy },
  };
}

/** The settings with every field present, creating the document (seeded from `env`) on first use. */
export async function getSettings(db: Db, env?: SeedEnv): Promise<SettingsDoc> {
  const defaults = defaultSettings(env);
  let doc: SettingsDoc | null;
  try {
    doc = await settings(db).findOneAndUpdate(
      { _id: SETTINGS_ID },
      { $setOnInsert: defaults },
      { upsert: true, returnDocument: 'after' },
    );
  } catch {
    // Two first reads raced to insert it: the other one won.
    doc = await settings(db).findOne({ _id: SETTINGS_ID });
  }
  return complete(doc ?? defaults, defaults);
}

export async function replaceSettings(
  db: Db,
  next: Omit<SettingsDoc, '_id' | 'updatedAt'>,
): Promise<SettingsDoc> {
  const doc = { ...next, updatedAt: new Date() };
  await settings(db).updateOne({ _id: SETTINGS_ID }, { $set: doc }, { upsert: true });
  return { _id: SETTINGS_ID, ...doc };
}
