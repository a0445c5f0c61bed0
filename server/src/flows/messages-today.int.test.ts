// The dashboard's "Mensajes de hoy" (SPEC §2) counts every message the product sent today
// in Ecuador, on every channel: the numbers e-mail through SMTP and the SMS through Twilio
// of real purchases, not only the messages Twilio reported on; a message sent before
// midnight in Guayaquil belongs to yesterday.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeRaffle, customOrder, numbersOf, postJson } from '@vag/api/payments/test-fixtures';
import { bearer, createStaff } from '@vag/api/testing/seed';
import { countSentMessage } from '@vag/core/messaging/message-counts';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { waitFor } from '@vag/core/testing/wait';
import { startTestServer, type TestServer } from '../testing/server';

let fakes: FakeProviders;
let server: TestServer;
let api: string;
let admin: string;
let reseller: string;

beforeAll(async () => {
  fakes = await startFakeProviders();
  server = await startTestServer({ env: fakes.env });
  api = `${server.url}/api`;
  admin = (await createStaff(server.db, { role: 'admin' })).token;
  reseller = (await createStaff(server.db, { role: 'reseller' })).token;
  await activeRaffle(server.db, { totalNumbers: 500, pricePerNumber: 1 });
});
afterAll(async () => {
  await server?.stop();
  await fakes?.stop();
});

interface ChannelToday {
  channel: string;
  sent: number;
}

async function today(token: string, base = api): Promise<Record<string, number>> {
  const res = await fetch(`${base}/admin/whatsapp/rates`, { headers: bearer(token) });
  expect(res.status).toBe(200);
  const rows = (await res.json()) as ChannelToday[];
  return Object.fromEntries(rows.map((r) => [r.channel, r.sent]));
}

async function paidPurchase(quantity: number, on: TestServer = server): Promise<void> {
  const created = await postJson(
    `${on.url}/api/payments/create-order`,
    customOrder('paypal', quantity, 1),
  );
  expect(created.status).toBe(201);
  const orderId = new URL(created.body.approveUrl).searchParams.get('token')!;
  fakes.paypal.approve(orderId);
  expect((await postJson(`${on.url}/api/payments/capture-order`, { orderId })).status).toBe(200);
  await numbersOf(on.db, created.body.purchaseId);
}

describe("today's messages on the dashboard", () => {
  it('counts every e-mail and SMS the purchases sent, for admin and reseller alike', async () => {
    const before = await today(admin);
    const mailsBefore = fakes.smtp.mails.length;
    const smsBefore = fakes.twilio.messages.length;
    for (const quantity of [1, 2, 3]) await paidPurchase(quantity);
    // Each paid purchase sends its numbers by e-mail and by SMS.
    await waitFor(
      () =>
        fakes.smtp.mails.length - mailsBefore >= 3 && fakes.twilio.messages.length - smsBefore >= 3,
      { message: 'the purchases’ e-mails and SMS' },
    );
    const mails = fakes.smtp.mails.length - mailsBefore;
    const sms = fakes.twilio.messages.length - smsBefore;
    const after = await waitFor(
      async () => {
        const now = await today(admin);
        return now.email! - before.email! === mails && now.sms! - before.sms! === sms ? now : null;
      },
      { message: 'the counts to reach the messages sent' },
    );
    expect(after.whatsapp).toBe(before.whatsapp);
    expect(await today(reseller)).toEqual(after);
  });

  it('a message sent before midnight in Ecuador is yesterday’s, one after it today’s', async () => {
    const before = await today(admin);
    const now = new Date();
    // Midnight in Guayaquil (UTC−5 all year) that began today.
    const local = new Date(now.getTime() - 5 * 3600_000);
    local.setUTCHours(0, 0, 0, 0);
    const midnight = new Date(local.getTime() + 5 * 3600_000);
    const deps = server.deps;
    await countSentMessage(deps, 'whatsapp', new Date(midnight.getTime() - 60_000));
    await countSentMessage(deps, 'whatsapp', new Date(midnight.getTime() + 60_000));
    expect((await today(admin)).whatsapp).toBe(before.whatsapp! + 1);
  });

  it('without SMTP and Twilio, the messages written to the outbox log count too', async () => {
    // Only PayPal's fake: no SMTP_URL, no Twilio, so both messages go to outbox.log.
    const { SMTP_URL: _smtp, TWILIO_ACCOUNT_SID: _sid, ...env } = fakes.env;
    const local = await startTestServer({ env });
    try {
      const token = (await createStaff(local.db, { role: 'admin' })).token;
      await activeRaffle(local.db, { totalNumbers: 500, pricePerNumber: 1 });
      await paidPurchase(2, local);
      await waitFor(
        async () => {
          const now = await today(token, `${local.url}/api`);
          return now.email === 1 && now.sms === 1;
        },
        { message: 'the logged e-mail and SMS to be counted' },
      );
    } finally {
      await local.stop();
    }
  });
});
