// Twilio's side of WhatsApp against the api: status callbacks count only when Twilio
// signed them, a WhatsApp message that fails for good sends its SMS once, the ticket's
// media link opens without cookies while a forged or expired one is a 404, and Ajustes
// refuses a template id, a landline or a foreign number with Spanish that says why.
import { WHATSAPP_TEXTS } from '@vag/contracts';
import { insertPurchase, type PurchaseDoc } from '@vag/core/db/purchases';
import { purchaseDeliveries, recordDelivery } from '@vag/core/messaging/deliveries';
import { ticketMediaToken, TICKET_LINK_TTL_MS } from '@vag/core/messaging/ticket-link';
import { postTwilioMessage } from '@vag/core/messaging/twilio-rest';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { twilioSignature } from '@vag/core/testing/fakes/twilio';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeRaffle, postJson } from '../../payments/test-fixtures';
import { createStaff } from '../../testing/seed';
import { startTestServer, type TestServer } from '../../testing/server';

let fakes: FakeProviders;
let server: TestServer;
let admin: string;
const TEMPLATE = `HX${'ab12'.repeat(8)}`;

beforeAll(async () => {
  fakes = await startFakeProviders();
  server = await startTestServer({ env: fakes.env });
  admin = (await createStaff(server.db, { role: 'admin' })).token;
  await activeRaffle(server.db);
});
afterAll(async () => {
  await server?.stop();
  await fakes?.stop();
});

async function paid(): Promise<PurchaseDoc> {
  const now = new Date();
  const doc: PurchaseDoc = {
    _id: randomUUID(),
    raffleId: 'current',
    createdAt: now,
    updatedAt: now,
    buyer: {
      firstName: 'Lucía',
      lastName: 'Andrade',
      email: `lucia-${randomUUID().slice(0, 6)}@example.com`,
      phone: '+593987654321',
      country: 'ECUADOR',
      address: 'Calle 10',
      city: 'Cuenca',
      province: 'Azuay',
    },
    resellerCode: null,
    orderCode: `VAG-${Array.from({ length: 6 }, () => 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'[Math.floor(Math.random() * 31)]).join('')}`,
    accessKey: randomUUID(),
    quantity: 2,
    unitPrice: 2,
    totalPrice: 4,
    paymentMethod: 'bank_transfer',
    status: 'COMPLETED',
    packageId: null,
    packageData: { name: 'Personalizado', quantity: 2, price: 4 },
    packageType: 'custom',
    reservation: { active: false, expiresAt: now },
    paidAt: now,
    assignedNumbers: ['0042', '0815'],
    messaging: { channel: 'whatsapp', optIn: { text: 'Acepto', at: now } },
  };
  await insertPurchase(server.db, doc);
  return doc;
}

const callbackUrl = () => `${server.url}/api/message-status`;

function postCallback(params: Record<string, string>, signature: string) {
  return fetch(callbackUrl(), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signature,
    },
    body: new URLSearchParams(params).toString(),
  });
}

async function sentWhatsapp(purchaseId: string, to = '+593987654321') {
  const sid = await postTwilioMessage(
    fakes.env as never,
    {
      kind: 'whatsapp',
      to,
      from: '+14155238886',
      contentSid: TEMPLATE,
      variables: { '1': 'Lucía' },
    },
    callbackUrl(),
  );
  await recordDelivery(server.db, {
    _id: sid,
    purchaseId,
    message: 'numbers',
    channel: 'whatsapp',
    to,
    fallbackSid: null,
    fallbackSms: { to, body: 'Tus numeros: 0042, 0815' },
  });
  return sid;
}

