// Withdrawing marketing consent from /mis-datos (LOPDP art. 8: as easy as giving it), and
// the record of that request.
import type { Db } from 'mongodb';
import { insertDataRequest } from '../db/data-requests';
import { recordMarketingConsent } from './marketing-consent';
import type { RightsActor } from './rights';

export async function withdrawMarketingConsent(
  db: Db,
  email: string,
  actor: RightsActor,
): Promise<void> {
  const at = new Date();
  const staff = actor !== 'titular';
  await recordMarketingConsent(db, {
    email,
    granted: false,
    source: staff ? 'staff' : 'my_data',
    at,
  });
  await insertDataRequest(db, {
    email,
    kind: 'marketing_withdrawal',
    channel: staff ? 'staff' : 'web',
    done: { by: staff ? actor.staff : 'titular', what: 'Consentimiento de novedades retirado.' },
    at,
  });
}
