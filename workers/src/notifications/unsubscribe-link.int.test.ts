// Every e-mail carries a "Dejar de recibir noticias" link to /baja, signed for its
// recipient, and the same link as List-Unsubscribe.
import { CONSENT_MESSAGES } from '@vag/contracts';
import { readUnsubscribeToken } from '@vag/core/privacy/unsubscribe-token';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { waitFor } from '@vag/core/testing/wait';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numbersAssigned, paidPurchase, workerDeps } from '../testing/pipeline-fixtures';
import { handleNotificationsMessage } from './index';

let fakes: FakeProviders;
let stop: () => Promise<void>;
let deps: Awaited<ReturnType<typeof workerDeps>>['deps'];
beforeAll(async () => {
  fakes = await startFakeProviders();
  const w = await workerDeps(fakes.env);
  deps = w.deps;
  stop = w.stop;
});
afterAll(async () => {
  await stop?.();
  await fakes?.stop();
});

describe('the unsubscribe link of every e-mail', () => {
  it('the numbers e-mail ends with "Dejar de recibir noticias" and a /baja link signed for its recipient, also as List-Unsubscribe', async () => {
    const purchase = await paidPurchase(deps);
    await handleNotificationsMessage(deps, numbersAssigned(purchase, ['0042'], []));
    await waitFor(() => fakes.smtp.mails.length === 1, { message: 'the numbers e-mail' });
    const mail = fakes.smtp.mails[0]!;
    const link = new RegExp(`${CONSENT_MESSAGES.unsubscribeLink}: (\\S+/baja\\?t=(\\S+))`).exec(
      mail.text,
    );
    expect(link).not.toBeNull();
    expect(await readUnsubscribeToken(deps.db, link![2]!)).toEqual({ email: purchase.buyer.email });
    expect(mail.raw).toMatch(/^List-Unsubscribe:\s+<[^>]+\/baja\?t=/m);
  });
});
