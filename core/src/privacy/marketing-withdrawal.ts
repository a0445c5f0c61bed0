// Withdrawing marketing consent from /mis-datos (LOPDP art. 8: as easy as giving it), and
// the record of that request.
import type { Db } from 'mongodb';
import { insertDataRequest } from '../db/data-requests';
import type { RightsActor } from './rights';

export async function withdrawMarketingConsent(
  db: Db,
  email: string,
  actor: RightsActor,
): Promise<void> {
  const at = new Date();
  await db
    .collection('marketing_consents')
    .insertOne({ email, granted: false, source: 'mis-datos', at });
  await insertDataRequest(db, {
    email,
    kind: 'marketing_withdrawal',
    channel: actor === 'titular' ? 'web' : 'staff',
    done: {
      by: actor === 'titular' ? 'titular' : actor.staff,
      what: 'Consentimiento de novedades retirado.',
    },
    at,
  });
}
