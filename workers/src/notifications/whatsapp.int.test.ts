// The numbers message on the buyer's chosen channel: WhatsApp by the operator's approved
// template (ContentSid + ContentVariables, `whatsapp:` From and To, the ticket's signed
// link as media), SMS once when WhatsApp refuses for good, SMS as before for a buyer who
// chose it, and the outbox log marked 'whatsapp' without Twilio. Never twice.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getPurchase } from '@vag/core/db/purchases';
import { purchaseDeliveries } from '@vag/core/messaging/deliveries';
import { saveWhatsappSettings } from '@vag/core/messaging/whatsapp-settings';
import { purchaseOfTicketToken } from '@vag/core/messaging/ticket-link';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { numbersAssigned, paidPurchase, workerDeps } from '../testing/pipeline-fixtures';
import { handleNotificationsMessage } from './index';
import { sendOrderNotice } from './order-notices';
import { notifyDraw } from './draw-notices';

const TEMPLATE = `HX${'0f'.repeat(16)}`;
const WHATSAPP = { channel: 'whatsapp' as const, optIn: { text: 'Acepto', at: new Date() } };

let fakes: FakeProviders;
const cleanups: Array<() => Promise<void>> = [];
beforeEach(async () => {
  fakes = await startFakeProviders();
  cleanups.push(() => fakes.stop());
  fakes.twilio.approveTemplate(TEMPLATE, { body: 'Hola {{1}}, tus números: {{2}}. {{3}}' });
});
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(env: Record<string, string>) {
  const w = await workerDeps(env);
  cleanups.push(w.stop);
  await saveWhatsappSettings(w.deps.db, { from: '+14155238886', templates: { numbers: TEMPLATE } });
  return w.deps;
}

