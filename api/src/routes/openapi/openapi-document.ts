// The OpenAPI 3.1 document of the whole api, generated from contracts' route registry
// (the same schemas the api validates with), so it cannot drift from the code.
import { API_ROUTES, apiErrorSchema, type ApiRoute } from '@vag/contracts';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function parameters(route: ApiRoute): JsonSchema[] {
  const list: JsonSchema[] = [];
  const add = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!(schema instanceof z.ZodObject)) return;
    for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      list.push({
        name,
        in: where,
        required: where === 'path' || !field.safeParse(undefined).success,
        schema: schemaOf(field, 'input'),
      });
    }
  };
  add(route.params, 'path');
  add(route.query, 'query');
  return list;
}

function requestBody(route: ApiRoute): JsonSchema | undefined {
  if (route.bodyType === 'raw') {
    return { required: true, content: { 'application/json': { schema: {} } } };
  }
  if (!route.body) return undefined;
  if (route.bodyType === 'multipart') {
    const fields = schemaOf(route.body, 'input');
    const properties = {
      ...((fields.properties as JsonSchema | undefined) ?? {}),
      file: { type: 'string', contentMediaType: 'application/octet-stream' },
    };
    return {
      required: true,
      content: { 'multipart/form-data': { schema: { ...fields, properties } } },
    };
  }
  return {
    required: true,
    content: { 'application/json': { schema: schemaOf(route.body, 'input') } },
  };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Datos inválidos',
  401: 'No autenticado o sesión inválida',
  402: 'Pago no aprobado',
  403: 'Acceso denegado',
  404: 'No encontrado',
  409: 'Conflicto con el estado actual',
  413: 'Demasiado grande',
  415: 'Tipo de archivo no admitido',
  429: 'Demasiados intentos',
  500: 'Error interno',
  502: 'El proveedor de pagos falló',
  503: 'Servicio no disponible',
};

function responses(route: ApiRoute): JsonSchema {
  const ok: JsonSchema = { description: 'OK' };
  const content: JsonSchema = {};
  if (route.response) content['application/json'] = { schema: schemaOf(route.response, 'output') };
  for (const type of route.produces ?? []) {
    if (type !== 'application/json')
      content[type] = { schema: { type: 'string', contentMediaType: type } };
  }
  if (Object.keys(content).length > 0) ok.content = content;
  const result: JsonSchema = { [String(route.status ?? 200)]: ok };
  for (const status of route.errors) {
    result[String(status)] = {
      description: STATUS_TEXT[status] ?? 'Error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    };
  }
  return result;
}

export function buildOpenApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, route] of Object.entries(API_ROUTES) as [string, ApiRoute][]) {
    const fullPath = `${route.base}${route.path}`;
    const operation: JsonSchema = {
      operationId: name,
      summary: route.summary,
      tags: [route.tag],
      responses: responses(route),
    };
    const params = parameters(route);
    if (params.length > 0) operation.parameters = params;
    const body = requestBody(route);
    if (body) operation.requestBody = body;
    if (route.access !== 'public') {
      operation.security = [{ bearerAuth: [] }];
      operation['x-roles'] = [...route.roles];
    }
    (paths[fullPath] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Voy a Ganar API',
      version: '1.0.0',
      description: 'Rifas en línea para Ecuador: sorteo, paquetes, compras, pagos y back office.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ApiError: schemaOf(apiErrorSchema, 'output') },
    },
  };
}