describe('status callbacks', () => {
  it('records what a signed callback reports and refuses a forged one', async () => {
    fakes.twilio.approveTemplate(TEMPLATE, { body: 'Hola {{1}}' });
    const purchase = await paid();
    const sid = await sentWhatsapp(purchase._id);
    expect(await fakes.twilio.reportStatus(sid, 'sent')).toBe(204);
    expect(await fakes.twilio.reportStatus(sid, 'read')).toBe(204);
    // A late 'delivered' after 'read' is kept in the history, not as the state.
    expect(await fakes.twilio.reportStatus(sid, 'delivered')).toBe(204);

    const params = { MessageSid: sid, MessageStatus: 'failed', ErrorCode: '63003' };
    const forged = twilioSignature('not-the-auth-token', callbackUrl(), params);
    expect((await postCallback(params, forged)).status).toBe(403);
    // The right signature over other parameters is no signature either.
    const other = twilioSignature(fakes.twilio.authToken, callbackUrl(), {
      ...params,
      ErrorCode: '1',
    });
    expect((await postCallback(params, other)).status).toBe(403);

    const [delivery] = await purchaseDeliveries(server.db, purchase._id);
    expect(delivery).toMatchObject({ status: 'read', channel: 'whatsapp', errorCode: null });
    expect(delivery!.history.map((h) => h.status)).toEqual(['queued', 'sent', 'read', 'delivered']);

    const res = await fetch(`${server.url}/api/admin/whatsapp/deliveries/${purchase._id}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(await res.json()).toMatchObject([{ sid, status: 'read', channel: 'whatsapp' }]);
  });

  it("the dashboard's rate per channel counts today's delivered and read messages", async () => {
    fakes.twilio.approveTemplate(TEMPLATE, { body: 'Hola {{1}}' });
    const rates = async () => {
      const res = await fetch(`${server.url}/api/admin/whatsapp/rates`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      return (await res.json()) as Array<{ channel: string; total: number; delivered: number }>;
    };
    const before = (await rates()).find((r) => r.channel === 'whatsapp')!;
    const purchase = await paid();
    const delivered = await sentWhatsapp(purchase._id);
    await sentWhatsapp(purchase._id);
    await fakes.twilio.reportStatus(delivered, 'delivered');
    const after = (await rates()).find((r) => r.channel === 'whatsapp')!;
    expect(after.total - before.total).toBe(2);
    expect(after.delivered - before.delivered).toBe(1);
  });

  it('a WhatsApp message that fails for good goes by SMS once, however often Twilio says so', async () => {
    fakes.twilio.approveTemplate(TEMPLATE, { body: 'Hola {{1}}' });
    const purchase = await paid();
    const sid = await sentWhatsapp(purchase._id, '+593991112233');
    const before = fakes.twilio.messages.length;
    await Promise.all([
      fakes.twilio.reportStatus(sid, 'failed', 63016),
      fakes.twilio.reportStatus(sid, 'failed', 63016),
    ]);
    await fakes.twilio.reportStatus(sid, 'undelivered', 63016);
    const sms = fakes.twilio.messages.slice(before);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({
      channel: 'sms',
      to: '+593991112233',
      body: 'Tus numeros: 0042, 0815',
    });
    const records = await purchaseDeliveries(server.db, purchase._id);
    expect(records.map((r) => [r.channel, r.status])).toEqual([
      ['whatsapp', 'undelivered'],
      ['sms', 'queued'],
    ]);
    expect(records[0]!.fallbackSid).toBe(records[1]!._id);
  });
});

describe('the ticket as WhatsApp media', () => {
  it('opens without cookies or order key; WhatsApp fetching the template media gets the PDF', async () => {
    const purchase = await paid();
    const token = await ticketMediaToken(server.db, purchase._id);
    const res = await fetch(`${server.url}/api/whatsapp/ticket/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const media = `HX${'cd34'.repeat(8)}`;
    fakes.twilio.approveTemplate(media, {
      body: 'Hola {{1}}, tus números',
      mediaUrl: `${server.url}/api/whatsapp/ticket/{{2}}`,
    });
    await postTwilioMessage(
      fakes.env as never,
      {
        kind: 'whatsapp',
        to: '+593987654321',
        from: '+14155238886',
        contentSid: media,
        variables: { '1': 'Lucía', '2': token },
      },
      null,
    );
    const fetched = fakes.twilio.messages.at(-1)!.media!;
    expect(fetched).toMatchObject({ status: 200, contentType: 'application/pdf' });
    expect(fetched.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a forged, altered or expired link is a 404', async () => {
    const purchase = await paid();
    const token = await ticketMediaToken(server.db, purchase._id);
    const [id, expires, sig] = token.split('.');
    const other = Buffer.from(randomUUID()).toString('base64url');
    const expired = await ticketMediaToken(
      server.db,
      purchase._id,
      new Date(Date.now() - TICKET_LINK_TTL_MS - 60_000),
    );
    const later = (parseInt(expires!, 36) + 3600).toString(36);
    for (const bad of [
      `${other}.${expires}.${sig}.pdf`,
      `${id}.${later}.${sig}.pdf`,
      `${id}.${expires}.${'A'.repeat(43)}.pdf`,
      expired,
      'nada.pdf',
    ]) {
      const res = await fetch(`${server.url}/api/whatsapp/ticket/${bad}`);
      expect(res.status, bad).toBe(404);
      expect(await res.json()).toEqual({ msg: WHATSAPP_TEXTS.ticketLinkInvalid });
    }
  });
});

describe('Ajustes: WhatsApp', () => {
  const put = (body: unknown) =>
    postJson(`${server.url}/api/admin/whatsapp`, body, { authorization: `Bearer ${admin}` }, 'PUT');
  const test = (body: unknown) =>
    postJson(`${server.url}/api/admin/whatsapp/test`, body, { authorization: `Bearer ${admin}` });

  it('refuses a template id that is not a content SID, and keeps the settings as they were', async () => {
    const res = await put({ from: '+14155238886', templates: { numbers: 'plantilla_numeros' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(WHATSAPP_TEXTS.templateInvalid);
    const bad = await put({ from: 'mi número', templates: {} });
    expect(JSON.stringify(bad.body)).toContain(WHATSAPP_TEXTS.senderInvalid);
  });

  it('sends a test to an Ecuadorian mobile, and says why a landline or a foreign number will not do', async () => {
    fakes.twilio.approveTemplate(TEMPLATE, { body: 'Hola {{1}}, números {{2}}' });
    expect((await put({ from: '+14155238886', templates: { numbers: TEMPLATE } })).status).toBe(
      200,
    );
    const landline = await test({ message: 'numbers', phone: '022345678' });
    expect(landline.status).toBe(400);
    expect(JSON.stringify(landline.body)).toContain(WHATSAPP_TEXTS.testPhoneLandline);
    const foreign = await test({ message: 'numbers', phone: '+14155550100' });
    expect(JSON.stringify(foreign.body)).toContain(WHATSAPP_TEXTS.testPhoneForeign);
    const missing = await test({ message: 'winner', phone: '0987654321' });
    expect(JSON.stringify(missing.body)).toContain(WHATSAPP_TEXTS.testTemplateMissing);

    const ok = await test({ message: 'numbers', phone: '098 765 4321' });
    expect(ok.status).toBe(200);
    expect(fakes.twilio.messages.at(-1)).toMatchObject({
      channel: 'whatsapp',
      to: 'whatsapp:+593987654321',
      contentSid: TEMPLATE,
      body: 'Hola Ana, números 0042, 0815, 1234',
    });
  });
});
