// The current raffle (`raffles`, `_id: 'current'`). This module owns its hero fields
// (name, prize, image, price, active, end date) and its creation; the numbers fields
// and capacity counters belong to the raffle numbers code (api/src/raffle), which only
// finds them initialised here.
import type { Db } from 'mongodb';

export const CURRENT_RAFFLE_ID = 'current';

export interface HeroFields {
  name: string;
  prize: string;
  imageUrl: string;
  pricePerNumber: number;
  isActive: boolean;
  endDate: Date;
}

export interface RaffleDoc extends HeroFields {
  _id: string;
  totalNumbers: number;
  numberWidth: number;
  numbersGenerated: boolean;
  available: number;
  reserved: number;
  sold: number;
  nextPosition: number;
  soldOut: boolean;
  /** Set by the fairness side when the sale is due to close (raffle-fairness.ts). */
  salesStopped?: boolean;
  secretKey?: string;
  updatedAt?: Date;
}

const raffles = (db: Db) => db.collection<RaffleDoc>('raffles');

export function numberWidthFor(totalNumbers: number): number {
  return String(Math.max(totalNumbers - 1, 0)).length;
}

function defaultRaffle(): Omit<RaffleDoc, '_id'> {
  const endDate = new Date();
  endDate.setUTCMonth(endDate.getUTCMonth() + 1);
  return {
    name: 'Nueva rifa',
    prize: 'Premio por definir',
    imageUrl: '',
    pricePerNumber: 1,
    isActive: false,
    endDate,
    totalNumbers: 10_000,
    numberWidth: 4,
    numbersGenerated: false,
    available: 0,
    reserved: 0,
    sold: 0,
    nextPosition: 0,
    soldOut: false,
  };
}

/** Creates a default, inactive raffle when there is none; never touches an existing one. */
export async function ensureCurrentRaffle(db: Db): Promise<void> {
  try {
    await raffles(db).updateOne(
      { _id: CURRENT_RAFFLE_ID },
      { $setOnInsert: defaultRaffle() },
      { upsert: true },
    );
  } catch (error) {
    // Another replica inserted it at the same moment.
    if ((error as { code?: number }).code !== 11000) throw error;
  }
}

export async function getCurrentRaffle(db: Db): Promise<RaffleDoc | null> {
  const doc = await raffles(db).findOne({ _id: CURRENT_RAFFLE_ID });
  if (doc) return doc;
  await ensureCurrentRaffle(db);
  return raffles(db).findOne({ _id: CURRENT_RAFFLE_ID });
}

/** The hero fields of a raffle (what its draw's messages and past raffle show). */
export async function getRaffleHero(
  db: Db,
  raffleId = CURRENT_RAFFLE_ID,
): Promise<Pick<HeroFields, 'name' | 'prize' | 'imageUrl'> | null> {
  return raffles(db).findOne(
    { _id: raffleId },
    { projection: { _id: 0, name: 1, prize: 1, imageUrl: 1 } },
  );
}

export class NumbersAlreadyGeneratedError extends Error {}

/**
 * Saves the hero fields; the size of the raffle (totalNumbers, and its width) only
 * while its numbers are not generated, checked in the same atomic update.
 */
export async function updateHero(
  db: Db,
  hero: Omit<HeroFields, 'isActive'>,
  size?: { totalNumbers: number; numberWidth?: number },
): Promise<RaffleDoc> {
  await ensureCurrentRaffle(db);
  const set: Partial<RaffleDoc> = { ...hero, updatedAt: new Date() };
  const filter: Record<string, unknown> = { _id: CURRENT_RAFFLE_ID };
  if (size) {
    set.totalNumbers = size.totalNumbers;
    set.numberWidth = Math.max(size.numberWidth ?? 0, numberWidthFor(size.totalNumbers));
    filter.numbersGenerated = { $ne: true };
  }
  const doc = await raffles(db).findOneAndUpdate(
    filter,
    { $set: set },
    { returnDocument: 'after' },
  );
  if (!doc) throw new NumbersAlreadyGeneratedError();
  return doc;
}

export async function setRaffleActive(db: Db, isActive: boolean): Promise<RaffleDoc> {
  await ensureCurrentRaffle(db);
  const doc = await raffles(db).findOneAndUpdate(
    { _id: CURRENT_RAFFLE_ID },
    { $set: { isActive, updatedAt: new Date() } },
    { returnDocument: 'after' },
  );
  if (!doc) throw new Error('current raffle vanished');
  return doc;
}
