// Every staff route of the generated OpenAPI document × {no token, expired, forged,
// reseller, admin}. A route is in the document the day it is declared, with the roles
// its guard documents, so a new route is covered at once (and fails here, named, if it
// does not enforce them).
import { SERVER } from '@vag/contracts';
import { sign } from 'hono/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentedOperations,
  samplePath,
  type DocumentedOperation,
} from '../testing/documented-operations';
import { bearer, createStaff, type CreatedStaff } from '../testing/seed';
import { signStaffToken } from './token';
import { startTestServer, type TestServer } from '../testing/server';

const staffRoutes = (await documentedOperations()).filter((op) => op.roles !== undefined);

let server: TestServer;
let admin: CreatedStaff;
let reseller: CreatedStaff;
let expired: string;
let forged: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createStaff(server.db, { role: 'admin' });
  reseller = await createStaff(server.db, { role: 'reseller' });
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: admin.user._id, email: admin.user.email, role: 'admin' };
  expired = await sign(
    { ...claims, iat: now - 7200, exp: now - 3600 },
    server.deps.jwtSecret,
    'HS256',
  );
  forged = await sign(
    { ...claims, iat: now, exp: now + 3600 },
    'no-es-el-secreto-del-servidor',
    'HS256',
  );
});
afterAll(async () => server?.stop());

/** A logout ends the session it is called with: it gets a session of its own each time. */
async function tokenFor(route: DocumentedOperation, staff: CreatedStaff): Promise<string> {
  if (route.operationId !== 'logout') return staff.token;
  return signStaffToken(
    { env: { JWT_TTL_SECONDS: 3600 }, jwtSecret: server.deps.jwtSecret },
    staff.user,
  );
}

async function callRoute(route: DocumentedOperation, token: string | null) {
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  const res = await fetch(`${server.url}${samplePath(route)}`, {
    method: route.method,
    headers: {
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...(token ? bearer(token) : {}),
    },
    body: hasBody ? '{}' : undefined,
  });
  const text = await res.text();
  let msg: unknown;
  try {
    msg = (JSON.parse(text) as { msg?: unknown }).msg;
  } catch {
    msg = undefined;
  }
  return { status: res.status, msg };
}

describe('auth matrix', () => {
  it('covers the staff routes of the document', () => {
    expect(staffRoutes.length).toBeGreaterThan(20);
  });

  describe.each(
    staffRoutes.map((route) => ({
      label: `${route.method} ${route.path} (${route.operationId})`,
      route,
    })),
  )('$label', ({ label, route }) => {
    it('answers 401 with a Spanish message without a token', async () => {
      const res = await callRoute(route, null);
      expect(res.status, `${label} without a token`).toBe(401);
      expect(typeof res.msg === 'string' && res.msg.length > 0, `${label} answers a msg`).toBe(
        true,
      );
    });

    it("answers 401 'Sesión inválida o expirada.' to an expired token", async () => {
      expect(await callRoute(route, expired), `${label} with an expired token`).toEqual({
        status: 401,
        msg: SERVER.invalidToken,
      });
    });

    it("answers 401 'Sesión inválida o expirada.' to a token signed with another secret", async () => {
      expect(await callRoute(route, forged), `${label} with a forged token`).toEqual({
        status: 401,
        msg: SERVER.invalidToken,
      });
    });

    const resellerAllowed = route.roles?.includes('reseller') ?? false;
    it(resellerAllowed ? 'lets a reseller through' : 'answers 403 to a reseller', async () => {
      const res = await callRoute(route, await tokenFor(route, reseller));
      if (resellerAllowed)
        expect(
          [401, 403],
          `${label} as reseller answered ${res.status} ${String(res.msg)}`,
        ).not.toContain(res.status);
      else expect(res.status, `${label} as reseller`).toBe(403);
    });

    it('lets an admin through', async () => {
      const res = await callRoute(route, await tokenFor(route, admin));
      expect(
        [401, 403],
        `${label} as admin answered ${res.status} ${String(res.msg)}`,
      ).not.toContain(res.status);
    });
  });
});
