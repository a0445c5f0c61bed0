// GET /api/referral/{code}: whether a visit's ?code= belongs to an active reseller, so
// checkout can say whom the sale goes to (or 'Directo'). Answers the code as stored, or
// null; nothing else about the reseller.
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { findActiveResellerByCode } from '@vag/core/db/users';

export const referralRouter = new Hono<AppEnv>().get('/:code', async (c) => {
  const code = c.req.param('code').trim();
  const reseller =
    code.length <= 64 ? await findActiveResellerByCode(c.get('deps').db, code) : null;
  return c.json({ code: reseller?.code ?? null });
});
