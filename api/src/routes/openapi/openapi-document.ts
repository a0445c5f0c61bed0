// The OpenAPI 3.1 document of the whole api, generated (hono-openapi) from the routes
// themselves: each route's describe(), its validators and its staff guard.
import { apiErrorSchema } from '@vag/contracts';
import type { Env, Hono, Schema } from 'hono';
import { generateSpecs } from 'hono-openapi';
import { STAFF_SECURITY_SCHEME, errorResponse, jsonSchema } from '../../lib/openapi';

export type OpenApiDocument = Awaited<ReturnType<typeof generateSpecs>>;

/** @param app every documented route at its full path (/api/… and the root media routes). */
export async function buildOpenApiDocument<E extends Env, S extends Schema, P extends string>(
  app: Hono<E, S, P>,
): Promise<OpenApiDocument> {
  const doc = await generateSpecs(app, {
    documentation: {
      openapi: '3.1.0',
      info: {
        title: 'Voy a Ganar API',
        version: '1.0.0',
        description: 'Rifas en línea para Ecuador: sorteo, paquetes, compras, pagos y back office.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearerAuth: STAFF_SECURITY_SCHEME as never,
          // POST /api/bank-statements: the key staff make in Ajustes, for machines.
          importKey: { type: 'apiKey', in: 'header', name: 'X-Import-Key' } as never,
        },
        schemas: { ApiError: jsonSchema(apiErrorSchema, 'output') as never },
      },
    },
    // /api/openapi.json and /upload-media.php are routes, not static files.
    excludeStaticFile: false,
    defaultValidationErrorResponse: errorResponse(400) as never,
  });
  return withRaffleScopes(doc);
}

const SCOPED_PREFIX = '/api/raffles/{raffle}/';

const RAFFLE_PARAMETER = {
  name: 'raffle',
  in: 'path',
  required: true,
  description:
    'La rifa: su id o su dirección (slug). Sin este prefijo, la llamada es de la rifa principal.',
  schema: { type: 'string' },
};

/**
 * The SPEC §7 calls are mounted twice (routes/index.ts): at /api/… for the featured
 * raffle and at /api/raffles/{raffle}/… for any one. The scoped twin is the same
 * operation of one raffle: its own operationId and the path's `raffle` parameter.
 */
function withRaffleScopes(doc: OpenApiDocument): OpenApiDocument {
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!path.startsWith(SCOPED_PREFIX) || !item) continue;
    for (const op of Object.values(item) as Array<{
      operationId?: string;
      parameters?: Array<{ name: string; in: string }>;
      responses?: Record<string, unknown>;
    }>) {
      if (!op || typeof op !== 'object' || !op.responses) continue;
      if (op.operationId) op.operationId = `${op.operationId}InRaffle`;
      // 'Rifa no encontrada' for a raffle that does not exist.
      op.responses['404'] ??= errorResponse(404);
      const params = op.parameters ?? [];
      if (!params.some((p) => p.in === 'path' && p.name === 'raffle'))
        op.parameters = [RAFFLE_PARAMETER, ...params];
    }
  }
  return doc;
}
