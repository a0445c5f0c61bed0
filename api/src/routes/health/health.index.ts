// GET /api/health: whether the document store and the event bus answer right now, and
// which background catch-ups this process is still running (SPEC §7).
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { pingDatabase } from '@vag/core/db/client';
import { describe } from '../../lib/openapi';
import { healthResponseSchema } from '@vag/contracts';

export const healthRouter = new Hono<AppEnv>().get(
  '/',
  describe({
    operationId: 'health',
    tag: 'ops',
    summary:
      'Si la base de datos y el bus de eventos responden (503 si no) y qué se está poniendo al día en segundo plano.',
    response: healthResponseSchema,
    // Degraded: the same report, with what is down.
    answers: { 503: healthResponseSchema },
  }),
  async (c) => {
    const { db, bus, catchUps } = c.get('deps');
    const [database, events] = await Promise.all([pingDatabase(db), bus.isHealthy()]);
    const ok = database && events;
    return c.json(
      {
        status: ok ? 'ok' : 'degraded',
        database: database ? 'up' : 'down',
        bus: { kind: bus.kind, status: events ? 'up' : 'down' },
        catchingUp: catchUps.running(),
      },
      ok ? 200 : 503,
    );
  },
);
