// /api/raffle/fairness, /numbers/{number}, /draw-rule and /draw: the published record of a raffle, the rule
// an admin declares before the first sale, and the official result that decides it
// (DESIGN, "The next layer"). Mounted under /raffle before the raffle router, whose PUT /:id would
// otherwise take /draw-rule.
import {
  AUDIT_TEXTS,
  describeDrawRule,
  drawRuleSchema,
  NUMBER_LOOKUP_TEXTS,
  numberLookupError,
  numberLookupParamSchema,
  officialResultSchema,
  raffleRefParamSchema,
  SERVER,
  drawRuleResponseSchema,
  fairnessExportSchema,
  numberLookupSchema,
  publicAuditEntrySchema,
  recordDrawResponseSchema,
  drawDateInFuture,
  SALE_TEXTS,
  drawPreviewSchema,
  saleStatusSchema,
  type OfficialResult,
} from '@vag/contracts';
import { drawWinner, saleStatus } from '@vag/core/raffle/sale-lifecycle';
import { appendAudit, listPublicAudit } from '@vag/core/db/audit-log';
import { getRaffleNumbers } from '@vag/core/db/raffle-numbers';
import { Hono } from 'hono';
import { z } from 'zod';
import { ADMIN_ONLY, requireStaff } from '../../auth';
import { rateLimit } from '../../auth/rate-limit';
import type { AppEnv } from '../../context';
import { archiveFairnessRecord, findFairnessRecord } from '@vag/core/db/fairness-records';
import { getRaffleFairness, saveDrawRule } from '@vag/core/db/raffle-fairness';
import { apiError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import {
  fairnessExport,
  FairnessRefusal,
  publishDrawResultIfDue,
  recordOfficialResult,
  resolveOfficialResult,
} from '@vag/core/raffle/fairness';
import { relayDrawEvents } from '@vag/core/pipeline/relay';
import { lookupNumber, lookupTarget } from '@vag/core/raffle/number-lookup';
import { BY_ID, JSON_BODY, describe } from '../../lib/openapi';
import { raffleIdOf } from '../../raffles/raffle-scope';

const adminOnly = requireStaff(ADMIN_ONLY);

/** A result is typed after its draw: a date after today is a typing mistake, refused. */
function refuseFutureDraw(result: OfficialResult): void {
  const future = drawDateInFuture(result.drawDate);
  if (future) throw apiError(400, future, { drawDate: future });
}

export const drawRouter = new Hono<AppEnv>()
  .get(
    '/fairness',
    describe({
      operationId: 'getFairness',
      tag: 'raffle',
      summary:
        'Registro público del sorteo: compromisos, regla, cierre, resultado, clave revelada y compras sin datos personales.',
      response: fairnessExportSchema,
    }),
    async (c) => c.json(await fairnessExport(c.get('deps').db, await raffleIdOf(c))),
  )

  // The raffle-level audit entries, without who acted (the verifier shows them): the
  // current raffle's, or a drawn one's by its reference (?ref=).
  .get(
    '/audit',
    describe({
      operationId: 'getPublicAudit',
      tag: 'raffle',
      summary:
        'Acciones del personal sobre la rifa actual (o la de la referencia ref), sin datos personales, de la más reciente a la más antigua.',
      response: z.array(publicAuditEntrySchema),
      errors: [400],
    }),
    validate('query', raffleRefParamSchema.partial()),
    async (c) => {
      const { db } = c.get('deps');
      const ref =
        c.req.valid('query').ref ??
        (await getRaffleFairness(db, await raffleIdOf(c))).commitment?.raffleRef;
      return c.json(ref ? await listPublicAudit(db, ref) : []);
    },
  )

  .get(
    '/fairness/:ref',
    describe({
      operationId: 'getArchivedFairness',
      tag: 'raffle',
      summary:
        'Registro público de una rifa ya sorteada, por su referencia (se conserva tras la siguiente rifa).',
      response: fairnessExportSchema,
      errors: BY_ID,
    }),
    validate('param', raffleRefParamSchema),
    async (c) => {
      // Under /api/raffles/{raffle}/ the raffle named must be one the caller may open.
      if (c.get('raffleRef') !== undefined) await raffleIdOf(c);
      const record = await findFairnessRecord(c.get('deps').db, c.req.valid('param').ref);
      if (!record) throw apiError(404, SERVER.fairnessRecordNotFound);
      return c.json(record);
    },
  )

  // The verifier's number lookup: limited like the e-mail lookup, so nobody walks the raffle.
  .get(
    '/numbers/:number',
    describe({
      operationId: 'lookupRaffleNumber',
      tag: 'raffle',
      summary:
        'Un número de la rifa (verificador): disponible o vendido (con su fecha, nada personal) y su premio instantáneo; en una rifa de elegir números, el premio solo una vez ganado.',
      response: numberLookupSchema,
      errors: [400, 404, 409, 429],
    }),
    rateLimit('lookup'),
    validate('param', numberLookupParamSchema),
    async (c) => {
      const { db } = c.get('deps');
      const raffle = await lookupTarget(db, await raffleIdOf(c));
      if (!raffle) throw apiError(409, NUMBER_LOOKUP_TEXTS.notGenerated);
      const text = c.req.valid('param').number;
      const problem = numberLookupError(text, raffle.totalNumbers, raffle.numberWidth);
      // The schema let only digits through: a problem now means this raffle has no such number.
      if (problem) throw apiError(404, problem);
      return c.json(await lookupNumber(db, raffle, Number(text)));
    },
  )

  .put(
    '/draw-rule',
    describe({
      operationId: 'updateDrawRule',
      tag: 'raffle',
      summary:
        'Declara qué sorteo de la Lotería Nacional decide la rifa (solo antes de la primera venta).',
      response: drawRuleResponseSchema,
      errors: [...JSON_BODY, 409],
    }),
    adminOnly,
    validate('json', drawRuleSchema),
    async (c) => {
      const rule = c.req.valid('json');
      const { db } = c.get('deps');
      const raffleId = await raffleIdOf(c);
      // A closed sale's rule is part of what its published sold list is checked against.
      if ((await getRaffleFairness(db, raffleId)).closing)
        throw apiError(409, SALE_TEXTS.ruleAfterClose);
      if (!(await saveDrawRule(db, rule, raffleId))) throw apiError(409, SERVER.drawRuleLocked);
      await appendAudit(db, {
        actor: c.get('staff'),
        action: 'draw_rule.changed',
        description: AUDIT_TEXTS.drawRuleChanged(
          describeDrawRule(rule, await getRaffleNumbers(db, raffleId)),
        ),
        raffleId,
      });
      return c.json({ msg: SERVER.drawRuleSaved, rule });
    },
  )

  // The Sorteo page's status line: what the draw waits for (staff only: it names the winner).
  .get(
    '/sale-status',
    describe({
      operationId: 'getSaleStatus',
      tag: 'raffle',
      summary:
        'Estado de la venta para el sorteo: abierta, cerrada esperando N pedidos pendientes (hasta cuándo), lista para registrar el resultado o sorteada (con el ganador).',
      response: saleStatusSchema,
    }),
    adminOnly,
    async (c) => c.json(await saleStatus(c.get('deps').db, await raffleIdOf(c))),
  )

  .post(
    '/draw/preview',
    describe({
      operationId: 'previewDraw',
      tag: 'raffle',
      summary:
        'Muestra qué publicaría el resultado (número ganador, comprador y pedido) sin registrarlo.',
      response: drawPreviewSchema,
      errors: [...JSON_BODY, 409],
    }),
    adminOnly,
    validate('json', officialResultSchema),
    async (c) => {
      const result = c.req.valid('json');
      refuseFutureDraw(result);
      try {
        const resolved = await resolveOfficialResult(c.get('deps').db, result, await raffleIdOf(c));
        return c.json({
          result,
          drawnNumber: resolved.drawnNumber,
          winningNumber: resolved.winningNumber,
          winner: drawWinner(resolved.winningNumber, resolved.winnerPurchase),
        });
      } catch (error) {
        if (error instanceof FairnessRefusal) throw apiError(error.status, error.message);
        throw error;
      }
    },
  )

  .post(
    '/draw',
    describe({
      operationId: 'recordDraw',
      tag: 'raffle',
      summary:
        'Registra el resultado oficial de la Lotería Nacional: calcula el número ganador por la regla y revela la clave (una sola vez).',
      response: recordDrawResponseSchema,
      errors: [...JSON_BODY, 409],
    }),
    adminOnly,
    validate('json', officialResultSchema),
    async (c) => {
      const deps = c.get('deps');
      const { db } = deps;
      const result = c.req.valid('json');
      const raffleId = await raffleIdOf(c);
      refuseFutureDraw(result);
      try {
        const draw = await recordOfficialResult(db, result, c.get('staff').id, raffleId);
        await appendAudit(db, {
          actor: c.get('staff'),
          action: 'draw.recorded',
          description: AUDIT_TEXTS.drawRecorded(
            result.firstPrize,
            result.drawNumber,
            result.drawDate,
            draw.winningNumber,
          ),
          raffleId,
        });
      } catch (error) {
        if (error instanceof FairnessRefusal) throw apiError(error.status, error.message);
        throw error;
      }
      // On /ganadores before the answer; the closing job retries should this fail.
      await publishDrawResultIfDue(db, raffleId);
      const record = await fairnessExport(db, raffleId);
      // Kept apart from the raffle document, which the next raffle reuses.
      await archiveFairnessRecord(db, record);
      // The winner's and staff's messages: the event is saved with the draw, the relay's
      // next pass publishes it should this attempt fail.
      await relayDrawEvents(deps).catch((err: unknown) =>
        deps.log.error({ err }, 'raffle.drawn not published yet; the relay retries'),
      );
      const { draw, reveal } = record;
      const { winner } = await saleStatus(db, raffleId);
      return c.json({ msg: SERVER.drawRecorded(draw!.winningNumber), draw, reveal, winner });
    },
  );
