// Builds the OpenAPI 3.1 document of the api from API_ROUTES (pure: the api serves it
// at /api/openapi.json). Request bodies are described as accepted input, answers as output.
import { z } from 'zod';
import { API_ROUTES, type ApiRoute } from './api-routes';
import { apiErrorSchema } from './common';

type JsonSchema = Record<string, unknown>;

export interface OpenApiOptions {
  title?: string;
  version?: string;
  description?: string;
  /** Server URL, e.g. 'http://localhost:3000'. */
  serverUrl?: string;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Creado',
  202: 'Aceptado',
  400: 'Datos inválidos',
  401: 'No autenticado',
  402: 'Pago no aprobado',
  403: 'Acceso denegado',
  404: 'No encontrado',
  409: 'Conflicto con el estado actual',
  413: 'Demasiado grande',
  415: 'Tipo de contenido no admitido',
  429: 'Demasiados intentos',
  500: 'Error interno',
  502: 'El proveedor de pagos falló',
  503: 'No disponible',
};

/** Some character that neither JavaScript's trim() nor a JSON Schema validator calls blank. */
const NOT_BLANK = '[^\\s\\uFEFF]';

/**
 * A required text that the server trims first (`z.string().trim().min(1)`): JSON Schema
 * has no trim, so without a pattern "   " would pass for valid and be refused.
 */
function trimmedRequired(schema: z.ZodType, described: z.core.JSONSchema.BaseSchema): boolean {
  const minLength = described.minLength ?? 0;
  if (described.type !== 'string' || minLength < 1 || described.pattern || described.format)
    return false;
  if (described.enum || described.const !== undefined) return false;
  return !schema.safeParse(' '.repeat(minLength)).success;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema: described }) => {
      // zod's e-mail rule is its pattern; `format: email` would let each client apply
      // its own (stricter or looser) idea of an e-mail and disagree with the server.
      if (described.format === 'email' && described.pattern) delete described.format;
      if (io === 'input' && trimmedRequired(zodSchema as unknown as z.ZodType, described))
        described.pattern = NOT_BLANK;
    },
  }) as JsonSchema;
  return rest;
}

/** Path or query parameters from an object schema. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const described = jsonSchema(schema, 'input');
  const properties = (described.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((described.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function requestBody(route: ApiRoute): JsonSchema | undefined {
  if (route.bodyType === 'raw') {
    return { required: true, content: { 'application/json': { schema: {} } } };
  }
  if (!route.body) return undefined;
  const schema = jsonSchema(route.body, 'input');
  if (route.bodyType === 'multipart') {
    const withFile = {
      ...schema,
      properties: {
        ...((schema.properties ?? {}) as JsonSchema),
        file: { type: 'string', format: 'binary' },
      },
    };
    return { required: true, content: { 'multipart/form-data': { schema: withFile } } };
  }
  return { required: true, content: { 'application/json': { schema } } };
}

/**
 * Every error status a route can answer: its own (route.errors) plus those the app's
 * middleware answers for any route of its kind — 400 for input that fails its schema,
 * 413 and 415 for a body too large or not of its type, 401 without a valid token, 403
 * for a signed-in user of another role, and 500 for the unexpected (a plain `{ msg }`).
 */
export function errorStatuses(route: ApiRoute): number[] {
  const statuses = new Set<number>([...route.errors, 500]);
  if (route.params || route.query || route.body) statuses.add(400);
  if (route.body || route.bodyType) statuses.add(413);
  if (route.body && route.bodyType !== 'raw') statuses.add(415);
  if (route.access !== 'public') statuses.add(401);
  if (route.access === 'admin') statuses.add(403);
  return [...statuses].sort((a, b) => a - b);
}

function responses(route: ApiRoute): JsonSchema {
  const status = route.status ?? 200;
  const content: Record<string, JsonSchema> = {};
  if (route.response)
    content['application/json'] = { schema: jsonSchema(route.response, 'output') };
  for (const type of route.produces ?? []) {
    if (type !== 'application/json')
      content[type] = { schema: { type: 'string', format: 'binary' } };
  }
  const answers: JsonSchema = {
    [status]: {
      description: STATUS_TEXT[status] ?? 'OK',
      ...(Object.keys(content).length ? { content } : {}),
    },
  };
  const error = { schema: { $ref: '#/components/schemas/ApiError' } };
  for (const code of errorStatuses(route)) {
    answers[code] = {
      description: STATUS_TEXT[code] ?? 'Error',
      content: { 'application/json': error },
    };
  }
  return answers;
}

export function buildOpenApiDocument(options: OpenApiOptions = {}): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [operationId, route] of Object.entries(API_ROUTES) as [string, ApiRoute][]) {
    const path = `${route.base}${route.path}`;
    const body = requestBody(route);
    const operation: JsonSchema = {
      operationId,
      summary: route.summary,
      tags: [route.tag],
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      ...(body ? { requestBody: body } : {}),
      responses: responses(route),
      ...(route.access === 'public'
        ? {}
        : { security: [{ bearerAuth: [] }], 'x-roles': [...route.roles] }),
    };
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'Voy a Ganar API',
      version: options.version ?? '1.0.0',
      ...(options.description ? { description: options.description } : {}),
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ApiError: jsonSchema(apiErrorSchema, 'output') },
    },
  };
}
