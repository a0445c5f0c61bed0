// Everything the store holds about one buyer (LOPDP art. 13, the right of access): each
// place of places.ts, read through what the person proved (their e-mail and their
// purchases), so the download is complete by construction and holds nobody else's data.
// Each document is given as the person reads it (places.ts `exported`): no internal ids,
// no keys that open things (an order's access key, a signed link), no staff member's
// name or e-mail. Values shared with another buyer are not exported: staff review them.
import type { Db } from 'mongodb';
import { FIRST_RAFFLE_ID } from '../db/by-raffle';
import {
  identify,
  placeCollection,
  PLACES,
  SECTIONS,
  type ExportedRecord,
  type Person,
  type Place,
  type StoredDoc,
  type Section,
} from './places';

export interface PersonalData {
  email: string;
  /** ISO instant; the PDF shows it on Ecuador's clock. */
  generatedAt: string;
  /** Every section, empty ones included (the buyer sees where we looked). */
  sections: Record<Section, ExportedRecord[]>;
}

/** Raffle id → name, for the raffles of the person's purchases. */
async function raffleNames(db: Db, person: Person): Promise<Map<string, string>> {
  // A find by _id, not a distinct: the store searches the _id index for a find's $in
  // (a hundred ids at a time) and reads every purchase for a distinct.
  const ids: string[] = [];
  for (const chunk of chunks(person.purchaseIds)) {
    const found = await db
      .collection<{ _id: string; raffleId?: string }>('purchases')
      .find({ _id: { $in: chunk } }, { projection: { raffleId: 1 } })
      .toArray();
    for (const p of found) if (typeof p.raffleId === 'string') ids.push(p.raffleId);
  }
  const raffles = await db
    .collection<{ _id: string; name?: string }>('raffles')
    .find({ _id: { $in: [...ids, FIRST_RAFFLE_ID] } }, { projection: { name: 1 } })
    .toArray();
  return new Map(raffles.map((r) => [r._id, r.name ?? '']));
}

/** The records of every place that links to `person`, by section. */
export async function findPersonalData(
  db: Db,
  person: Person,
): Promise<Record<Section, ExportedRecord[]>> {
  const context = { person, raffleNames: await raffleNames(db, person) };
  const sections = Object.fromEntries(SECTIONS.map((s) => [s, [] as ExportedRecord[]])) as Record<
    Section,
    ExportedRecord[]
  >;
  for (const place of PLACES) {
    for (const doc of await placeDocs(db, place, person)) {
      const record = place.exported(doc, context);
      if (record) sections[place.section].push(record);
    }
  }
  for (const records of Object.values(sections))
    records.sort((a, b) => when(a).localeCompare(when(b)));
  return sections;
}

/**
 * The store searches an index for an $in of up to a hundred values
 * (infra/ferretdb index_pushdown.go): a buyer's purchase ids are asked that many at a time.
 */
const IN_MAX = 100;

function chunks(ids: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += IN_MAX) out.push(ids.slice(i, i + IN_MAX));
  return out;
}

/** A place's documents of `person`: with many purchases, read a hundred purchase ids at a time. */
async function placeDocs(db: Db, place: Place, person: Person): Promise<StoredDoc[]> {
  if (person.purchaseIds.length <= IN_MAX)
    return placeCollection(db, place).find(place.filter(person)).toArray();
  const byId = new Map<string, StoredDoc>();
  for (const purchaseIds of chunks(person.purchaseIds)) {
    const docs = await placeCollection(db, place)
      .find(place.filter({ ...person, purchaseIds }))
      .toArray();
    for (const doc of docs) byId.set(String(doc._id), doc);
  }
  return [...byId.values()];
}

/** A record's date, for reading each section in time order. */
const when = (r: ExportedRecord) => String(r.createdAt ?? r.at ?? r.date ?? '');

/** The export of `email`: every section, empty ones included. */
export async function personalDataOf(db: Db, email: string): Promise<PersonalData> {
  const person = await identify(db, email);
  return {
    email: person.email,
    generatedAt: new Date().toISOString(),
    sections: await findPersonalData(db, person),
  };
}

/** Whether the store holds anything about `email` beyond requests about it (the e-mail says which). */
export async function holdsPersonalData(db: Db, email: string): Promise<boolean> {
  const person = await identify(db, email);
  if (person.purchaseIds.length > 0) return true;
  const consent = PLACES.find((p) => p.collection === 'marketing_consents')!;
  return (await placeCollection(db, consent).countDocuments(consent.filter(person))) > 0;
}
