// The raffles (`raffles`, one document each). This module owns a raffle's record: its
// page fields (name, slug, prize, image, price, end date, description), whether it is
// featured, published or archived, and its creation. The numbers fields and capacity
// counters belong to raffle-numbers.ts and raffle-capacity.ts, the fairness fields to
// raffle-fairness.ts, which only find them initialised here. The raffle that existed
// before there were many keeps the id 'current' for good, so its sales need no rewrite.
import type { DrawRule, NumberMode, RaffleTrust } from '@vag/contracts';
import type { Db, Filter } from 'mongodb';

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
  /** Its page's address: /rifas/<slug>. Unique. */
  slug?: string;
  description?: string;
  /** The home page's raffle; the SPEC §7 calls without a raffle answer for it. */
  featured?: boolean;
  /** Set once by 'Publicar': before it the raffle is a draft. */
  publishedAt?: Date;
  archivedAt?: Date;
  createdAt?: Date;
  /** Owned by raffle-fairness.ts; read here for the raffle's status. */
  closeRequestedAt?: Date;
  closing?: unknown;
  draw?: unknown;
  /** Owned by raffle-fairness.ts; a duplicated raffle starts with its template's rule. */
  drawRule?: DrawRule;
  /** Its trust page's fields (permit, prize proof, live stream); each may be empty. */
  trust?: RaffleTrust;
  /** Absent on raffles older than the choice: 'random'. Fixed once published. */
  numberMode?: NumberMode;
}

/** A raffle's number mode ('random' unless it chose otherwise). */
export function numberModeOf(raffle: Pick<RaffleDoc, 'numberMode'>): NumberMode {
  return raffle.numberMode ?? 'random';
}

/** The fields an operator writes on a raffle. */
export type RaffleRecordFields = Pick<
  RaffleDoc,
  'name' | 'prize' | 'imageUrl' | 'pricePerNumber' | 'endDate' | 'slug' | 'description' | 'trust'
>;

const raffles = (db: Db) => db.collection<RaffleDoc>('raffles');

export function numberWidthFor(totalNumbers: number): number {
  return String(Math.max(totalNumbers - 1, 0)).length;
}

/** A raffle before its numbers are made: nothing to sell yet (raffle-numbers.ts makes them). */
const NO_NUMBERS_YET = {
  numbersGenerated: false,
  available: 0,
  reserved: 0,
  sold: 0,
  nextPosition: 0,
  soldOut: false,
} as const;

function defaultRaffle(): Omit<RaffleDoc, '_id'> {
  const endDate = new Date();
  endDate.setUTCMonth(endDate.getUTCMonth() + 1);
  return {
    name: 'Nueva rifa',
    slug: 'nueva-rifa',
    featured: true,
    createdAt: new Date(),
    prize: 'Premio por definir',
    imageUrl: '',
    pricePerNumber: 1,
    isActive: false,
    endDate,
    totalNumbers: 10_000,
    numberWidth: 4,
    ...NO_NUMBERS_YET,
  };
}

