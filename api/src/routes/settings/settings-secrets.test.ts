import { SECRET_MASK } from '@vag/contracts';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@vag/core/db/settings';
import { keepMaskedSecrets, maskSecret, maskSettings } from './settings-secrets';

const stored = {
  ...defaultSettings(),
  email: 'info@voyaganar.ec',
  mongoDBConnection: 'mongodb://user:pass@db.example:27017/vag',
  payment: {
    ...defaultSettings().payment,
    stripeSecretKey: 'sk_test_1234567890abcd',
    stripePublishableKey: 'pk_test_x',
    paypalClientId: 'client-1',
    paypalSecret: 'short',
  },
};

describe('settings secrets', () => {
  it('masks long secrets keeping the last 4 characters, short ones entirely', () => {
    expect(maskSecret('sk_test_1234567890abcd')).toBe(`${SECRET_MASK}abcd`);
    expect(maskSecret('short')).toBe(SECRET_MASK);
    expect(maskSecret('')).toBe('');
  });

  it('masks every secret of the settings and nothing else', () => {
    const masked = maskSettings(stored, 'admin');
    expect(masked.mongoDBConnection).toBe(`${SECRET_MASK}/vag`);
    expect(masked.payment.stripeSecretKey).toBe(`${SECRET_MASK}abcd`);
    expect(masked.payment.paypalSecret).toBe(SECRET_MASK);
    expect(masked.payment.stripePublishableKey).toBe('pk_test_x');
    expect(masked.email).toBe('info@voyaganar.ec');
    expect(stored.payment.stripeSecretKey).toBe('sk_test_1234567890abcd');
  });

  it('gives a reseller every secret blank, no mask and no last characters', () => {
    const blank = maskSettings(stored, 'reseller');
    expect(blank.mongoDBConnection).toBe('');
    expect(blank.payment.stripeSecretKey).toBe('');
    expect(blank.payment.paypalSecret).toBe('');
    expect(blank.payment.stripePublishableKey).toBe('pk_test_x');
  });

  it('keeps stored secrets when the mask comes back, takes new values otherwise', () => {
    const next = maskSettings(stored, 'admin');
    next.payment.paypalSecret = 'new-secret';
    const merged = keepMaskedSecrets(next, stored);
    expect(merged.mongoDBConnection).toBe(stored.mongoDBConnection);
    expect(merged.payment.stripeSecretKey).toBe(stored.payment.stripeSecretKey);
    expect(merged.payment.paypalSecret).toBe('new-secret');
  });
});
