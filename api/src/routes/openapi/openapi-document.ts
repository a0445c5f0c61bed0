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
  return generateSpecs(app, {
    documentation: {
      openapi: '3.1.0',
      info: {
        title: 'Voy a Ganar API',
        version: '1.0.0',
        description: 'Rifas en línea para Ecuador: sorteo, paquetes, compras, pagos y back office.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearerAuth: STAFF_SECURITY_SCHEME as never },
        schemas: { ApiError: jsonSchema(apiErrorSchema, 'output') as never },
      },
    },
    // /api/openapi.json and /upload-media.php are routes, not static files.
    excludeStaticFile: false,
    defaultValidationErrorResponse: errorResponse(400) as never,
  });
}
