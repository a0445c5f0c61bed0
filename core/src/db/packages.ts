// Number packages (`packages`), each offered on its raffle's page.
import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';
import { raffleMatch, raffleOf } from './by-raffle';

export interface PackageDoc {
  _id: string;
  /** Missing on packages stored before many raffles: those belong to 'current'. */
  raffleId?: string;
  name: string;
  quantity: number;
  price: number;
  isPopular: boolean;
  createdAt: Date;
  updatedAt?: Date;
}

export type PackageFields = Pick<PackageDoc, 'name' | 'quantity' | 'price' | 'isPopular'>;

const packages = (db: Db) => db.collection<PackageDoc>('packages');

export async function ensurePackagesIndexes(db: Db): Promise<void> {
  await packages(db).createIndex({ raffleId: 1, quantity: 1 });
}

/** The packages of one raffle (those stored before many raffles have none: by-raffle.ts). */
const ofRaffle = (raffleId: string) => raffleMatch<PackageDoc>(raffleId);

/** Ordered as the raffle's page shows them: smallest package first. */
export async function listPackages(db: Db, raffleId: string): Promise<PackageDoc[]> {
  return packages(db).find(ofRaffle(raffleId)).sort({ quantity: 1, createdAt: 1 }).toArray();
}

export async function countPackages(db: Db, raffleId: string): Promise<number> {
  return packages(db).countDocuments(ofRaffle(raffleId));
}

/** A package of this raffle (a package id of another raffle is not found). */
export async function findPackage(
  db: Db,
  raffleId: string,
  id: string,
): Promise<PackageDoc | null> {
  return packages(db).findOne({ $and: [{ _id: id }, ofRaffle(raffleId)] });
}

export async function createPackage(
  db: Db,
  raffleId: string,
  fields: PackageFields,
  id: string = randomUUID(),
): Promise<PackageDoc> {
  const doc: PackageDoc = { _id: id, raffleId, ...fields, createdAt: new Date() };
  await packages(db).insertOne(doc);
  await keepPopularOnly(db, doc);
  return doc;
}

export async function updatePackage(
  db: Db,
  raffleId: string,
  id: string,
  fields: PackageFields,
): Promise<PackageDoc | null> {
  const doc = await packages(db).findOneAndUpdate(
    { $and: [{ _id: id }, ofRaffle(raffleId)] },
    { $set: { ...fields, updatedAt: new Date() } },
    { returnDocument: 'after' },
  );
  if (doc) await keepPopularOnly(db, doc);
  return doc;
}

/**
 * The home page shows one "Más popular" card: marking a package popular takes the
 * badge from whichever had it, as the admin's toggle promises.
 */
async function keepPopularOnly(db: Db, doc: PackageDoc): Promise<void> {
  if (!doc.isPopular) return;
  await packages(db).updateMany(
    {
      $and: [{ _id: { $ne: doc._id }, isPopular: true }, ofRaffle(raffleOf(doc))],
    },
    { $set: { isPopular: false, updatedAt: new Date() } },
  );
}

export async function deletePackage(
  db: Db,
  raffleId: string,
  id: string,
): Promise<PackageDoc | null> {
  return packages(db).findOneAndDelete({ $and: [{ _id: id }, ofRaffle(raffleId)] });
}

/** Copies a raffle's packages to a new raffle (a raffle made from a template). */
export async function copyPackages(
  db: Db,
  fromRaffleId: string,
  toRaffleId: string,
): Promise<number> {
  const source = await listPackages(db, fromRaffleId);
  for (const { name, quantity, price, isPopular } of source)
    await createPackage(db, toRaffleId, { name, quantity, price, isPopular });
  return source.length;
}

/** Creates or overwrites the package with this id (demo data and fixtures). */
export async function upsertPackage(
  db: Db,
  raffleId: string,
  id: string,
  fields: PackageFields,
): Promise<void> {
  await packages(db).updateOne(
    { _id: id },
    {
      $set: { ...fields, raffleId, updatedAt: new Date() },
      $setOnInsert: { createdAt: new Date() },
    },
    { upsert: true },
  );
}
