// Everything the store holds about one buyer (LOPDP art. 13, the right of access): each
// place of places.ts, its documents as stored, so the download is complete by
// construction. Secrets that open things (the link's and session's hashes, an order's
// access key stays: it is the buyer's own) are left out.
import type { Db, Document } from 'mongodb';
import { identify, placeCollection, PLACES, type Person } from './places';

export interface PersonalDataSection {
  collection: string;
  label: string;
  documents: Document[];
}

export interface PersonalData {
  email: string;
  generatedAt: string;
  sections: PersonalDataSection[];
}

const HIDDEN_FIELDS: Record<string, string[]> = { data_requests: ['access'] };

function withoutHidden(collection: string, doc: Document): Document {
  const copy = { ...doc };
  for (const field of HIDDEN_FIELDS[collection] ?? []) delete copy[field];
  return copy;
}

/** The documents of every place that names `person`, place by place. */
export async function findPersonalData(db: Db, person: Person): Promise<PersonalDataSection[]> {
  return Promise.all(
    PLACES.map(async (place) => ({
      collection: place.collection,
      label: place.label,
      documents: (await placeCollection(db, place).find(place.filter(person)).toArray()).map(
        (doc) => withoutHidden(place.collection, doc),
      ),
    })),
  );
}

/** The export of `email`: every place, empty ones included (the buyer sees where we looked). */
export async function personalDataOf(db: Db, email: string): Promise<PersonalData> {
  const person = await identify(db, email);
  return {
    email: person.email,
    generatedAt: new Date().toISOString(),
    sections: await findPersonalData(db, person),
  };
}

/** Places that only record that someone asked about an address (anyone may type one). */
const ASKED_ONLY = new Set(['data_requests', 'lookup_requests', 'rate_limits']);

/** Whether the store holds anything about `email` beyond requests about it (the e-mail says which). */
export async function holdsPersonalData(db: Db, email: string): Promise<boolean> {
  const data = await personalDataOf(db, email);
  return data.sections.some((s) => !ASKED_ONLY.has(s.collection) && s.documents.length > 0);
}
