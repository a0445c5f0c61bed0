// The notifications worker against a real SMTP server and a local Twilio: one e-mail and
// one SMS per purchase however often numbers.assigned arrives; failures kept for staff.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getPurchase } from '@vag/core/db/purchases';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { numbersAssigned, paidPurchase, workerDeps } from '../testing/pipeline-fixtures';
import { handleNotificationsMessage } from './index';

let fakes: FakeProviders;
const cleanups: Array<() => Promise<void>> = [];
beforeEach(async () => {
  fakes = await startFakeProviders();
  cleanups.push(() => fakes.stop());
});
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(env: Record<string, string>) {
  const w = await workerDeps(env);
  cleanups.push(w.stop);
  return w.deps;
}

describe('notifications worker', () => {
  it('numbers.assigned handler is idempotent when delivered twice', async () => {
    const deps = await setup(fakes.env);
    const purchase = await paidPurchase(deps);
    const message = numbersAssigned(
      purchase,
      ['0042', '0815', '1234'],
      [{ number: '0815', amount: 25 }],
    );
    await handleNotificationsMessage(deps, message);
    await handleNotificationsMessage(deps, message);
    await Promise.all([
      handleNotificationsMessage(deps, message),
      handleNotificationsMessage(deps, message),
    ]).catch(() => undefined);

    expect(fakes.smtp.mails).toHaveLength(1);
    const mail = fakes.smtp.mails[0]!;
    expect(mail.to).toEqual([purchase.buyer.email]);
    for (const text of [
      'Hola Lucía',
      '0042',
      '0815',
      '1234',
      'premio instantáneo de $25.00',
      'Total: $6.00',
      'PayPhone',
    ])
      expect(mail.text).toContain(text);
    expect(fakes.twilio.messages).toHaveLength(1);
    expect(fakes.twilio.messages[0]).toMatchObject({
      to: '+593987654321',
      from: fakes.twilio.from,
    });
    expect(fakes.twilio.messages[0]!.body).toContain('0042, 0815, 1234');
    const stored = await getPurchase(deps.db, purchase._id);
    expect(stored?.notifications).toMatchObject({
      email: { status: 'sent', attempts: 1 },
      sms: { status: 'sent', attempts: 1 },
    });
  });

  it('retries a failing SMTP server with backoff and succeeds', async () => {
    const deps = await setup(fakes.env);
    const purchase = await paidPurchase(deps);
    fakes.smtp.failNext(2);
    await handleNotificationsMessage(deps, numbersAssigned(purchase, ['0001']), { backoffMs: 10 });
    expect(fakes.smtp.mails).toHaveLength(1);
    expect((await getPurchase(deps.db, purchase._id))?.notifications).toMatchObject({
      email: { status: 'sent', attempts: 3 },
    });
  });

  it('keeps a failure after the retries on the purchase, with the error, for staff to re-send', async () => {
    const deps = await setup(fakes.env);
    const purchase = await paidPurchase(deps);
    fakes.twilio.failNext(10);
    await handleNotificationsMessage(deps, numbersAssigned(purchase, ['0002']), {
      backoffMs: 5,
      attempts: 3,
    });
    const stored = await getPurchase(deps.db, purchase._id);
    expect(stored?.notifications).toMatchObject({
      email: { status: 'sent' },
      sms: { status: 'failed', attempts: 3, lastError: expect.any(String) },
    });
    // A redelivery does not hammer the provider again: staff decide with the re-send button.
    await handleNotificationsMessage(deps, numbersAssigned(purchase, ['0002']), { backoffMs: 5 });
    expect(fakes.twilio.messages).toHaveLength(0);
  });

  it('without SMTP and Twilio writes both messages to <DATA_DIR>/outbox.log with status logged', async () => {
    const deps = await setup({});
    const purchase = await paidPurchase(deps);
    await handleNotificationsMessage(deps, numbersAssigned(purchase, ['0003', '0004']));
    await handleNotificationsMessage(deps, numbersAssigned(purchase, ['0003', '0004']));
    const lines = readFileSync(path.join(deps.env.DATA_DIR, 'outbox.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => l.channel).sort()).toEqual(['email', 'sms']);
    expect(lines.find((l) => l.channel === 'sms')).toMatchObject({
      to: '+593987654321',
      purchaseId: purchase._id,
    });
    expect((await getPurchase(deps.db, purchase._id))?.notifications).toMatchObject({
      email: { status: 'logged' },
      sms: { status: 'logged' },
    });
  });
});