/** Creates a default, inactive raffle on a store that has none; never touches an existing one. */
export async function ensureCurrentRaffle(db: Db): Promise<void> {
  if (await raffles(db).findOne({}, { projection: { _id: 1 } })) return;
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

/** The hero fields of a raffle (what its draw's messages and past raffle show). */
export async function getRaffleHero(
  db: Db,
  raffleId: string,
): Promise<Pick<HeroFields, 'name' | 'prize' | 'imageUrl'> | null> {
  return raffles(db).findOne(
    { _id: raffleId },
    { projection: { _id: 0, name: 1, prize: 1, imageUrl: 1 } },
  );
}

export class NumbersAlreadyGeneratedError extends Error {}

export async function setRaffleActive(
  db: Db,
  raffleId: string,
  isActive: boolean,
): Promise<RaffleDoc> {
  const doc = await raffles(db).findOneAndUpdate(
    { _id: raffleId },
    { $set: { isActive, updatedAt: new Date() } },
    { returnDocument: 'after' },
  );
  if (!doc) throw new Error(`raffle ${raffleId} vanished`);
  return doc;
}

export async function getRaffle(db: Db, raffleId: string): Promise<RaffleDoc | null> {
  return raffles(db).findOne({ _id: raffleId });
}

/** A raffle by its id or its slug (the public address). */
export async function findRaffleByRef(db: Db, ref: string): Promise<RaffleDoc | null> {
  return (await raffles(db).findOne({ _id: ref })) ?? raffles(db).findOne({ slug: ref });
}

/** Every raffle, newest first (a few dozen a year: the Rifas list reads them all). */
export async function listRaffleDocs(db: Db, filter: Filter<RaffleDoc> = {}): Promise<RaffleDoc[]> {
  return raffles(db)
    .find(filter, { projection: { secretKey: 0, fairness: 0, pendingAudit: 0, ordersInFlight: 0 } })
    .sort({ createdAt: -1, _id: 1 })
    .toArray();
}

/**
 * The raffle the home page shows: the one marked featured, or — on a store where none is —
 * the first raffle ever made ('current' on a store from before many raffles).
 */
export async function featuredRaffleId(db: Db): Promise<string | null> {
  const featured = await raffles(db).findOne({ featured: true }, { projection: { _id: 1 } });
  if (featured) return featured._id;
  const first = await raffles(db).findOne({}, { projection: { _id: 1 }, sort: { createdAt: 1 } });
  return first?._id ?? null;
}

/**
 * Whether another raffle answers to `slug`: as its slug, or as its id (a path names a
 * raffle by either, id first, so a slug equal to another raffle's id would reach that one).
 */
export async function slugTaken(db: Db, slug: string, exceptId?: string): Promise<boolean> {
  const found = await raffles(db)
    .find({ $or: [{ slug }, { _id: slug }] }, { projection: { _id: 1 } })
    .toArray();
  return found.some((raffle) => raffle._id !== exceptId);
}

export interface NewRaffle extends RaffleRecordFields {
  _id: string;
  totalNumbers: number;
  numberWidth?: number;
  numberMode?: NumberMode;
}

/** A new draft: not selling, no numbers yet (they are made when it is published). */
export async function insertRaffle(db: Db, raffle: NewRaffle): Promise<RaffleDoc> {
  const doc: RaffleDoc = {
    ...raffle,
    isActive: false,
    numberWidth: Math.max(raffle.numberWidth ?? 0, numberWidthFor(raffle.totalNumbers)),
    ...NO_NUMBERS_YET,
    featured: false,
    createdAt: new Date(),
  };
  await raffles(db).insertOne(doc);
  return doc;
}

/** What a save of a raffle's record changes. */
interface RaffleRecordChange {
  fields: Partial<RaffleRecordFields>;
  /** Only while the numbers are not generated. */
  size?: { totalNumbers: number; numberWidth?: number };
  /** Only while the raffle is a draft. */
  mode?: NumberMode;
}

/**
 * Saves a raffle's record fields; its size only while its numbers are not generated,
 * checked in the same atomic update (NumbersAlreadyGeneratedError otherwise).
 */
export async function updateRaffleRecord(
  db: Db,
  raffleId: string,
  { fields, size, mode }: RaffleRecordChange,
): Promise<RaffleDoc> {
  const set: Partial<RaffleDoc> = { ...fields, updatedAt: new Date() };
  const filter: Filter<RaffleDoc> = { _id: raffleId };
  if (mode) {
    // The mode is part of what a published raffle promised: only a draft changes it.
    set.numberMode = mode;
    filter.publishedAt = { $exists: false };
  }
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
  if (!doc) throw mode ? new NumberModeFixedError() : new NumbersAlreadyGeneratedError();
  return doc;
}

export class NumberModeFixedError extends Error {}

/** Marks a raffle published or archived, once (answers whether this call did it). */
export async function stampRaffle(
  db: Db,
  raffleId: string,
  stamp: 'publishedAt' | 'archivedAt',
): Promise<boolean> {
  const result = await raffles(db).updateOne(
    { _id: raffleId, [stamp]: { $exists: false } },
    { $set: { [stamp]: new Date(), updatedAt: new Date() } },
  );
  return result.modifiedCount === 1;
}

/** Makes `raffleId` the home page's raffle (and no other). */
export async function featureRaffle(db: Db, raffleId: string): Promise<void> {
  await raffles(db).updateOne({ _id: raffleId }, { $set: { featured: true } });
  await raffles(db).updateMany(
    { _id: { $ne: raffleId }, featured: true },
    { $set: { featured: false } },
  );
}

/** Start-up upgrade of a store from before many raffles (idempotent): see upgradeRaffles. */
export async function fillRaffleRecordFields(
  db: Db,
  raffleId: string,
  fields: Partial<RaffleDoc>,
): Promise<void> {
  await raffles(db).updateOne({ _id: raffleId }, { $set: fields });
}

/** Every raffle's id (a few dozen a year; raffles are never deleted). */
export async function listRaffleIds(db: Db): Promise<string[]> {
  const docs = await raffles(db)
    .find({}, { projection: { _id: 1 } })
    .toArray();
  return docs.map((d) => d._id);
}

/**
 * The raffles whose sale or draw may still move (numbers made, not archived): what the
 * closing job looks at every few seconds.
 */
export async function rafflesInPlay(db: Db): Promise<string[]> {
  const docs = await raffles(db)
    .find({ numbersGenerated: true, archivedAt: { $exists: false } }, { projection: { _id: 1 } })
    .toArray();
  return docs.map((d) => d._id);
}

export async function ensureRaffleIndexes(db: Db): Promise<void> {
  // Not unique: FerretDB has neither sparse nor partial indexes, and raffles written by
  // tests or older versions may lack a slug. slugTaken() keeps slugs unique.
  await raffles(db).createIndex({ slug: 1 });
  await raffles(db).createIndex({ featured: 1 });
}
