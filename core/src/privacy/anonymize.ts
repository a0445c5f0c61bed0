// The deletion of a buyer's personal data (LOPDP art. 15), asked by the buyer, by staff
// for them, or due by the retention rule: every place of places.ts loses the person's
// name, e-mail, phone, cédula and address, each replaced whole (one alias stands for the
// e-mail); receipts' files are deleted. What the law or the fair draw needs stays: the
// purchases with their amounts, numbers and invoices, the audit entries as written (they
// name the purchase, never rewritten: DESIGN, "Security") and the fairness record, so the sellout
// audit and verify-draw pass as before. What places.ts leaves for staff review (a phone
// or cédula that another buyer's purchase carries too) is answered, not touched.
import { randomBytes } from 'node:crypto';
import type { Db } from 'mongodb';
import { recordReceiptRemoved } from '../db/order-review';
import type { PurchaseDoc } from '../db/purchases';
import { deleteReceiptFile } from '../db/receipts';
import { endSessions } from './access-link';
import { scrubOutboxLog } from './outbox-log';
import {
  identify,
  placeCollection,
  PLACES,
  type Person,
  type Place,
  type SharedValue,
} from './places';
import { scrubbedFields, type Alias } from './scrub';

export interface Anonymization {
  alias: string;
  aliasEmail: string;
  /** Documents changed or removed, per collection. */
  changed: Record<string, number>;
  /** Values shared with other buyers, left for staff. */
  review: SharedValue[];
}

function newAlias(): Alias {
  const id = `anonimo-${randomBytes(6).toString('hex')}`;
  return { id, email: `${id}@anonimo.invalid` };
}

async function deleteReceipts(db: Db, person: Person, place: Place): Promise<number> {
  const files = await placeCollection(db, place).find(place.filter(person)).toArray();
  const purchases = db.collection<PurchaseDoc>('purchases');
  const now = new Date();
  for (const file of files) {
    const receiptId = String(file.filename);
    await deleteReceiptFile(db, receiptId);
    const purchaseId = String((file.metadata as { purchaseId?: string } | undefined)?.purchaseId);
    const purchase = await purchases.findOne({ _id: purchaseId }, { projection: { receipts: 1 } });
    const receipt = purchase?.receipts?.find((r) => r.id === receiptId);
    if (receipt) await recordReceiptRemoved(db, purchaseId, receipt, now);
  }
  return files.length;
}

async function scrubPlace(db: Db, person: Person, place: Place, alias: Alias): Promise<number> {
  const collection = placeCollection(db, place);
  const fields = place.erasure.kind === 'scrub' ? place.erasure.fields : undefined;
  let changed = 0;
  for (const doc of await collection.find(place.filter(person)).toArray()) {
    const set = scrubbedFields(doc, person, alias, fields);
    if (Object.keys(set).length === 0) continue;
    await collection.updateOne({ _id: doc._id }, { $set: set });
    changed++;
  }
  return changed;
}

async function rekeyPlace(db: Db, person: Person, place: Place, alias: Alias): Promise<number> {
  const collection = placeCollection(db, place);
  const docs = await collection.find(place.filter(person)).toArray();
  for (const doc of docs) {
    await collection.insertOne({ ...doc, ...scrubbedFields(doc, person, alias), _id: alias.email });
    await collection.deleteOne({ _id: doc._id });
  }
  return docs.length;
}

async function erasePlace(db: Db, person: Person, place: Place, alias: Alias): Promise<number> {
  switch (place.erasure.kind) {
    case 'scrub':
      return scrubPlace(db, person, place, alias);
    case 'delete':
      return (await placeCollection(db, place).deleteMany(place.filter(person))).deletedCount;
    case 'receipts':
      return deleteReceipts(db, person, place);
    case 'rekey':
      return rekeyPlace(db, person, place, alias);
    case 'set': {
      const result = await placeCollection(db, place).updateMany(place.filter(person), {
        $set: place.erasure.values(alias),
      });
      return result.modifiedCount;
    }
    case 'keep':
      return 0;
  }
}

export interface AnonymizeOptions {
  /** The embedded mode's data directory: its outbox log is scrubbed too. */
  dataDir?: string;
}

/**
 * Anonymizes `email` everywhere. `reason` is recorded on the purchases (why their buyer
 * reads "Anónimo"). Safe to run twice: the second run finds nothing of theirs.
 */
export async function anonymizeBuyer(
  db: Db,
  email: string,
  reason: string,
  options: AnonymizeOptions = {},
): Promise<Anonymization> {
  const person = await identify(db, email);
  const alias = newAlias();
  await endSessions(db, person.email);
  // Receipts first: their files are found through the purchases, which still name the person.
  const ordered = [...PLACES].sort(
    (a, b) => Number(b.erasure.kind === 'receipts') - Number(a.erasure.kind === 'receipts'),
  );
  const changed: Record<string, number> = {};
  for (const place of ordered)
    changed[place.collection] = await erasePlace(db, person, place, alias);
  if (options.dataDir) changed.outboxLog = await scrubOutboxLog(options.dataDir, person, alias);
  await db
    .collection<PurchaseDoc & { anonymized?: { at: Date; reason: string } }>('purchases')
    .updateMany(
      { _id: { $in: person.purchaseIds } },
      { $set: { anonymized: { at: new Date(), reason } } },
    );
  return { alias: alias.id, aliasEmail: alias.email, changed, review: person.shared };
}
