// Number packages (`packages`) offered on the home page.
import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';

export interface PackageDoc {
  _id: string;
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
  await packages(db).createIndex({ quantity: 1 });
}

/** Ordered as the home page shows them: smallest package first. */
export async function listPackages(db: Db): Promise<PackageDoc[]> {
  return packages(db).find({}).sort({ quantity: 1, createdAt: 1 }).toArray();
}

export async function findPackage(db: Db, id: string): Promise<PackageDoc | null> {
  return packages(db).findOne({ _id: id });
}

export async function createPackage(
  db: Db,
  fields: PackageFields,
  id: string = randomUUID(),
): Promise<PackageDoc> {
  const doc: PackageDoc = { _id: id, ...fields, createdAt: new Date() };
  await packages(db).insertOne(doc);
  await keepPopularOnly(db, doc);
  return doc;
}

export async function updatePackage(
  db: Db,
  id: string,
  fields: PackageFields,
): Promise<PackageDoc | null> {
  const doc = await packages(db).findOneAndUpdate(
    { _id: id },
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
    { _id: { $ne: doc._id }, isPopular: true },
    { $set: { isPopular: false, updatedAt: new Date() } },
  );
}

export async function deletePackage(db: Db, id: string): Promise<PackageDoc | null> {
  return packages(db).findOneAndDelete({ _id: id });
}

/** Creates or overwrites the package with this id (demo data and fixtures). */
export async function upsertPackage(db: Db, id: string, fields: PackageFields): Promise<void> {
  await packages(db).updateOne(
    { _id: id },
    { $set: { ...fields, updatedAt: new Date() }, $setOnInsert: { createdAt: new Date() } },
    { upsert: true },
  );
}
