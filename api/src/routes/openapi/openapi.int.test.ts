import { SERVER } from '@vag/contracts';
import SwaggerParser from '@apidevtools/swagger-parser';
import { uniqueSymbol } from 'hono-openapi';
import { findTargetHandler } from 'hono/utils/handler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { documentedOperations, samplePath } from '../../testing/documented-operations';
import { startTestServer, type TestServer } from '../../testing/server';
import { documentedRoutes } from '../index';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

const operations = await documentedOperations();

/** Hono writes /:id where OpenAPI writes /{id}; a trailing / is the same route. */
const openApiPath = (path: string) =>
  path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}').replace(/(.)\/$/, '$1');

describe('GET /api/openapi.json', () => {
  it('serves the OpenAPI 3.1 document with every declared route', async () => {
    const res = await fetch(`${server.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const declared = documentedRoutes().routes.filter(
      (r) => r.method !== 'ALL' && uniqueSymbol in findTargetHandler(r.handler),
    );
    expect(declared.length).toBeGreaterThan(60);
    for (const route of declared) {
      expect(doc.paths[openApiPath(route.path)], `${route.method} ${route.path}`).toHaveProperty(
        route.method.toLowerCase(),
      );
    }
  });

  it('is a valid OpenAPI document (swagger-parser validates it against the specification)', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as object;
    await expect(SwaggerParser.validate(doc as never)).resolves.toBeTruthy();
  });

  it('describes every route the app mounts under /api', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const mounted = createApp(server.deps)
      .routes.filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL')
      .map((r) => ({ method: r.method.toLowerCase(), path: openApiPath(r.path) }))
      .filter(
        (r) => r.method !== 'head' && r.path !== '/api/docs' && !r.path.startsWith('/api/docs/'),
      );
    expect(mounted.length).toBeGreaterThan(30);
    const missing = mounted
      .filter((r) => !doc.paths[r.path]?.[r.method])
      .map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  // A route the app does not mount answers the generic not-found (JSON under /api, the
  // site's 404 page elsewhere); a mounted one answers anything else, even a 404 of its own.
  it.each(operations.map((op) => [`${op.method} ${op.path} (${op.operationId})`, op] as const))(
    '%s is answered by the app',
    async (label, route) => {
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      const res = await fetch(`${server.url}${samplePath(route)}`, {
        method: route.method,
        headers: hasBody ? { 'content-type': 'application/json' } : {},
        body: hasBody ? '{}' : undefined,
      });
      const text = await res.text();
      const routeMissing =
        res.status === 404 && (text.includes(SERVER.notFound) || !text.startsWith('{'));
      expect(routeMissing, `${label} answered ${res.status} ${text.slice(0, 120)}`).toBe(false);
      expect(res.status, `${label} must not fail with 500`).not.toBe(500);
    },
  );
});

describe('a method the path does not answer', () => {
  it('PATCH /api/packages answers 405 with Allow and a Spanish msg', async () => {
    const res = await fetch(`${server.url}/api/packages`, { method: 'PATCH' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(await res.json()).toEqual({ msg: SERVER.methodNotAllowed });
  });

  it('DELETE /api/raffle/raffle-progress allows only what that literal path answers', async () => {
    const res = await fetch(`${server.url}/api/raffle/raffle-progress`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('GET /api/no-existe still answers 404', async () => {
    const res = await fetch(`${server.url}/api/no-existe`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ msg: SERVER.notFound });
  });
});
