// /api/raffle/fairness, /draw-rule and /draw: the published record of a raffle, the rule
// an admin declares before the first sale, and the official result that decides it
// (issue 16). Mounted under /raffle before the raffle router, whose PUT /:id would
// otherwise take /draw-rule.
import { drawRuleSchema, officialResultSchema, raffleRefParamSchema, SERVER } from '@vag/contracts';
import { Hono } from 'hono';
import { ADMIN_ONLY, requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import { archiveFairnessRecord, findFairnessRecord } from '@vag/core/db/fairness-records';
import { saveDrawRule } from '@vag/core/db/raffle-fairness';
import { apiError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import {
  fairnessExport,
  FairnessRefusal,
  publishDrawResultIfDue,
  recordOfficialResult,
} from '@vag/core/raffle/fairness';
import { relayDrawEvents } from '@vag/core/pipeline/relay';

const adminOnly = requireStaff(ADMIN_ONLY);

export const fairnessRouter = new Hono<AppEnv>()
  .get('/fairness', async (c) => c.json(await fairnessExport(c.get('deps').db)))

  .get('/fairness/:ref', validate('param', raffleRefParamSchema), async (c) => {
    const record = await findFairnessRecord(c.get('deps').db, c.req.valid('param').ref);
    if (!record) throw apiError(404, SERVER.fairnessRecordNotFound);
    return c.json(record);
  })

  .put('/draw-rule', adminOnly, validate('json', drawRuleSchema), async (c) => {
    const rule = c.req.valid('json');
    if (!(await saveDrawRule(c.get('deps').db, rule))) throw apiError(409, SERVER.drawRuleLocked);
    return c.json({ msg: SERVER.drawRuleSaved, rule });
  })

  .post('/draw', adminOnly, validate('json', officialResultSchema), async (c) => {
    const deps = c.get('deps');
    const { db } = deps;
    try {
      await recordOfficialResult(db, c.req.valid('json'), c.get('staff').id);
    } catch (error) {
      if (error instanceof FairnessRefusal) throw apiError(error.status, error.message);
      throw error;
    }
    // On /ganadores before the answer; the closing job retries should this fail.
    await publishDrawResultIfDue(db);
    const record = await fairnessExport(db);
    // Kept apart from the raffle document, which the next raffle reuses.
    await archiveFairnessRecord(db, record);
    // The winner's and staff's messages: the event is saved with the draw, the relay's
    // next pass publishes it should this attempt fail.
    await relayDrawEvents(deps).catch((err: unknown) =>
      deps.log.error({ err }, 'raffle.drawn not published yet; the relay retries'),
    );
    const { draw, reveal } = record;
    return c.json({ msg: SERVER.drawRecorded(draw!.winningNumber), draw, reveal });
  });
