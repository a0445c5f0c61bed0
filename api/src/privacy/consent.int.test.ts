// What a buyer agreed to is recorded with each order (document versions, time, channel,
// the separate marketing choice), the privacy notice gets a new version when the settings
// it is written from change, and a message's "Dejar de recibir noticias" link withdraws.
import { CONSENT_MESSAGES, TERMS_VERSION } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPurchase } from '@vag/core/db/purchases';
import { marketingConsentOf } from '@vag/core/privacy/marketing-consent';
import { unsubscribeToken } from '@vag/core/privacy/unsubscribe-token';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { activeRaffle, buyer, customOrder, postJson } from '../payments/test-fixtures';
import { staffToken } from '../testing/seed';
import { startTestServer, type TestServer } from '../testing/server';

let fakes: FakeProviders;
let server: TestServer;
let api: string;

beforeAll(async () => {
  fakes = await startFakeProviders();
  server = await startTestServer({ env: fakes.env });
  api = `${server.url}/api`;
  await activeRaffle(server.db, { totalNumbers: 50, pricePerNumber: 2 });
});
afterAll(async () => {
  await server?.stop();
  await fakes?.stop();
});

const orderFor = (email: string, consent?: unknown) =>
  customOrder('bank_transfer', 1, 2, {
    buyer: { ...buyer({ email, confirmEmail: email }), paymentProvider: 'bank_transfer' },
    ...(consent === undefined ? {} : { consent: consent as { marketing: boolean } }),
  });

const noticeVersion = async () =>
  ((await (await fetch(`${api}/privacy-notice`)).json()) as { version: string }).version;

