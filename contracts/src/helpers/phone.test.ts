import { describe, expect, it } from 'vitest';
import { toEcuadorE164 } from './phone';

describe('toEcuadorE164', () => {
  it('replaces the leading 0 with +593', () => {
    expect(toEcuadorE164('0991234567')).toBe('+593991234567');
  });
  it('strips spaces, dashes and parentheses', () => {
    expect(toEcuadorE164('099 123-4567')).toBe('+593991234567');
    expect(toEcuadorE164('(02) 234 5678')).toBe('+59322345678');
  });
  it('keeps a number already in +593 form', () => {
    expect(toEcuadorE164('+593 99 123 4567')).toBe('+593991234567');
    expect(toEcuadorE164('593991234567')).toBe('+593991234567');
  });
  it('adds +593 to a national number without the 0', () => {
    expect(toEcuadorE164('991234567')).toBe('+593991234567');
  });
  it('answers empty for nothing', () => {
    expect(toEcuadorE164('')).toBe('');
    expect(toEcuadorE164(undefined)).toBe('');
  });
});
