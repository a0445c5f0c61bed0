// The messages of an unpaid transfer order against a real SMTP server and a local Twilio:
// each notice goes out once per channel however often it is delivered, and a channel
// left held by a sender that died is taken over once its lease runs out.
import type { Db } from 'mongodb';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paidPurchase, workerDeps } from '../testing/pipeline-fixtures';
import { sendOrderNotice } from './order-notices';

let fakes: FakeProviders;
const cleanups: Array<() => Promise<void>> = [];
beforeEach(async () => {
  fakes = await startFakeProviders();
  cleanups.push(() => fakes.stop());
});
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function transferOrder() {
  const w = await workerDeps(fakes.env);
  cleanups.push(w.stop);
  const purchase = await paidPurchase(w.deps, {
    status: 'PENDING',
    paymentMethod: 'bank_transfer',
    orderCode: 'VAG-7QX4KM',
    accessKey: 'k'.repeat(32),
  });
  return { deps: w.deps, purchase };
}

/** The notices' delivery state as stored (core/src/db/notices.ts). */
async function noticesOf(db: Db, purchaseId: string) {
  const doc = await db.collection('purchases').findOne({ _id: purchaseId as never });
  return doc?.notices as Record<string, { status: string }> | undefined;
}

const notice = (purchaseId: string) => ({
  purchaseId,
  noticeId: 'order_created',
  kind: 'order_created' as const,
});

describe('order notices', () => {
  it('the order link goes out once by e-mail and once by SMS, however often the notice is delivered', async () => {
    const { deps, purchase } = await transferOrder();
    await sendOrderNotice(deps, notice(purchase._id));
    await Promise.all([
      sendOrderNotice(deps, notice(purchase._id)),
      sendOrderNotice(deps, notice(purchase._id)),
    ]);

    expect(fakes.smtp.mails).toHaveLength(1);
    expect(fakes.smtp.mails[0]!.text).toContain('VAG-7QX4KM');
    expect(fakes.smtp.mails[0]!.text).toContain(`/pedido`);
    expect(fakes.twilio.messages).toHaveLength(1);
    // The SMS carries the order page's short link (code + the key's start), one segment.
    const sms = fakes.twilio.messages[0]!.body;
    expect(sms).toContain('VAG-7QX4KM');
    expect(sms).toMatch(/\/p\/7QX4KMk{12}(\s|$)/);
    expect(sms.length).toBeLessThanOrEqual(160);
    expect(await noticesOf(deps.db, purchase._id)).toMatchObject({
      order_created_email: { status: 'sent' },
      order_created_sms: { status: 'sent' },
    });
  });

  it('a channel a dead sender held is sent once its lease ran out; the channel already sent is not sent again', async () => {
    const { deps, purchase } = await transferOrder();
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await deps.db.collection('purchases').updateOne(
      { _id: purchase._id as never },
      {
        $set: {
          'notices.order_created_email': { status: 'sent', at: longAgo },
          'notices.order_created_sms': { status: 'sending', at: longAgo },
        },
      },
    );
    await sendOrderNotice(deps, notice(purchase._id));

    expect(fakes.smtp.mails).toHaveLength(0);
    expect(fakes.twilio.messages).toHaveLength(1);
    expect(await noticesOf(deps.db, purchase._id)).toMatchObject({
      order_created_sms: { status: 'sent' },
    });
  });

  it('a failing SMS provider is recorded as failed for that channel; the e-mail is still sent', async () => {
    const { deps, purchase } = await transferOrder();
    fakes.twilio.failNext(3);
    await sendOrderNotice(deps, notice(purchase._id), { backoffMs: 5 });

    expect(fakes.smtp.mails).toHaveLength(1);
    expect(await noticesOf(deps.db, purchase._id)).toMatchObject({
      order_created_email: { status: 'sent' },
      order_created_sms: { status: 'failed' },
    });
  });
});
