// Past raffles and their winners (`pastRaffles`), shown on the home page.
import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';

export interface PastRaffleDoc {
  _id: string;
  activityName: string;
  date: string;
  prize: string;
  winner: string;
  image: string;
  instagramPostUrl: string;
  /** A raffle published by its recorded draw: the winning number (null: none sold) and its record. */
  winningNumber?: string | null;
  raffleRef?: string;
  createdAt: Date;
  updatedAt?: Date;
}

export type PastRaffleFields = Omit<
  PastRaffleDoc,
  '_id' | 'createdAt' | 'updatedAt' | 'winningNumber' | 'raffleRef'
>;

const pastRaffles = (db: Db) => db.collection<PastRaffleDoc>('pastRaffles');

export async function ensurePastRafflesIndexes(db: Db): Promise<void> {
  await pastRaffles(db).createIndex({ date: -1 });
}

/** Newest first. */
export async function listPastRaffles(db: Db): Promise<PastRaffleDoc[]> {
  return pastRaffles(db).find({}).sort({ date: -1, createdAt: -1 }).toArray();
}

export async function findPastRaffle(db: Db, id: string): Promise<PastRaffleDoc | null> {
  return pastRaffles(db).findOne({ _id: id });
}

export async function createPastRaffle(
  db: Db,
  fields: PastRaffleFields,
  id: string = randomUUID(),
): Promise<PastRaffleDoc> {
  const doc: PastRaffleDoc = { _id: id, ...fields, createdAt: new Date() };
  await pastRaffles(db).insertOne(doc);
  return doc;
}

export async function updatePastRaffle(
  db: Db,
  id: string,
  fields: PastRaffleFields,
): Promise<PastRaffleDoc | null> {
  return pastRaffles(db).findOneAndUpdate(
    { _id: id },
    { $set: { ...fields, updatedAt: new Date() } },
    { returnDocument: 'after' },
  );
}

export async function deletePastRaffle(db: Db, id: string): Promise<PastRaffleDoc | null> {
  return pastRaffles(db).findOneAndDelete({ _id: id });
}

/** Creates or overwrites the past raffle with this id (demo data and fixtures). */
export async function upsertPastRaffle(
  db: Db,
  id: string,
  fields: PastRaffleFields,
): Promise<void> {
  await pastRaffles(db).updateOne(
    { _id: id },
    { $set: { ...fields, updatedAt: new Date() }, $setOnInsert: { createdAt: new Date() } },
    { upsert: true },
  );
}

/**
 * Publishes a drawn raffle among the past ones, once: the id comes from its public
 * reference, and a later call (a retry) leaves what is there, staff's edits included.
 */
export async function publishDrawnPastRaffle(
  db: Db,
  raffleRef: string,
  fields: PastRaffleFields & Pick<PastRaffleDoc, 'winningNumber'>,
): Promise<void> {
  try {
    await pastRaffles(db).updateOne(
      { _id: `draw-${raffleRef}` },
      { $setOnInsert: { ...fields, raffleRef, createdAt: new Date() } },
      { upsert: true },
    );
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
  }
}
