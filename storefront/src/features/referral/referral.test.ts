import { describe, expect, it } from 'vitest';
import { forgetReferral, rememberReferral, storedReferral } from './referral';

function memoryStore() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('reseller referral', () => {
  it('keeps ?code= across pages for 30 days, then forgets it', () => {
    const store = memoryStore();
    const day = 24 * 3_600_000;
    rememberReferral('?code=REV-ABC123', store, 0);
    rememberReferral('?foo=1', store, day);
    expect(storedReferral(store, 29 * day)).toBe('REV-ABC123');
    expect(storedReferral(store, 31 * day)).toBeNull();
  });

  it('a newer code replaces the older one, and a purchase forgets it', () => {
    const store = memoryStore();
    rememberReferral('?code=REV-A', store, 0);
    rememberReferral('?code=REV-B', store, 1);
    expect(storedReferral(store, 2)).toBe('REV-B');
    forgetReferral(store);
    expect(storedReferral(store, 3)).toBeNull();
  });
});
