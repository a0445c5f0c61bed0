// GET /api/health: whether the document store and the event bus answer.
import { z } from 'zod';
import './zod-locale';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  bus: z.object({ kind: z.enum(['in-process', 'kafka']), status: z.enum(['up', 'down']) }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
