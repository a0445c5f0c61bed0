// GET /api/health: whether the document store and the event bus answer.
import { z } from 'zod';
import './zod-locale';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  bus: z.object({ kind: z.enum(['in-process', 'kafka']), status: z.enum(['up', 'down']) }),
  /**
   * The background catch-ups this process runs now (e.g. ['reports']: the reports are
   * still projecting past sales); empty once every one is done. Not a failure: the
   * process serves meanwhile (SPEC §7).
   */
  catchingUp: z.array(z.string()),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
