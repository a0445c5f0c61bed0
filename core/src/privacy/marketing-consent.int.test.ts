// The marketing choice per e-mail: given, withdrawn, and a late older message not undoing
// a newer choice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import { marketingConsentOf, marketingConsents, recordMarketingConsent } from './marketing-consent';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.drop());

const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 12, minute));

describe('marketing consent per e-mail', () => {
  it('is null for someone who never chose', async () => {
    expect(await marketingConsentOf(t.db, 'nadie@example.com')).toBeNull();
  });

  it('keeps the newest choice for the e-mail whatever its case, and every change in the history', async () => {
    await recordMarketingConsent(t.db, {
      email: 'Ana@Example.com ',
      granted: true,
      source: 'checkout',
      at: at(0),
    });
    await recordMarketingConsent(t.db, {
      email: 'ana@example.com',
      granted: false,
      source: 'unsubscribe_link',
      at: at(5),
    });
    expect(await marketingConsentOf(t.db, 'ANA@example.com')).toEqual({
      email: 'ana@example.com',
      granted: false,
      source: 'unsubscribe_link',
      at: at(5).toISOString(),
    });
    const doc = await marketingConsents(t.db).findOne({ _id: 'ana@example.com' });
    expect(doc?.history.map((h) => h.granted)).toEqual([true, false]);
  });

  it('does not let an older choice that arrives late replace a newer one', async () => {
    await recordMarketingConsent(t.db, {
      email: 'luis@example.com',
      granted: false,
      source: 'unsubscribe_link',
      at: at(10),
    });
    await recordMarketingConsent(t.db, {
      email: 'luis@example.com',
      granted: true,
      source: 'checkout',
      at: at(1),
    });
    expect((await marketingConsentOf(t.db, 'luis@example.com'))?.granted).toBe(false);
  });
});
