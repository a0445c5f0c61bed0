// Staff accounts for tests: a real user in the database and a real signed token.
import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';
import { signStaffToken } from '../auth/token';
import type { AppDeps } from '../context';
import { createUser, type StaffRole, type UserDoc } from '@vag/core/db/users';
import { startTestServer, type TestServer } from './server';

export interface CreatedStaff {
  user: UserDoc;
  token: string;
  password: string;
}

/** The secret startTestServer signs with (tests that build their own deps pass them instead). */
export const TEST_JWT_SECRET = 'test-jwt-secret-not-for-production';

type SigningDeps = { env: Pick<AppDeps['env'], 'JWT_TTL_SECONDS'>; jwtSecret: string };

export async function createStaff(
  db: Db,
  {
    role,
    email,
    password = 'Clave123!',
    fullname,
    deps = { env: { JWT_TTL_SECONDS: 3600 }, jwtSecret: TEST_JWT_SECRET },
  }: { role: StaffRole; email?: string; password?: string; fullname?: string; deps?: SigningDeps },
): Promise<CreatedStaff> {
  const user = await createUser(db, {
    fullname: fullname ?? (role === 'admin' ? 'Admin de Prueba' : 'Revendedor de Prueba'),
    email: email ?? `${role}-${randomUUID().slice(0, 8)}@voyaganar.ec`,
    password,
    role,
  });
  return { user, token: await signStaffToken(deps, user), password };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export interface CallResult {
  status: number;
  // Tests read whatever the api answered.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  headers: Headers;
}

/** A JSON caller for one test server: `call('POST', '/packages', { token, body })` under /api. */
export function apiCaller(baseUrl: string) {
  return async function call(
    method: string,
    path: string,
    {
      body,
      token,
      headers,
    }: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<CallResult> {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? bearer(token) : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
    return { status: res.status, json, headers: res.headers };
  };
}

export type ApiCaller = ReturnType<typeof apiCaller>;

/** The setup most route tests share: a test server with one admin and one reseller signed in. */
export async function startServerWithStaff(): Promise<{
  server: TestServer;
  call: ApiCaller;
  admin: string;
  reseller: string;
}> {
  const server = await startTestServer();
  return {
    server,
    call: apiCaller(server.url),
    admin: (await createStaff(server.db, { role: 'admin' })).token,
    reseller: (await createStaff(server.db, { role: 'reseller' })).token,
  };
}

/** A staff member with a random e-mail and a signed token, ready as an Authorization header. */
export async function staffToken(
  deps: Pick<AppDeps, 'db' | 'env' | 'jwtSecret'>,
  role: StaffRole,
): Promise<{ token: string; code: string | null; auth: { authorization: string } }> {
  const user = await createUser(deps.db, {
    fullname: role === 'admin' ? 'Ana Admin' : 'Rita Revendedora',
    email: `${role}-${randomUUID().slice(0, 8)}@example.com`,
    password: 'secreto123',
    role,
  });
  const token = await signStaffToken(deps, user);
  return { token, code: user.code ?? null, auth: { authorization: `Bearer ${token}` } };
}
