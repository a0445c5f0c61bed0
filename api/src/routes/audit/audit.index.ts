// GET /api/audit: the audit trail for admins (DESIGN, "The next layer"), newest first, paged in the store
// with react-admin's `range`. Read-only: no route of the api changes an entry.
import {
  auditEntrySchema,
  auditListFilterSchema,
  auditListQuerySchema,
  STAFF_API_MESSAGES,
} from '@vag/contracts';
import { raffleNames } from '@vag/core/raffles/raffle-records';
import { apiError } from '../../lib/errors';
import { Hono } from 'hono';
import { z } from 'zod';
import { ADMIN_ONLY, requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import { listAudit } from '@vag/core/db/audit-log';
import { contentRange } from '../../lib/simple-rest';
import { validate } from '../../lib/validate';
import { describe } from '../../lib/openapi';

const DEFAULT_PAGE = 25;

/** The raffle react-admin's filter names, if any; a filter that is not JSON is a 400. */
function raffleOfFilter(filter: string | undefined): string | undefined {
  if (!filter) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(filter);
  } catch {
    throw apiError(400, STAFF_API_MESSAGES.invalidListQuery);
  }
  const read = auditListFilterSchema.safeParse(parsed);
  if (!read.success) throw apiError(400, STAFF_API_MESSAGES.invalidListQuery);
  return read.data.raffleId;
}
const MAX_PAGE = 200;

export const auditRouter = new Hono<AppEnv>().get(
  '/',
  describe({
    operationId: 'listAudit',
    tag: 'raffle',
    summary:
      'Auditoría: cada acción del personal sobre las rifas (quién, qué, cuándo), de la más reciente a la más antigua; paginada con range.',
    response: z.array(auditEntrySchema),
    errors: [400],
  }),
  requireStaff(ADMIN_ONLY),
  validate('query', auditListQuerySchema),
  async (c) => {
    const { range, filter } = c.req.valid('query');
    const raffleId = raffleOfFilter(filter);
    // The schema let through only `[digits, digits]`: read the two numbers.
    const [start, end] = range
      ? (range.match(/\d+/g)!.map(Number) as [number, number])
      : [0, DEFAULT_PAGE - 1];
    const limit = Math.min(Math.max(end - start + 1, 1), MAX_PAGE);
    const db = c.get('deps').db;
    const [{ entries, total }, names] = await Promise.all([
      listAudit(db, { skip: start, limit, raffleId }),
      raffleNames(db),
    ]);
    c.header('Content-Range', contentRange('audit', { items: entries, total, start }));
    c.header('Access-Control-Expose-Headers', 'Content-Range');
    return c.json(
      entries.map((e) => {
        const raffleName = names.get(e.raffleId);
        return raffleName ? { ...e, raffleName } : e;
      }),
    );
  },
);
