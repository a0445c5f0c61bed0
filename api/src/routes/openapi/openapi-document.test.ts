import { describe, expect, it } from 'vitest';
import { documentedRoutes } from '../index';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';

/** SPEC §7's table of calls (under /api) and its media calls, kept here so the test stands alone. */
const SPEC_CALLS = [
  'GET /api/settings',
  'PUT /api/settings/{id}',
  'GET /api/lottery',
  'PUT /api/lottery',
  'PATCH /api/lottery/is-active',
  'GET /api/raffle/raffle-progress',
  'GET /api/raffle/instant-prizes',
  'DELETE /api/raffle/delete-raffle-numbers',
  'POST /api/raffle/generate-raffle-numbers',
  'PUT /api/raffle/{id}',
  'POST /api/raffle/assign-random-prizes',
  'POST /api/admin/login',
  'POST /api/admin/register',
  'GET /api/admin/me',
  'GET /api/admin',
  'GET /api/admin/reports',
  'DELETE /api/admin/delete-all-purchases',
  'GET /api/resellers',
  'PUT /api/resellers/{id}',
  'DELETE /api/resellers/{id}',
  'GET /api/packages',
  'POST /api/packages',
  'PUT /api/packages/{id}',
  'DELETE /api/packages/{id}',
  'GET /api/purchases',
  'PATCH /api/purchases/{id}/confirm-transfer',
  'GET /api/purchases/by-email/{email}',
  'GET /api/purchases/{id}',
  'POST /api/payments/create-order',
  'POST /api/payments/capture-order',
  'POST /api/payments/verify-stripe',
  'POST /api/payments/verify-payphone',
  'GET /api/past-raffles',
  'POST /api/past-raffles',
  'PUT /api/past-raffles/{id}',
  'DELETE /api/past-raffles/{id}',
  'POST /upload-media.php',
  'GET /media/{name}',
];

type Operation = {
  operationId?: string;
  security?: unknown[];
  'x-roles'?: string[];
  parameters?: { name: string; in: string }[];
  responses: Record<string, unknown>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
};

function operations(doc: OpenApiDocument): string[] {
  const paths = doc.paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
  );
}

const doc = await buildOpenApiDocument(documentedRoutes());
const paths = doc.paths as Record<string, Record<string, Operation>>;

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and describes every call of SPEC §7', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(operations(doc)).toEqual(expect.arrayContaining(SPEC_CALLS));
  });

  it('adds only documented extras beyond SPEC §7', () => {
    const extras = operations(doc).filter((op) => !SPEC_CALLS.includes(op));
    for (const op of extras) expect(op).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/(api\/|media\/)/);
  });

  it('marks staff calls with bearer security and leaves public ones open', () => {
    expect(paths['/api/packages']!.post!.security).toEqual([{ bearerAuth: [] }]);
    expect(paths['/api/packages']!.get!.security).toBeUndefined();
    expect(paths['/api/admin/login']!.post!.security).toBeUndefined();
  });

  it('describes request bodies with the contracts schemas', () => {
    const schema = paths['/api/packages']!.post!.requestBody!.content['application/json']!.schema;
    expect(Object.keys(schema.properties ?? {})).toEqual(
      expect.arrayContaining(['name', 'quantity', 'price', 'isPopular']),
    );
    const upload =
      paths['/upload-media.php']!.post!.requestBody!.content['multipart/form-data']!.schema;
    expect(Object.keys(upload.properties ?? {})).toEqual(
      expect.arrayContaining(['file', 'filename', 'action']),
    );
  });

  it('documents every status a route can answer: its own and those of the middleware', () => {
    // A JSON admin route: validation, body size and type, token, role, its own 404, the unexpected.
    expect(Object.keys(paths['/api/packages/{id}']!.put!.responses)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '413',
      '415',
      '500',
    ]);
    // A public read without input: only its answer and the unexpected.
    expect(Object.keys(paths['/api/raffle/raffle-progress']!.get!.responses)).toEqual([
      '200',
      '500',
    ]);
    // A react-admin list also refuses a malformed sort, range or filter.
    expect(Object.keys(paths['/api/packages']!.get!.responses)).toEqual(['200', '400', '500']);
    // Any staff member may call: no 403 from the role guard.
    expect(Object.keys(paths['/api/admin/me']!.get!.responses)).toEqual(['200', '401', '500']);
  });

  it('says a text the server trims must have a non-blank character, and leaves e-mails to their pattern', () => {
    const body = paths['/api/past-raffles']!.post!.requestBody!.content['application/json']!
      .schema as { properties: Record<string, { pattern?: string; format?: string }> };
    const pattern = new RegExp(body.properties.activityName!.pattern!);
    expect(pattern.test('   ')).toBe(false);
    expect(pattern.test(' Rifa ')).toBe(true);
    const register = paths['/api/admin/register']!.post!.requestBody!.content['application/json']!
      .schema as { properties: Record<string, { pattern?: string; format?: string }> };
    expect(register.properties.email!.format).toBeUndefined();
    expect(register.properties.email!.pattern).toBeDefined();
  });

  it('lists the extras: media, health, openapi, webhook, notifications, sales chart, react-admin reads', () => {
    const listed = new Set(operations(doc));
    for (const extra of [
      'GET /api/health',
      'GET /api/openapi.json',
      'POST /api/payments/stripe-webhook',
      'GET /api/purchases/{id}/notifications',
      'POST /api/purchases/{id}/notifications/{channel}/resend',
      'GET /api/admin/sales-chart',
      'GET /api/packages/{id}',
      'GET /api/past-raffles/{id}',
      'GET /api/resellers/{id}',
    ])
      expect(listed.has(extra), extra).toBe(true);
  });

  it('names every operation once', () => {
    const ids = Object.values(paths).flatMap((methods) =>
      Object.values(methods).map((op) => op.operationId),
    );
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents every path placeholder as a path parameter', () => {
    for (const [path, methods] of Object.entries(paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(methods)) {
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect(declared.sort(), `${method} ${path}`).toEqual(names);
      }
    }
  });

  it('protects staff data and mutations with the roles their guard enforces (DESIGN: server-side roles)', () => {
    expect(paths['/api/settings/{id}']!.put!['x-roles']).toEqual(['admin']);
    expect(paths['/api/raffle/generate-raffle-numbers']!.post!['x-roles']).toEqual(['admin']);
    expect(paths['/api/raffle/{id}']!.put!['x-roles']).toEqual(['admin']);
    expect(paths['/api/purchases']!.get!['x-roles']).toEqual(['admin', 'reseller']);
    expect(paths['/api/admin/reports']!.get!['x-roles']).toEqual(['admin', 'reseller']);
    expect(paths['/api/lottery']!.get!.security).toBeUndefined();
  });

  it('documents the parameters a handler reads itself', () => {
    const names = (path: string, method: string) =>
      (paths[path]![method]!.parameters ?? []).map((p) => p.name);
    expect(names('/api/admin/reports', 'get')).toContain('format');
    expect(names('/api/orders/{id}', 'get')).toEqual(expect.arrayContaining(['id', 'key']));
    expect(names('/api/packages/{id}', 'put')).toEqual(['id']);
  });
});
