import { describe, expect, it } from 'vitest';
import { referralUrl } from './referral';

describe('referralUrl', () => {
  it('links the public home page with the reseller code', () => {
    expect(referralUrl('https://voyaganar.ec', 'ABC 1')).toBe('https://voyaganar.ec/?code=ABC%201');
  });
});
