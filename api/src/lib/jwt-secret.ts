// The JWT secret comes from JWT_SECRET; in the embedded mode it is generated once and
// kept in DATA_DIR so that sessions survive a restart.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '@vag/core/env';

export function resolveJwtSecret(env: Pick<Env, 'JWT_SECRET' | 'DATA_DIR'>): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.resolve(env.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
