import { describe, expect, it } from 'vitest';
import { newReferralCode } from './referral-code';

describe('newReferralCode', () => {
  it('gives short readable codes without look-alike characters', () => {
    const codes = Array.from({ length: 200 }, newReferralCode);
    for (const code of codes) expect(code).toMatch(/^REV-[2-9A-HJ-NP-Z]{6}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
