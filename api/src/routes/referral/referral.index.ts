// GET /api/referral/{code}: whether a visit's ?code= belongs to an active reseller, so
// checkout can say whom the sale goes to (or 'Directo'). Answers the code as stored, or
// null; nothing else about the reseller.
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { findActiveResellerByCode } from '@vag/core/db/users';
import { describe } from '../../lib/openapi';
import { validate } from '../../lib/validate';
import { referralAnswerSchema, referralCodeParamsSchema } from '@vag/contracts';

export const referralRouter = new Hono<AppEnv>().get(
  '/:code',
  describe({
    operationId: 'referralCode',
    tag: 'orders',
    summary: 'Si el código de un enlace es de un revendedor activo (si no, la venta va "Directo").',
    response: referralAnswerSchema,
    errors: [400],
  }),
  validate('param', referralCodeParamsSchema),
  async (c) => {
    const code = c.req.valid('param').code.trim();
    const reseller =
      code.length <= 64 ? await findActiveResellerByCode(c.get('deps').db, code) : null;
    return c.json({ code: reseller?.code ?? null });
  },
);
