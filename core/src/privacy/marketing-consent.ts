// A person's marketing choice, one document per e-mail (`marketing_consents`): the current
// choice and every change before it, so staff can show when and how it was given or
// withdrawn (LOPDP art. 8). A choice older than the stored one (two messages racing) joins
// the history without replacing the newer choice.
import type { MarketingConsent, MarketingConsentSource } from '@vag/contracts';
import type { Db } from 'mongodb';
import { isDuplicateKey } from '../db/raffle-numbers';

interface ConsentChange {
  granted: boolean;
  source: MarketingConsentSource;
  at: Date;
}

export interface MarketingConsentDoc extends ConsentChange {
  /** The e-mail, trimmed and lower-cased. */
  _id: string;
  history: ConsentChange[];
}

export interface MarketingChoice {
  email: string;
  granted: boolean;
  source: MarketingConsentSource;
  at?: Date;
}

export const marketingConsents = (db: Db) =>
  db.collection<MarketingConsentDoc>('marketing_consents');

export const consentKey = (email: string) => email.trim().toLowerCase();

/** Records a choice: always in the history, and as the current one unless a newer one is. */
export async function recordMarketingConsent(db: Db, choice: MarketingChoice): Promise<void> {
  const _id = consentKey(choice.email);
  const change: ConsentChange = {
    granted: choice.granted,
    source: choice.source,
    at: choice.at ?? new Date(),
  };
  await appendChange(db, _id, change);
  await marketingConsents(db).updateOne(
    { _id, at: { $lte: change.at } },
    { $set: { granted: change.granted, source: change.source, at: change.at } },
  );
}

async function appendChange(db: Db, _id: string, change: ConsentChange): Promise<void> {
  const write = () =>
    marketingConsents(db).updateOne(
      { _id },
      { $push: { history: change }, $setOnInsert: { ...change } },
      { upsert: true },
    );
  try {
    await write();
  } catch (error) {
    // Two first choices for one e-mail at once: the other inserted it, so this one appends.
    if (!isDuplicateKey(error)) throw error;
    await write();
  }
}

/** The current choice for an e-mail, or null when the person never made one. */
export async function marketingConsentOf(db: Db, email: string): Promise<MarketingConsent | null> {
  const doc = await marketingConsents(db).findOne({ _id: consentKey(email) });
  if (!doc) return null;
  return { email: doc._id, granted: doc.granted, source: doc.source, at: doc.at.toISOString() };
}
