import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ROUTES, apiPath, canCall, honoPath, type ApiRoute } from './api-routes';
import { buildOpenApiDocument } from './openapi';

const routes = Object.values(API_ROUTES) as ApiRoute[];
const key = (r: ApiRoute) => `${r.method} ${r.base}${r.path}`;

// SPEC §7 table, verbatim.
const SPEC_CALLS = [
  'GET /settings',
  'PUT /settings/{id}',
  'GET /lottery',
  'PUT /lottery',
  'PATCH /lottery/is-active',
  'GET /raffle/raffle-progress',
  'GET /raffle/instant-prizes',
  'DELETE /raffle/delete-raffle-numbers',
  'POST /raffle/generate-raffle-numbers',
  'PUT /raffle/{id}',
  'POST /raffle/assign-random-prizes',
  'POST /admin/login',
  'POST /admin/register',
  'GET /admin/me',
  'GET /admin',
  'GET /admin/reports',
  'DELETE /admin/delete-all-purchases',
  'GET /resellers',
  'PUT /resellers/{id}',
  'DELETE /resellers/{id}',
  'GET /packages',
  'POST /packages',
  'PUT /packages/{id}',
  'DELETE /packages/{id}',
  'GET /purchases',
  'PATCH /purchases/{id}/confirm-transfer',
  'GET /purchases/by-email/{email}',
  'GET /purchases/{id}',
  'POST /payments/create-order',
  'POST /payments/capture-order',
  'POST /payments/verify-stripe',
  'POST /payments/verify-payphone',
  'GET /past-raffles',
  'POST /past-raffles',
  'PUT /past-raffles/{id}',
  'DELETE /past-raffles/{id}',
];

describe('API_ROUTES', () => {
  it('lists every call of SPEC §7 under /api', () => {
    const listed = new Set(routes.map(key));
    const missing = SPEC_CALLS.map((c) => c.replace(' ', ' /api')).filter((c) => !listed.has(c));
    expect(missing).toEqual([]);
  });

  it('lists the extras: media, health, openapi, webhook, notifications, sales chart, react-admin reads', () => {
    const listed = new Set(routes.map(key));
    for (const extra of [
      'POST /upload-media.php',
      'GET /media/{name}',
      'GET /api/health',
      'GET /api/openapi.json',
      'POST /api/payments/stripe-webhook',
      'GET /api/purchases/{id}/notifications',
      'POST /api/purchases/{id}/notifications/{channel}/resend',
      'GET /api/admin/sales-chart',
      'GET /api/packages/{id}',
      'GET /api/past-raffles/{id}',
      'GET /api/resellers/{id}',
    ]) {
      expect(listed.has(extra), extra).toBe(true);
    }
  });

  it('has one route per method and path', () => {
    expect(new Set(routes.map(key)).size).toBe(routes.length);
  });

  it('declares a params schema for every path placeholder', () => {
    for (const route of routes.filter((r) => r.path.includes('{'))) {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const shape = (route.params as z.ZodObject | undefined)?.shape ?? {};
      expect(Object.keys(shape).sort(), key(route)).toEqual(names.sort());
    }
  });

  it('protects staff data and mutations (DESIGN: server-side roles)', () => {
    expect(API_ROUTES.updateSettings.access).toBe('admin');
    expect(API_ROUTES.generateRaffleNumbers.access).toBe('admin');
    expect(API_ROUTES.updateInstantPrize.access).toBe('admin');
    expect(API_ROUTES.listPurchases.access).toBe('staff');
    expect(API_ROUTES.reports.roles).toEqual(['admin', 'reseller']);
    expect(API_ROUTES.getLottery.access).toBe('public');
  });

  it('keeps every schema convertible to JSON Schema', () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const [part, schema, io] of [
        ['params', route.params, 'input'],
        ['query', route.query, 'input'],
        ['body', route.body, 'input'],
        ['response', route.response, 'output'],
      ] as const) {
        if (!schema) continue;
        try {
          z.toJSONSchema(schema, { io });
        } catch (error) {
          failures.push(`${key(route)} ${part}: ${(error as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('apiPath / honoPath / canCall', () => {
  it('fills and encodes path parameters', () => {
    expect(apiPath(API_ROUTES.getPurchase, { id: 'abc' })).toBe('/api/purchases/abc');
    expect(apiPath(API_ROUTES.purchasesByEmail, { email: 'a+b@x.ec' })).toBe(
      '/api/purchases/by-email/a%2Bb%40x.ec',
    );
    expect(apiPath(API_ROUTES.getMedia, { name: 'banner.gif' })).toBe('/media/banner.gif');
    expect(apiPath(API_ROUTES.listPackages)).toBe('/api/packages');
  });
  it('refuses a missing parameter', () => {
    expect(() => apiPath(API_ROUTES.getPurchase)).toThrow(/id/);
  });
  it('gives the Hono form of a path', () => {
    expect(honoPath(API_ROUTES.resendNotification)).toBe(
      '/purchases/:id/notifications/:channel/resend',
    );
  });
  it('answers who may call', () => {
    expect(canCall(API_ROUTES.listPackages, null)).toBe(true);
    expect(canCall(API_ROUTES.createPackage, 'reseller')).toBe(false);
    expect(canCall(API_ROUTES.createPackage, 'admin')).toBe(true);
    expect(canCall(API_ROUTES.listPurchases, 'reseller')).toBe(true);
    expect(canCall(API_ROUTES.listPurchases, undefined)).toBe(false);
  });
});

describe('buildOpenApiDocument', () => {
  const doc = buildOpenApiDocument({ serverUrl: 'http://localhost:3000' }) as {
    openapi: string;
    paths: Record<
      string,
      Record<
        string,
        {
          operationId: string;
          security?: unknown;
          requestBody?: unknown;
          parameters: { name: string }[];
        }
      >
    >;
  };
  it('describes every route with its operation id', () => {
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.values(doc.paths).flatMap((p) =>
      Object.values(p).map((o) => o.operationId),
    );
    expect(operations.sort()).toEqual(Object.keys(API_ROUTES).sort());
  });
  it('marks staff routes as needing a bearer token', () => {
    expect(doc.paths['/api/packages']?.post?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/packages']?.get?.security).toBeUndefined();
  });
  it('documents bodies and parameters', () => {
    expect(doc.paths['/api/payments/create-order']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/admin/reports']?.get?.parameters.map((p) => p.name)).toContain('format');
    expect(doc.paths['/api/packages/{id}']?.put?.parameters.map((p) => p.name)).toEqual(['id']);
  });
});
