import { afterEach, describe, expect, it, vi } from 'vitest';
import { signStaffToken, verifyStaffToken } from './token';

const deps = { env: { JWT_TTL_SECONDS: 3_600 }, jwtSecret: 'the-secret-of-this-process' };
const admin = { _id: 'u-1', email: 'admin@voyaganar.ec', role: 'admin' as const, tokenVersion: 2 };

afterEach(() => {
  vi.useRealTimers();
});

describe('verifyStaffToken', () => {
  it('answers the claims of a token signed with the secret, every time it comes back', async () => {
    const token = await signStaffToken(deps, admin);
    for (let call = 0; call < 3; call++)
      expect(await verifyStaffToken(token, deps.jwtSecret)).toMatchObject({
        sub: 'u-1',
        role: 'admin',
        ver: 2,
      });
  });

  it('refuses a token it has accepted before once the token has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await signStaffToken(deps, admin);
    expect(await verifyStaffToken(token, deps.jwtSecret)).not.toBeNull();
    vi.setSystemTime(Date.now() + 3_601_000);
    expect(await verifyStaffToken(token, deps.jwtSecret)).toBeNull();
  });

  it('refuses a token accepted with one secret when another secret checks it', async () => {
    const token = await signStaffToken(deps, admin);
    expect(await verifyStaffToken(token, deps.jwtSecret)).not.toBeNull();
    expect(await verifyStaffToken(token, 'another-secret')).toBeNull();
  });

  it('refuses a token whose signature was changed, though its claims are a valid one’s', async () => {
    const token = await signStaffToken(deps, admin);
    expect(await verifyStaffToken(token, deps.jwtSecret)).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    expect(await verifyStaffToken(forged, deps.jwtSecret)).toBeNull();
  });
});
