// GET /api/openapi.json: the generated OpenAPI document, built once per process.
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { buildOpenApiDocument } from './openapi-document';

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export const openapiRouter = new Hono<AppEnv>().get('/', (c) => {
  document ??= buildOpenApiDocument();
  return c.json(document);
});
