// What a buyer does with their data from /mis-datos, and what staff do for a request that
// came by another channel: each action is recorded as a data request with what was done
// (the 15-day answer the law asks for is then visible to staff).
import type { ContactCorrection } from '@vag/contracts';
import type { Db } from 'mongodb';
import { insertDataRequest, markDataRequestDone, type DataRequestDoc } from '../db/data-requests';
import { anonymizeBuyer } from './anonymize';

/** Who acted: the buyer themselves, or a staff member's e-mail. */
export type RightsActor = 'titular' | { staff: string };

const actorName = (actor: RightsActor) => (actor === 'titular' ? 'titular' : actor.staff);
const channelOf = (actor: RightsActor) => (actor === 'titular' ? 'web' : 'staff');

/** Records a download of the buyer's data (the export itself is personal-data.ts). */
export async function recordExport(db: Db, email: string, format: 'json' | 'pdf'): Promise<void> {
  await insertDataRequest(db, {
    email,
    kind: 'export',
    channel: 'web',
    done: { by: 'titular', what: `Descargó sus datos (${format.toUpperCase()}).` },
  });
}

/** Corrects the contact data on every purchase of `email` (and the reports' copy of the name). */
export async function correctContact(
  db: Db,
  email: string,
  contact: ContactCorrection,
  actor: RightsActor,
): Promise<number> {
  const set = Object.fromEntries(Object.entries(contact).map(([k, v]) => [`buyer.${k}`, v]));
  const { modifiedCount } = await db
    .collection('purchases')
    .updateMany({ 'buyer.email': email }, { $set: { ...set, updatedAt: new Date() } });
  await db
    .collection('report_facts')
    .updateMany(
      { 'buyer.email': email },
      { $set: { 'buyer.firstName': contact.firstName, 'buyer.lastName': contact.lastName } },
    );
  await insertDataRequest(db, {
    email,
    kind: 'correction',
    channel: channelOf(actor),
    done: {
      by: actorName(actor),
      what: `Datos de contacto corregidos en ${modifiedCount} ${modifiedCount === 1 ? 'compra' : 'compras'}.`,
    },
  });
  return modifiedCount;
}

const DELETION_DONE =
  'Datos personales anonimizados en todas partes; comprobantes borrados. Se conservan compras, montos, números, facturas y el registro del sorteo.';

export interface Deletion {
  email: string;
  actor: RightsActor;
  /** The request being answered; without it one is recorded. */
  request?: DataRequestDoc;
  /** The embedded mode's data directory (its outbox log names the buyer too). */
  dataDir?: string;
}

/**
 * Deletes the buyer's personal data. The request is recorded done first with the e-mail,
 * which the anonymization then replaces by the alias like every other trace of theirs.
 */
export async function deletePersonalData(db: Db, deletion: Deletion): Promise<void> {
  const { email, actor, request, dataDir } = deletion;
  const done = { by: actorName(actor), what: DELETION_DONE };
  if (request) await markDataRequestDone(db, request._id, done);
  else await insertDataRequest(db, { email, kind: 'deletion', channel: channelOf(actor), done });
  await anonymizeBuyer(db, email, actor === 'titular' ? 'request' : 'staff', { dataDir });
}
