// What a buyer does with their data from /mis-datos, and what staff do for a request that
// came by another channel: each action is recorded as a data request with what was done
// (the 15-day answer the law asks for is then visible to staff).
import { MY_DATA_TEXTS, type ContactCorrection } from '@vag/contracts';
import type { Db } from 'mongodb';
import {
  insertDataRequest,
  markDataRequestDone,
  markDataRequestForReview,
  type DataRequestDoc,
} from '../db/data-requests';
import { anonymizeBuyer, type Anonymization } from './anonymize';

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

export interface Deletion {
  email: string;
  actor: RightsActor;
  /** The request being answered; without it one is recorded. */
  request?: DataRequestDoc;
  /** The embedded mode's data directory (its outbox log names the buyer too). */
  dataDir?: string;
}

/** What the request says once the deletion ran: done, or pending with what staff must review. */
async function answerDeletion(
  db: Db,
  requestId: string,
  by: string,
  { review }: Pick<Anonymization, 'review'>,
): Promise<void> {
  if (review.length === 0) {
    await markDataRequestDone(db, requestId, { by, what: MY_DATA_TEXTS.deletionDone });
    return;
  }
  const what = `${MY_DATA_TEXTS.deletionDone} ${MY_DATA_TEXTS.deletionReview(review.length)}`;
  await markDataRequestForReview(db, requestId, { what, review });
}

/**
 * Deletes the buyer's personal data. The request is recorded first with the e-mail, which
 * the anonymization then replaces by the alias like every other trace of theirs; then it
 * says what was done, and what was left for staff.
 */
export async function deletePersonalData(db: Db, deletion: Deletion): Promise<void> {
  const { email, actor, dataDir } = deletion;
  const request =
    deletion.request ??
    (await insertDataRequest(db, { email, kind: 'deletion', channel: channelOf(actor) }));
  const result = await anonymizeBuyer(db, email, actor === 'titular' ? 'request' : 'staff', {
    dataDir,
  });
  await answerDeletion(db, request._id, actorName(actor), result);
}

/** The retention rule's deletion that left values for staff: recorded under the alias. */
export async function recordRetentionReview(db: Db, result: Anonymization): Promise<void> {
  if (result.review.length === 0) return;
  const request = await insertDataRequest(db, {
    email: result.aliasEmail,
    kind: 'deletion',
    channel: 'staff',
    note: MY_DATA_TEXTS.retentionNote,
  });
  await answerDeletion(db, request._id, 'retención', result);
}
