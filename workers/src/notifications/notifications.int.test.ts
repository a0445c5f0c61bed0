// The notifications worker against a real SMTP server and a local Twilio: one e-mail and
// one SMS per purchase however often numbers.assigned arrives; failures kept for staff.
// The messages of an unpaid transfer order likewise go out once per notice and channel,
// and a channel a dead sender held is taken over once its lease ran out.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getPurchase } from '@vag/core/db/purchases';
import { currentSettings } from '@vag/core/settings/live-settings';
import { RequestPathFirst } from '@vag/core/pipeline/request-path-first';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { waitFor } from '@vag/core/testing/wait';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { numbersAssigned, paidPurchase, workerDeps } from '../testing/pipeline-fixtures';
import type { Db } from 'mongodb';
import { handleNotificationsMessage, startNotificationsWorker } from './index';
import { ChannelBusyError } from './notify';
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
      'premio instantáneo de $25,00',
      'Total: $6,00',
      // The draw comes as the terms say: at the end date, or earlier on a sellout.
      'en la fecha de cierre, o antes si se venden todos los números',
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

  it('a sender slower than its lease keeps renewing it: a redelivery meanwhile finds the channels held, each message goes once', async () => {
    // Providers that take 1.5 s per message against a 300 ms lease: without renewals the
    // redelivery would take the lapsed claim over and send both messages again.
    const slow = await startFakeProviders({ messageDelayMs: 1500 });
    cleanups.push(() => slow.stop());
    const deps = await setup(slow.env);
    const purchase = await paidPurchase(deps);
    const message = numbersAssigned(purchase, ['0007']);
    const options = { leaseMs: 300 };

    const first = handleNotificationsMessage(deps, message, options);
    const claimedUntil = async () =>
      (await getPurchase(deps.db, purchase._id))?.notifications?.email?.claimedUntil?.getTime();
    const firstLease = await waitFor(claimedUntil, { message: 'the claim' });
    await waitFor(async () => ((await claimedUntil()) ?? 0) > firstLease + 300, {
      message: 'a renewal past the first lease',
    });
    await expect(handleNotificationsMessage(deps, message, options)).rejects.toBeInstanceOf(
      ChannelBusyError,
    );
    await first;

    expect(slow.smtp.mails).toHaveLength(1);
    expect(slow.twilio.messages).toHaveLength(1);
    expect((await getPurchase(deps.db, purchase._id))?.notifications).toMatchObject({
      email: { status: 'sent', attempts: 1, claimedUntil: null },
      sms: { status: 'sent', attempts: 1, claimedUntil: null },
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
      sms: {
        status: 'failed',
        attempts: 3,
        lastError: expect.stringContaining('Internal Server Error'),
      },
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
    // The SMS stays plain GSM-7 (no accents: one segment holds more numbers).
    expect(lines.find((l) => l.channel === 'sms').body).toContain('Tus numeros: 0003');
  });

  it('a buyer who chose WhatsApp reads its words in full Spanish, accents and ¡ included', async () => {
    const deps = await setup({});
    const purchase = await paidPurchase(deps, {
      messaging: { channel: 'whatsapp', optIn: { text: 'Acepto', at: new Date() } },
    });
    await handleNotificationsMessage(deps, numbersAssigned(purchase, ['0003', '0004']));
    const lines = readFileSync(path.join(deps.env.DATA_DIR, 'outbox.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const whatsapp = lines.find((l) => l.channel === 'whatsapp');
    expect(whatsapp.body).toContain('Tus números: 0003');
    expect(whatsapp.body).toContain('¡Suerte!');
  });
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
  it("the order e-mail whose subject says 'datos para la transferencia' carries the bank accounts", async () => {
    const { deps, purchase } = await transferOrder();
    // Seeded from the environment first (the fake SMTP), then the operator adds an account.
    await currentSettings(deps);
    await deps.db.collection('settings').updateOne(
      {},
      {
        $set: {
          bankAccounts: [
            {
              bank: 'Banco Pichincha',
              type: 'Ahorros',
              number: '2200112233',
              holder: 'Voy a Ganar S.A.',
              holderId: '1790012345001',
            },
          ],
        },
      },
    );
    deps.settings.forget();
    await sendOrderNotice(deps, notice(purchase._id));
    await waitFor(() => fakes.smtp.mails.length === 1, { message: 'the order e-mail' });
    const mail = fakes.smtp.mails[0]!;
    expect(mail.text).toContain('datos para la transferencia');
    for (const text of [
      'Banco Pichincha',
      'Ahorros',
      '2200112233',
      'Voy a Ganar S.A.',
      '1790012345001',
    ])
      expect(mail.text).toContain(text);
    // The hold's end says which clock it is on.
    expect(mail.text).toMatch(
      /reservado hasta el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(hora de Ecuador\)/,
    );
  });

  it('a rejection reason that ends in a period is not followed by a second one', async () => {
    const { deps, purchase } = await transferOrder();
    await sendOrderNotice(deps, {
      purchaseId: purchase._id,
      noticeId: 'receipt_rejected-1',
      kind: 'receipt_rejected',
      reason: 'El monto no coincide ($9,50).',
    });
    await waitFor(() => fakes.smtp.mails.length === 1 && fakes.twilio.messages.length === 1, {
      message: 'the rejection e-mail and SMS',
    });
    expect(fakes.smtp.mails[0]!.text).toContain('Motivo: El monto no coincide ($9,50). Tus');
    expect(fakes.smtp.mails[0]!.text).not.toContain('..');
    expect(fakes.twilio.messages[0]!.body).not.toContain('..');
  });

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

  it("an unpaid order's messages reach one buyer for one order an hour: another order in the same name sends nothing and is marked throttled", async () => {
    const { deps, purchase } = await transferOrder();
    const second = await paidPurchase(deps, {
      status: 'PENDING',
      paymentMethod: 'bank_transfer',
      orderCode: 'VAG-8RZ5NP',
      accessKey: 'm'.repeat(32),
      buyer: { ...purchase.buyer, email: purchase.buyer.email.toUpperCase() },
    });
    await sendOrderNotice(deps, notice(purchase._id));
    await sendOrderNotice(deps, notice(second._id));
    // The order that holds the hour goes on getting its own messages.
    await sendOrderNotice(deps, {
      purchaseId: purchase._id,
      noticeId: 'reminder',
      kind: 'reminder',
    });

    expect(fakes.smtp.mails).toHaveLength(2);
    expect(fakes.smtp.mails.every((m) => m.text.includes('VAG-7QX4KM'))).toBe(true);
    expect(fakes.twilio.messages).toHaveLength(2);
    expect(fakes.twilio.messages.some((m) => m.body.includes('VAG-8RZ5NP'))).toBe(false);
    expect(await noticesOf(deps.db, second._id)).toMatchObject({
      order_created_email: { status: 'throttled' },
      order_created_sms: { status: 'throttled' },
    });

    // A rejected receipt answers the buyer's own receipt: it always goes out.
    await sendOrderNotice(deps, {
      purchaseId: second._id,
      noticeId: 'rejected-1',
      kind: 'receipt_rejected',
      reason: 'El monto no coincide',
    });
    expect(fakes.smtp.mails.some((m) => m.text.includes('VAG-8RZ5NP'))).toBe(true);

    // Another buyer is not held back by this one.
    const other = await paidPurchase(deps, {
      status: 'PENDING',
      paymentMethod: 'bank_transfer',
      orderCode: 'VAG-9TW3HJ',
      accessKey: 'n'.repeat(32),
      buyer: { ...purchase.buyer, email: 'otra.persona@example.com', phone: '0991112222' },
    });
    await sendOrderNotice(deps, notice(other._id));
    expect(fakes.smtp.mails.some((m) => m.text.includes('VAG-9TW3HJ'))).toBe(true);
    expect(fakes.twilio.messages.some((m) => m.body.includes('VAG-9TW3HJ'))).toBe(true);
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

describe('beside the api (the embedded default)', () => {
  it('while buyers buy on a busy box the e-mails go out one at a time; once the sale calms down, side by side', async () => {
    // Mail servers that take 400 ms per message: the sends overlap unless held back.
    const providers = await startFakeProviders({ messageDelayMs: 400 });
    cleanups.push(() => providers.stop());
    const deps = await setup(providers.env);
    const box = { t: 0, busy: 0.97 };
    const requestPath = new RequestPathFirst({ now: () => box.t, cpuBusy: () => box.busy });
    const worker = await startNotificationsWorker({ ...deps, requestPath });
    cleanups.push(() => worker.stop());
    const sell = async (count: number) => {
      const purchases = await Promise.all(Array.from({ length: count }, () => paidPurchase(deps)));
      await deps.bus.publish(purchases.map((p) => numbersAssigned(p, ['0042'])));
    };

    // A sale on a box out of CPU: the purchase requests of a few windows.
    for (let window = 0; window < 6; window++) {
      for (let i = 0; i < 40; i++) requestPath.requestServed();
      box.t += 500;
    }
    await sell(4);
    await waitFor(() => providers.smtp.mails.length === 4, { message: 'the sale’s 4 e-mails' });
    expect(providers.smtp.mostAtOnce()).toBe(1);

    // The sale calms down: the box has CPU to spare again.
    box.busy = 0.3;
    box.t += 10_000;
    providers.smtp.resetMostAtOnce();
    await sell(4);
    await waitFor(() => providers.smtp.mails.length === 8, { message: '4 e-mails more' });
    expect(providers.smtp.mostAtOnce()).toBeGreaterThan(1);
    expect(providers.twilio.messages).toHaveLength(8);
  });
});
