// Site settings: one document `_id: 'current'`. Contact data is public; the database URL
// and payment keys are secrets read server-side only (payment providers take their
// keys from here when the environment does not set them).
import type { Db } from 'mongodb';

export interface SettingsDoc {
  _id: string;
  email: string;
  contactNumber: string;
  mongoDBConnection: string;
  socialMedia: { facebook: string; instagram: string; tiktok: string };
  payment: {
    stripeSecretKey: string;
    stripePublishableKey: string;
    paypalClientId: string;
    paypalSecret: string;
  };
  updatedAt?: Date;
}

export const SETTINGS_ID = 'current';

const settings = (db: Db) => db.collection<SettingsDoc>('settings');

export function defaultSettings(): SettingsDoc {
  return {
    _id: SETTINGS_ID,
    email: '',
    contactNumber: '',
    mongoDBConnection: '',
    socialMedia: { facebook: '', instagram: '', tiktok: '' },
    payment: {
      stripeSecretKey: '',
      stripePublishableKey: '',
      paypalClientId: '',
      paypalSecret: '',
    },
  };
}

/** The settings with every field present (defaults filled in), creating the document on first use. */
export async function getSettings(db: Db): Promise<SettingsDoc> {
  const defaults = defaultSettings();
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
  const stored = doc ?? defaults;
  return {
    ...defaults,
    ...stored,
    socialMedia: { ...defaults.socialMedia, ...stored.socialMedia },
    payment: { ...defaults.payment, ...stored.payment },
  };
}

export async function replaceSettings(
  db: Db,
  next: Omit<SettingsDoc, '_id' | 'updatedAt'>,
): Promise<SettingsDoc> {
  const doc = { ...next, updatedAt: new Date() };
  await settings(db).updateOne({ _id: SETTINGS_ID }, { $set: doc }, { upsert: true });
  return { _id: SETTINGS_ID, ...doc };
}
