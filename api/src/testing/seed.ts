// Staff accounts for tests: a real user in the database and a real signed token.
import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';
import { signStaffToken } from '../auth/token';
import type { AppDeps } from '../context';
import { createUser, type StaffRole, type UserDoc } from '../db/users';

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
