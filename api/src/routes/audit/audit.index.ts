// GET /api/audit: the audit trail for admins (issue 16), newest first, paged in the store
// with react-admin's `range`. Read-only: no route of the api changes an entry.
import { STAFF_API_MESSAGES } from '@vag/contracts';
import { Hono } from 'hono';
import { ADMIN_ONLY, requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import { listAudit } from '@vag/core/db/audit-log';
import { apiError } from '../../lib/errors';
import { contentRange, ListQueryError, parseListQuery } from '../../lib/simple-rest';

const DEFAULT_PAGE = 25;
const MAX_PAGE = 200;

export const auditRouter = new Hono<AppEnv>().get('/', requireStaff(ADMIN_ONLY), async (c) => {
  let range: { start: number; end: number } | undefined;
  try {
    range = parseListQuery(c.req.query()).range;
  } catch (error) {
    if (!(error instanceof ListQueryError)) throw error;
    throw apiError(400, STAFF_API_MESSAGES.invalidListQuery, {
      [error.message]: STAFF_API_MESSAGES.invalidListQuery,
    });
  }
  const skip = range?.start ?? 0;
  const limit = Math.min(range ? range.end - range.start + 1 : DEFAULT_PAGE, MAX_PAGE);
  const { entries, total } = await listAudit(c.get('deps').db, { skip, limit });
  c.header('Content-Range', contentRange('audit', { items: entries, total, start: skip }));
  c.header('Access-Control-Expose-Headers', 'Content-Range');
  return c.json(entries);
});
