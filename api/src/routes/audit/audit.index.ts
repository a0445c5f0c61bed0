// GET /api/audit: the audit trail for admins (DESIGN, "The next layer"), newest first, paged in the store
// with react-admin's `range`. Read-only: no route of the api changes an entry.
import { auditListQuerySchema, auditEntrySchema } from '@vag/contracts';
import { Hono } from 'hono';
import { z } from 'zod';
import { ADMIN_ONLY, requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import { listAudit } from '@vag/core/db/audit-log';
import { contentRange } from '../../lib/simple-rest';
import { validate } from '../../lib/validate';
import { describe } from '../../lib/openapi';

const DEFAULT_PAGE = 25;
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
    const { range } = c.req.valid('query');
    // The schema let through only `[digits, digits]`: read the two numbers.
    const [start, end] = range
      ? (range.match(/\d+/g)!.map(Number) as [number, number])
      : [0, DEFAULT_PAGE - 1];
    const limit = Math.min(Math.max(end - start + 1, 1), MAX_PAGE);
    const { entries, total } = await listAudit(c.get('deps').db, { skip: start, limit });
    c.header('Content-Range', contentRange('audit', { items: entries, total, start }));
    c.header('Access-Control-Expose-Headers', 'Content-Range');
    return c.json(entries);
  },
);