describe('consent recorded with each order', () => {
  it('POST /api/payments/create-order stores the terms and notice versions, the time and the web channel, marketing off unless chosen', async () => {
    const before = Date.now();
    const res = await postJson(
      `${api}/payments/create-order`,
      orderFor('sin.noticias@example.com'),
    );
    expect(res.status).toBe(201);
    const purchase = await getPurchase(server.db, res.body.purchaseId);
    expect(purchase?.consent).toMatchObject({
      termsVersion: TERMS_VERSION,
      privacyVersion: await noticeVersion(),
      channel: 'web',
      marketing: false,
    });
    expect(purchase!.consent!.acceptedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(await marketingConsentOf(server.db, 'sin.noticias@example.com')).toBeNull();
  });

  it('a ticked marketing choice is stored on the purchase and for the e-mail', async () => {
    const res = await postJson(
      `${api}/payments/create-order`,
      orderFor('Noticias@Example.com', { marketing: true }),
    );
    expect(res.status).toBe(201);
    expect((await getPurchase(server.db, res.body.purchaseId))?.consent?.marketing).toBe(true);
    expect(await marketingConsentOf(server.db, 'noticias@example.com')).toMatchObject({
      granted: true,
      source: 'checkout',
    });
  });

  it('the order page, linked from every phone message, offers the withdrawal only to a buyer who asked for news', async () => {
    const orderPage = async (order: { purchaseId: string; orderUrl: string }) => {
      const key = new URL(order.orderUrl, api).searchParams.get('key')!;
      const res = await fetch(`${api}/orders/${order.purchaseId}?key=${key}`);
      return (await res.json()) as { unsubscribeToken?: string };
    };
    const quiet = await postJson(`${api}/payments/create-order`, orderFor('callada@example.com'));
    expect((await orderPage(quiet.body)).unsubscribeToken).toBeUndefined();

    const email = 'con.noticias@example.com';
    const asked = await postJson(
      `${api}/payments/create-order`,
      orderFor(email, { marketing: true }),
    );
    const { unsubscribeToken: token } = await orderPage(asked.body);
    expect(token).toBe(await unsubscribeToken(server.db, email));
    expect((await postJson(`${api}/unsubscribe`, { t: token })).status).toBe(200);
    expect(await marketingConsentOf(server.db, email)).toMatchObject({ granted: false });
  });

  it("answers 400 'Indica si quieres recibir noticias…' for a marketing choice that is not yes or no", async () => {
    const res = await postJson(
      `${api}/payments/create-order`,
      orderFor('raro@example.com', { marketing: 'sí' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      'consent.marketing': CONSENT_MESSAGES.marketingInvalid,
    });
  });

  it('an order placed by a reseller or an admin names that channel', async () => {
    const reseller = await staffToken(server.deps, 'reseller');
    const admin = await staffToken(server.deps, 'admin');
    const byReseller = await postJson(
      `${api}/payments/create-order`,
      orderFor('por.revendedor@example.com', { marketing: true }),
      reseller.auth,
    );
    const byStaff = await postJson(
      `${api}/payments/create-order`,
      orderFor('por.equipo@example.com'),
      admin.auth,
    );
    expect((await getPurchase(server.db, byReseller.body.purchaseId))?.consent?.channel).toBe(
      'reseller',
    );
    expect((await getPurchase(server.db, byStaff.body.purchaseId))?.consent?.channel).toBe('staff');
    expect((await marketingConsentOf(server.db, 'por.revendedor@example.com'))?.source).toBe(
      'reseller',
    );
  });
});

describe('privacy notice versions', () => {
  it('PUT /api/settings/current with new organizer data publishes the next version; saving the same again does not', async () => {
    const { auth } = await staffToken(server.deps, 'admin');
    const first = Number(await noticeVersion());
    const organizer = { legalName: 'Rifas del Pacífico S.A.', dpoName: 'Lucía Andrade' };
    const save = () => postJson(`${api}/settings/current`, { organizer }, auth, 'PUT');
    expect((await save()).status).toBe(200);
    expect(await noticeVersion()).toBe(String(first + 1));
    expect((await save()).status).toBe(200);
    expect(await noticeVersion()).toBe(String(first + 1));

    const notice = (await (await fetch(`${api}/privacy-notice`)).json()) as { sections: unknown };
    expect(JSON.stringify(notice.sections)).toContain('Responsable: Rifas del Pacífico S.A.');
    const res = await postJson(`${api}/payments/create-order`, orderFor('despues@example.com'));
    expect((await getPurchase(server.db, res.body.purchaseId))?.consent?.privacyVersion).toBe(
      String(first + 1),
    );
  });

  it('names WhatsApp (Meta) among who receives the data once a WhatsApp sender is saved', async () => {
    const { auth } = await staffToken(server.deps, 'admin');
    const noticeText = async () =>
      JSON.stringify(await (await fetch(`${api}/privacy-notice`)).json());
    expect(await noticeText()).not.toContain('Meta');
    const before = Number(await noticeVersion());
    const save = await postJson(
      `${api}/admin/whatsapp`,
      { from: '+14155238886', templates: {} },
      auth,
      'PUT',
    );
    expect(save.status).toBe(200);
    expect(await noticeVersion()).toBe(String(before + 1));
    expect(await noticeText()).toContain('WhatsApp de Meta Platforms');
  });
});

describe('POST /api/unsubscribe', () => {
  it("withdraws the marketing consent of the link's e-mail and says so", async () => {
    await postJson(
      `${api}/payments/create-order`,
      orderFor('baja@example.com', { marketing: true }),
    );
    const t = await unsubscribeToken(server.db, 'baja@example.com');
    const res = await postJson(`${api}/unsubscribe`, { t });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe(CONSENT_MESSAGES.unsubscribed('baja@example.com'));
    expect(await marketingConsentOf(server.db, 'baja@example.com')).toMatchObject({
      granted: false,
      source: 'unsubscribe_link',
    });
  });

  it('the link names nobody, and once expired says so and changes nothing', async () => {
    const email = 'vence@example.com';
    await postJson(`${api}/payments/create-order`, orderFor(email, { marketing: true }));
    const t = await unsubscribeToken(server.db, email);
    expect(t).not.toContain(Buffer.from(email).toString('base64url'));
    expect(t).not.toContain(email);
    await server.db
      .collection('unsubscribe_links')
      .updateOne({ _id: t as never }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await postJson(`${api}/unsubscribe`, { t });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(CONSENT_MESSAGES.unsubscribeExpired);
    expect((await marketingConsentOf(server.db, email))?.granted).toBe(true);
  });

  it("answers 400 'Este enlace … no es válido' for a token we did not sign, and changes nothing", async () => {
    const forged = `${Buffer.from('otro@example.com').toString('base64url')}.firma-falsa`;
    await postJson(
      `${api}/payments/create-order`,
      orderFor('otro@example.com', { marketing: true }),
    );
    const res = await postJson(`${api}/unsubscribe`, { t: forged });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(CONSENT_MESSAGES.unsubscribeInvalid);
    expect((await marketingConsentOf(server.db, 'otro@example.com'))?.granted).toBe(true);
  });
});
