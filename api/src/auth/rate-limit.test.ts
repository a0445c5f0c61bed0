import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit';
import { newReferralCode } from './referral-code';

describe('createRateLimiter', () => {
  it('allows `limit` hits per sliding window and then refuses until old hits age out', () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 1000 });
    expect([0, 100, 200, 300].map((t) => limiter.hit('ip', t))).toEqual([true, true, true, false]);
    expect(limiter.hit('otra-ip', 300)).toBe(true);
    expect(limiter.hit('ip', 1001)).toBe(true);
    expect(limiter.hit('ip', 1002)).toBe(false);
  });

  it('forgets a key on reset', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 });
    limiter.hit('a@b.ec', 0);
    expect(limiter.hit('a@b.ec', 1)).toBe(false);
    limiter.reset('a@b.ec');
    expect(limiter.hit('a@b.ec', 2)).toBe(true);
  });
});

describe('newReferralCode', () => {
  it('gives short readable codes without look-alike characters', () => {
    const codes = Array.from({ length: 200 }, newReferralCode);
    for (const code of codes) expect(code).toMatch(/^REV-[2-9A-HJ-NP-Z]{6}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