describe('numbers by WhatsApp', () => {
  it('goes once by template to the whatsapp: number, with the signed ticket token, however often the event comes', async () => {
    const deps = await setup(fakes.env);
    const purchase = await paidPurchase(deps, { messaging: WHATSAPP });
    const message = numbersAssigned(purchase, ['0042', '0815']);
    await Promise.allSettled([
      handleNotificationsMessage(deps, message),
      handleNotificationsMessage(deps, message),
    ]);
    await handleNotificationsMessage(deps, message);

    expect(fakes.twilio.messages).toHaveLength(1);
    const sent = fakes.twilio.messages[0]!;
    expect(sent).toMatchObject({
      channel: 'whatsapp',
      to: 'whatsapp:+593987654321',
      from: 'whatsapp:+14155238886',
      contentSid: TEMPLATE,
    });
    expect(sent.body).toMatch(/^Hola Lucía, tus números: 0042, 0815\. http/);
    expect(await purchaseOfTicketToken(deps.db, sent.contentVariables!['4']!)).toBe(purchase._id);
    expect((await getPurchase(deps.db, purchase._id))?.notifications?.sms).toMatchObject({
      status: 'sent',
      via: 'whatsapp',
    });
    expect(await purchaseDeliveries(deps.db, purchase._id)).toMatchObject([
      { channel: 'whatsapp', status: 'queued', message: 'numbers' },
    ]);
  });

  it('a number not on WhatsApp (63003) gets the SMS instead, once, without retrying WhatsApp', async () => {
    const deps = await setup(fakes.env);
    const purchase = await paidPurchase(deps, { messaging: WHATSAPP });
    fakes.twilio.failWhatsappTo('+593987654321', 63003);
    await handleNotificationsMessage(deps, numbersAssigned(purchase, ['0007']), { backoffMs: 5 });
    await handleNotificationsMessage(deps, numbersAssigned(purchase, ['0007']), { backoffMs: 5 });

    expect(fakes.twilio.messages).toHaveLength(1);
    expect(fakes.twilio.messages[0]).toMatchObject({ channel: 'sms', to: '+593987654321' });
    expect(fakes.twilio.messages[0]!.body).toContain('0007');
    expect((await getPurchase(deps.db, purchase._id))?.notifications?.sms).toMatchObject({
      status: 'sent',
      attempts: 1,
      via: 'sms',
    });
  });

  it('a passing WhatsApp failure (500) is retried on WhatsApp, not sent by SMS', async () => {
    const deps = await setup(fakes.env);
    const purchase = await paidPurchase(deps, { messaging: WHATSAPP });
    fakes.twilio.failNext(1);
    await handleNotificationsMessage(deps, numbersAssigned(purchase, ['0009']), { backoffMs: 5 });
    const phone = fakes.twilio.messages;
    expect(phone).toHaveLength(1);
    expect(phone[0]!.channel).toBe('whatsapp');
  });

  it('a buyer who chose SMS gets the SMS as before', async () => {
    const deps = await setup(fakes.env);
    const purchase = await paidPurchase(deps, { messaging: { channel: 'sms', optIn: null } });
    await handleNotificationsMessage(deps, numbersAssigned(purchase, ['0011']));
    expect(fakes.twilio.messages.map((m) => m.channel)).toEqual(['sms']);
  });

  it('without Twilio the message goes to the outbox log marked whatsapp, with its template and variables', async () => {
    const deps = await setup({});
    const purchase = await paidPurchase(deps, { messaging: WHATSAPP });
    await handleNotificationsMessage(deps, numbersAssigned(purchase, ['0003', '0010']));
    const lines = readFileSync(path.join(deps.env.DATA_DIR, 'outbox.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.channel).sort()).toEqual(['email', 'whatsapp']);
    expect(lines.find((l) => l.channel === 'whatsapp')).toMatchObject({
      to: '+593987654321',
      template: 'numbers',
      variables: { '1': 'Lucía', '2': '0003, 0010' },
    });
    expect((await getPurchase(deps.db, purchase._id))?.notifications?.sms).toMatchObject({
      status: 'logged',
      via: 'whatsapp',
    });
  });
});

describe('order messages by WhatsApp', () => {
  it('a rejected receipt goes by its template with the reason and the order link, once', async () => {
    const deps = await setup(fakes.env);
    const rejected = `HX${'1a'.repeat(16)}`;
    fakes.twilio.approveTemplate(rejected, {
      body: '{{1}}, rechazamos el comprobante de {{2}}: {{3}}. {{4}}',
    });
    await saveWhatsappSettings(deps.db, {
      from: '+14155238886',
      templates: { numbers: TEMPLATE, receipt_rejected: rejected },
    });
    const purchase = await paidPurchase(deps, {
      status: 'PENDING',
      paymentMethod: 'bank_transfer',
      orderCode: 'VAG-7QX4KM',
      accessKey: 'k'.repeat(32),
      messaging: WHATSAPP,
    });
    const notice = {
      purchaseId: purchase._id,
      noticeId: 'receipt_rejected-1',
      kind: 'receipt_rejected' as const,
      reason: 'El monto no coincide',
    };
    await sendOrderNotice(deps, notice);
    await sendOrderNotice(deps, notice);
    expect(fakes.twilio.messages).toHaveLength(1);
    expect(fakes.twilio.messages[0]).toMatchObject({ channel: 'whatsapp', contentSid: rejected });
    expect(fakes.twilio.messages[0]!.body).toMatch(
      /^Lucía, rechazamos el comprobante de VAG-7QX4KM: El monto no coincide\. http.*\/pedido\?id=/,
    );
  });

  it('an order message without its own template goes by SMS', async () => {
    const deps = await setup(fakes.env);
    const purchase = await paidPurchase(deps, {
      status: 'PENDING',
      paymentMethod: 'bank_transfer',
      orderCode: 'VAG-7QX4KN',
      accessKey: 'k'.repeat(32),
      messaging: WHATSAPP,
    });
    await sendOrderNotice(deps, { purchaseId: purchase._id, noticeId: 'expired', kind: 'expired' });
    expect(fakes.twilio.messages.map((m) => m.channel)).toEqual(['sms']);
  });
});

describe('the draw by WhatsApp', () => {
  it('the winner gets the winner template, each other WhatsApp buyer the result with the /baja link, once; SMS buyers no new SMS', async () => {
    const deps = await setup(fakes.env);
    const winnerTemplate = `HX${'2b'.repeat(16)}`;
    const resultTemplate = `HX${'3c'.repeat(16)}`;
    fakes.twilio.approveTemplate(winnerTemplate, { body: '¡{{1}}, ganaste {{2}} con el {{3}}!' });
    fakes.twilio.approveTemplate(resultTemplate, {
      body: '{{1}}: {{2}} salió con el {{3}}. {{4}} Baja: {{5}}',
    });
    await saveWhatsappSettings(deps.db, {
      from: '+14155238886',
      templates: { winner: winnerTemplate, draw_result: resultTemplate },
    });
    const phones = ['0991000001', '0991000002', '0991000003', '0991000004'];
    const [winner, second, third, bySms] = await Promise.all(
      phones.map((phone, i) =>
        paidPurchase(deps, {
          buyer: {
            firstName: `Comprador${'ABCD'[i]}`,
            lastName: 'Prueba',
            email: `c${i}.${Date.now()}@correo.ec`,
            phone,
            country: 'ECUADOR',
            address: 'Calle 1',
            city: 'Quito',
            province: 'Pichincha',
          },
          messaging: i === 3 ? { channel: 'sms', optIn: null } : WHATSAPP,
        }),
      ),
    );
    const data = {
      raffleId: 'current',
      raffleRef: `current-${Date.now()}`,
      raffleName: 'Gran Rifa',
      prize: 'Un auto',
      result: { firstPrize: '12345', drawNumber: 7001, drawDate: '2026-11-28' },
      drawnNumber: '0345',
      winningNumber: '0345',
      winner: {
        purchaseId: winner!._id,
        orderCode: 'VAG-WIN234',
        firstName: winner!.buyer.firstName,
        lastName: winner!.buyer.lastName,
        email: winner!.buyer.email,
        phone: winner!.buyer.phone,
        city: 'Quito',
      },
    };
    await notifyDraw(deps, data);
    await notifyDraw(deps, data);

    const phone = fakes.twilio.messages;
    expect(phone.map((m) => m.to).sort()).toEqual(
      ['whatsapp:+593991000001', 'whatsapp:+593991000002', 'whatsapp:+593991000003'].sort(),
    );
    expect(phone.find((m) => m.to.endsWith('0001'))).toMatchObject({ contentSid: winnerTemplate });
    for (const buyer of [second!, third!]) {
      const sent = phone.find((m) => m.to === `whatsapp:${toE164(buyer.buyer.phone)}`)!;
      expect(sent.contentSid).toBe(resultTemplate);
      expect(sent.contentVariables!['5']).toMatch(/\/baja\?t=/);
    }
    expect(phone.some((m) => m.to.endsWith('0004'))).toBe(false);
    expect(bySms).toBeDefined();
  });
});

const toE164 = (phone: string) => `+593${phone.slice(1)}`;
