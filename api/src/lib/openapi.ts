// The OpenAPI side of every route declaration (hono-openapi): how a zod schema becomes
// JSON Schema, the one error answer, the standard error-status sets and the staff
// security scheme. Routers declare their routes with describe(); the document is
// generated from them (routes/openapi).
import { describeRoute, resolver, uniqueSymbol, type DescribeRouteOptions } from 'hono-openapi';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

export const STATUS_TEXT: Record<number, string> = {
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

/**
 * zod's own JSON Schema, with two corrections: a request text the server trims gets a
 * non-blank pattern, and an e-mail keeps zod's pattern without `format: email` (which
 * would let each client apply its own, stricter or looser, idea of an e-mail).
 */
export function jsonSchemaOptions(io: 'input' | 'output') {
  return {
    io,
    unrepresentable: 'any',
    override: ({
      zodSchema,
      jsonSchema: described,
    }: {
      zodSchema: unknown;
      jsonSchema: z.core.JSONSchema.BaseSchema;
    }) => {
      if (described.format === 'email' && described.pattern) delete described.format;
      if (io === 'input' && trimmedRequired(zodSchema as z.ZodType, described))
        described.pattern = NOT_BLANK;
    },
  } as const;
}

/** The JSON Schema of a schema outside any route (components). */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(
    schema,
    jsonSchemaOptions(io) as z.core.ToJSONSchemaParams,
  ) as JsonSchema;
  return rest;
}

/** Every 4xx and 5xx answers `{ msg, errors? }` (apiErrorSchema in contracts). */
export function errorResponse(status: number) {
  return {
    description: STATUS_TEXT[status] ?? 'Error',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
  };
}

/** Statuses the app answers for any route with a JSON body: invalid, too large, not JSON. */
export const JSON_BODY = [400, 413, 415] as const;
/** Statuses the app answers for a route that reads its body itself: invalid or too large. */
export const RAW_BODY = [400, 413] as const;
/** A react-admin list (lib/simple-rest): a malformed sort, range or filter. */
export const LIST = [400] as const;
/** A lookup by id: the id is checked, and may name nothing. */
export const BY_ID = [400, 404] as const;

/** The bearer-token scheme of staff routes (the guard adds it to each route it protects). */
export const STAFF_SECURITY_SCHEME = { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' };

/**
 * What a staff guard adds to its route's document: the token, who may call (`x-roles`),
 * 401 without a valid token and 403 for a signed-in user of a role it refuses.
 */
export function staffSpec(roles: readonly string[], allRoles: readonly string[]) {
  const refusesSome = allRoles.some((role) => !roles.includes(role));
  return {
    security: [{ bearerAuth: [] }],
    'x-roles': [...roles],
    responses: {
      401: errorResponse(401),
      ...(refusesSome ? { 403: errorResponse(403) } : {}),
    },
  };
}

export interface RouteDeclaration {
  operationId: string;
  summary: string;
  tag: string;
  /** Success status (200 unless said). */
  status?: 200 | 201 | 202;
  /** JSON answer; null when the answer is a file or has no JSON body. */
  response: z.ZodType | null;
  /** Content types of a non-JSON answer. */
  produces?: readonly string[];
  /** Every error status of its own (those of its guard and validators are added by them; 500 always). */
  errors?: readonly number[];
  /** Other statuses whose body is not the error contract (health's 503 is its report). */
  answers?: Readonly<Record<number, z.ZodType>>;
  /** A body the handler reads itself (a file, a signed webhook): described, not validated. */
  rawBody?: boolean;
  /** A query the handler reads itself (so that a wrong one answers its own status, not 400). */
  query?: z.ZodObject;
  /** Path parameters the handler reads itself (likewise). */
  params?: z.ZodObject;
  /** A multipart form the handler parses itself, with its `file`. */
  form?: z.ZodObject;
}

/** Parameters of an object schema, for a query or path no validator reads. */
function parameters(schema: z.ZodObject, where: 'path' | 'query') {
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

function requestBody(route: RouteDeclaration): Pick<DescribeRouteOptions, 'requestBody'> {
  if (route.rawBody)
    return { requestBody: { required: true, content: { 'application/json': { schema: {} } } } };
  if (!route.form) return {};
  const fields = jsonSchema(route.form, 'input');
  const schema: JsonSchema = {
    ...fields,
    properties: {
      ...((fields.properties ?? {}) as JsonSchema),
      file: { type: 'string', format: 'binary' },
    },
  };
  return { requestBody: { required: true, content: { 'multipart/form-data': { schema } } } };
}

/** A middleware that documents its route as `like` does (a guard chosen per request). */
export function documentedAs<M extends object>(middleware: M, like: object): M {
  const mark = (like as Record<symbol, unknown>)[uniqueSymbol];
  return Object.assign(middleware, { [uniqueSymbol]: mark });
}

/** The route's document: what it is, what it answers and the errors it can give. */
export function describe(route: RouteDeclaration) {
  const status = route.status ?? 200;
  const content: Record<string, { schema: unknown }> = {};
  if (route.response)
    content['application/json'] = {
      schema: resolver(route.response, { options: jsonSchemaOptions('output') }),
    };
  for (const type of route.produces ?? []) {
    if (type !== 'application/json')
      content[type] = { schema: { type: 'string', format: 'binary' } };
  }
  const responses: Record<number, unknown> = {
    [status]: {
      description: STATUS_TEXT[status] ?? 'OK',
      ...(Object.keys(content).length ? { content } : {}),
    },
  };
  for (const code of [...(route.errors ?? []), 500]) responses[code] = errorResponse(code);
  for (const [code, schema] of Object.entries(route.answers ?? {}))
    responses[Number(code)] = {
      description: STATUS_TEXT[Number(code)] ?? 'OK',
      content: {
        'application/json': { schema: resolver(schema, { options: jsonSchemaOptions('output') }) },
      },
    };
  return describeRoute({
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    parameters: [
      ...(route.params ? parameters(route.params, 'path') : []),
      ...(route.query ? parameters(route.query, 'query') : []),
    ],
    ...requestBody(route),
    responses: responses as never,
  });
}
