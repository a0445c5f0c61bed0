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
  const ids: string[] = (
    await db
      .collection<{ _id: string; raffleId?: string }>('purchases')
      .distinct('raffleId', { _id: { $in: person.purchaseIds } })
  ).filter((id): id is string => typeof id === 'string');
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
    const docs = await placeCollection(db, place).find(place.filter(person)).toArray();
    for (const doc of docs) {
      const record = place.exported(doc, context);
      if (record) sections[place.section].push(record);
    }
  }
  for (const records of Object.values(sections))
    records.sort((a, b) => when(a).localeCompare(when(b)));
  return sections;
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
