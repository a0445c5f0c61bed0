// /api/raffle/fairness, /numbers/{number}, /draw-rule and /draw: the published record of a raffle, the rule
// an admin declares before the first sale, and the official result that decides it
// (issue 16). Mounted under /raffle before the raffle router, whose PUT /:id would
// otherwise take /draw-rule.
import {
  drawRuleSchema,
  NUMBER_LOOKUP_TEXTS,
  numberLookupError,
  numberLookupParamSchema,
  officialResultSchema,
  raffleRefParamSchema,
  SERVER,
} from '@vag/contracts';
import { Hono } from 'hono';
import { ADMIN_ONLY, requireStaff } from '../../auth';
import { rateLimit } from '../../auth/rate-limit';
import type { AppEnv } from '../../context';
import { archiveFairnessRecord, findFairnessRecord } from '@vag/core/db/fairness-records';
import { saveDrawRule } from '@vag/core/db/raffle-fairness';
import { apiError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { fairnessExport, FairnessRefusal, recordOfficialResult } from '@vag/core/raffle/fairness';
import { lookupNumber, lookupTarget } from '@vag/core/raffle/number-lookup';

const adminOnly = requireStaff(ADMIN_ONLY);

export const fairnessRouter = new Hono<AppEnv>()
  .get('/fairness', async (c) => c.json(await fairnessExport(c.get('deps').db)))

  .get('/fairness/:ref', validate('param', raffleRefParamSchema), async (c) => {
    const record = await findFairnessRecord(c.get('deps').db, c.req.valid('param').ref);
    if (!record) throw apiError(404, SERVER.fairnessRecordNotFound);
    return c.json(record);
  })

  // The verifier's number lookup: limited like the e-mail lookup, so nobody walks the raffle.
  .get(
    '/numbers/:number',
    rateLimit('lookup'),
    validate('param', numberLookupParamSchema),
    async (c) => {
      const { db } = c.get('deps');
      const raffle = await lookupTarget(db);
      if (!raffle) throw apiError(409, NUMBER_LOOKUP_TEXTS.notGenerated);
      const text = c.req.valid('param').number;
      const problem = numberLookupError(text, raffle.totalNumbers, raffle.numberWidth);
      if (problem) throw apiError(400, problem);
      return c.json(await lookupNumber(db, raffle, Number(text)));
    },
  )

  .put('/draw-rule', adminOnly, validate('json', drawRuleSchema), async (c) => {
    const rule = c.req.valid('json');
    if (!(await saveDrawRule(c.get('deps').db, rule))) throw apiError(409, SERVER.drawRuleLocked);
    return c.json({ msg: SERVER.drawRuleSaved, rule });
  })

  .post('/draw', adminOnly, validate('json', officialResultSchema), async (c) => {
    const { db } = c.get('deps');
    try {
      await recordOfficialResult(db, c.req.valid('json'), c.get('staff').id);
    } catch (error) {
      if (error instanceof FairnessRefusal) throw apiError(error.status, error.message);
      throw error;
    }
    const record = await fairnessExport(db);
    // Kept apart from the raffle document, which the next raffle reuses.
    await archiveFairnessRecord(db, record);
    const { draw, reveal } = record;
    return c.json({ msg: SERVER.drawRecorded(draw!.winningNumber), draw, reveal });
  });
