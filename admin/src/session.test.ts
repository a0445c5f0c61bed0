import { STORAGE_KEYS } from '@vag/contracts';
import { describe, expect, it } from 'vitest';
import { clearSession, readSession, readUser, saveSession } from './session';

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('staff session storage', () => {
  it('stores token, user and role under adminToken, adminUser and admin_role', () => {
    const store = memoryStore();
    saveSession('tok', { _id: 'u1', email: 'a@b.ec', role: 'admin' }, store);
    expect(store.data.get('adminToken')).toBe('tok');
    expect(JSON.parse(store.data.get('adminUser') ?? '')).toEqual({
      _id: 'u1',
      email: 'a@b.ec',
      role: 'admin',
    });
    expect(store.data.get('admin_role')).toBe('admin');
    expect(readSession(store)).toEqual({
      token: 'tok',
      user: { _id: 'u1', email: 'a@b.ec', role: 'admin' },
      role: 'admin',
    });
  });

  it('discards a corrupt stored user but keeps the session token', () => {
    const store = memoryStore({
      [STORAGE_KEYS.adminToken]: 'tok',
      [STORAGE_KEYS.adminUser]: '{not json',
    });
    expect(readSession(store)).toEqual({ token: 'tok', user: null, role: null });
    expect(store.data.has(STORAGE_KEYS.adminUser)).toBe(false);
  });

  it('discards a stored user of the wrong shape', () => {
    const store = memoryStore({ [STORAGE_KEYS.adminUser]: JSON.stringify({ email: 42 }) });
    expect(readUser(store)).toBeNull();
    expect(store.data.has(STORAGE_KEYS.adminUser)).toBe(false);
  });

  it('has no session without a token, and logout clears all three keys', () => {
    const store = memoryStore();
    saveSession('tok', { _id: 'u1', email: 'r@b.ec', role: 'reseller' }, store);
    clearSession(store);
    expect(store.data.size).toBe(0);
    expect(readSession(store)).toBeNull();
  });
});
