// Builds the OpenAPI 3.1 document of the api from API_ROUTES (pure: the api serves it
// at /api/openapi.json). Request bodies are described as accepted input, answers as output.
import { z } from 'zod';
import { API_ROUTES, type ApiRoute } from './api-routes';
import { apiErrorSchema } from './common';

type JsonSchema = Record<string, unknown>;

export interface OpenApiOptions {
  title?: string;
  version?: string;
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
  415: 'Tipo de archivo no permitido',
  429: 'Demasiados intentos',
  500: 'Error interno',
  502: 'El proveedor de pagos falló',
  503: 'No disponible',
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
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
  for (const code of route.errors) {
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
    info: { title: options.title ?? 'Voy a Ganar API', version: options.version ?? '1.0.0' },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ApiError: jsonSchema(apiErrorSchema, 'output') },
    },
  };
}
