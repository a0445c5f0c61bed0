// GET /api/health: whether the document store and the event bus answer right now.
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { pingDatabase } from '@vag/core/db/client';

export const healthRouter = new Hono<AppEnv>().get('/', async (c) => {
  const { db, bus } = c.get('deps');
  const [database, events] = await Promise.all([pingDatabase(db), bus.isHealthy()]);
  const ok = database && events;
  return c.json(
    {
      status: ok ? 'ok' : 'degraded',
      database: database ? 'up' : 'down',
      bus: { kind: bus.kind, status: events ? 'up' : 'down' },
    },
    ok ? 200 : 503,
  );
});
