// Start-up job: creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD when no
// account has that e-mail (an existing account is never changed).
import type { AppDeps } from '../context';
import { ensureAdmin } from '@vag/core/db/users';
import type { Stoppable } from '@vag/core';

export async function bootstrapAdminJob(deps: AppDeps): Promise<Stoppable> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = deps.env;
  if (ADMIN_EMAIL && ADMIN_PASSWORD) {
    if (ADMIN_PASSWORD.length < 6) {
      deps.log.warn('ADMIN_PASSWORD has fewer than 6 characters: the first admin was not created');
    } else if (await ensureAdmin(deps.db, ADMIN_EMAIL, ADMIN_PASSWORD)) {
      deps.log.info({ email: ADMIN_EMAIL.toLowerCase() }, 'first admin created');
    }
  }
  return { stop: async () => undefined };
}
