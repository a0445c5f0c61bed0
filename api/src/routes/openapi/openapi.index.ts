// GET /api/openapi.json: the document generated from the declared routes, once per process.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { describe } from '../../lib/openapi';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';

/** @param documented every documented route at its full path (built when first asked). */
export function openapiRouter(documented: () => Hono<AppEnv>) {
  let document: Promise<OpenApiDocument> | undefined;
  return new Hono<AppEnv>().get(
    '/',
    describe({
      operationId: 'openapi',
      summary: 'Este documento OpenAPI.',
      tag: 'ops',
      response: z.record(z.string(), z.unknown()),
    }),
    async (c) => c.json(await (document ??= buildOpenApiDocument(documented()))),
  );
}
