import { PERMISSIONS, SECRET_MASK, SERVER, organizerSchema } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSettings } from '@vag/core/db/settings';
import { MongoClient } from 'mongodb';
import { currentSettings, startSettingsReload } from '@vag/core/settings/live-settings';
import { withCoreServices } from '@vag/core/services';
import { TEST_BANK_ACCOUNT } from '../../testing/server';
import { waitFor } from '@vag/core/testing/wait';
import { type ApiCaller, startServerWithStaff } from '../../testing/seed';
import type { TestServer } from '../../testing/server';

let server: TestServer;
let call: ApiCaller;
let admin: string;
let reseller: string;
beforeAll(async () => ({ server, call, admin, reseller } = await startServerWithStaff()));
afterAll(async () => server?.stop());

const full = {
  email: 'info@voyaganar.ec',
  contactNumber: '+593 99 123 4567',
  mongoDBConnection: 'mongodb://usuario:clave@db.voyaganar.ec:27017/rifas',
  socialMedia: {
    facebook: 'https://facebook.com/voyaganar',
    instagram: 'https://instagram.com/voyaganar',
    tiktok: 'https://tiktok.com/@voyaganar',
  },
  payment: {
    stripeSecretKey: 'sk_test_51ABCDEF0000wxyz',
    stripePublishableKey: 'pk_test_123',
    paypalClientId: 'AYcliente',
    paypalSecret: 'EPsecreto987654',
  },
};

describe('settings', () => {
  it('PUT /api/settings/{id} saves the full object; GET shows the public part to visitors and masked secrets to staff', async () => {
    const { json: before } = await call('GET', '/settings');
    const saved = await call('PUT', `/settings/${before._id}`, { token: admin, body: full });
    expect(saved.status).toBe(200);
    expect(saved.json.payment.stripeSecretKey).toBe(`${SECRET_MASK}wxyz`);

    const visitor = await call('GET', '/settings');
    expect(visitor.json).toEqual({
      _id: before._id,
      id: before._id,
      email: full.email,
      contactNumber: full.contactNumber,
      socialMedia: full.socialMedia,
      bankAccounts: [TEST_BANK_ACCOUNT],
      whatsappNumber: expect.any(String),
      paymentMethods: { paypal: true, card: true, bank_transfer: true, mobile: false },
      maxPerOrder: 0,
      organizer: organizerSchema.parse({}),
      privacy: { retentionMonths: 12, winnerRetentionMonths: 60 },
    });
    const text = JSON.stringify(visitor.json);
    for (const secret of ['sk_test', 'EPsecreto', 'mongodb://', 'AYcliente'])
      expect(text).not.toContain(secret);

    const staff = await call('GET', '/settings', { token: admin });
    expect(staff.json.mongoDBConnection).toBe(`${SECRET_MASK}ifas`);
    expect(staff.json.payment).toMatchObject({
      stripeSecretKey: `${SECRET_MASK}wxyz`,
      stripePublishableKey: 'pk_test_123',
      paypalClientId: 'AYcliente',
      paypalSecret: `${SECRET_MASK}7654`,
    });

    // A reseller sees no part of a secret, not even its last characters.
    const resellerView = await call('GET', '/settings', { token: reseller });
    expect(resellerView.json.mongoDBConnection).toBe('');
    expect(resellerView.json.payment).toMatchObject({
      stripeSecretKey: '',
      stripePublishableKey: 'pk_test_123',
      paypalSecret: '',
    });
    const resellerText = JSON.stringify(resellerView.json);
    for (const hint of ['wxyz', '7654', 'ifas', SECRET_MASK])
      expect(resellerText).not.toContain(hint);
  });

  it('keeps stored secrets when the masked values come back, replaces them when new ones are sent', async () => {
    await call('PUT', '/settings/current', { token: admin, body: full });
    const { json: shown } = await call('GET', '/settings', { token: admin });
    await call('PUT', '/settings/current', {
      token: admin,
      body: {
        ...shown,
        email: 'ventas@voyaganar.ec',
        payment: { ...shown.payment, paypalSecret: 'nuevo-secreto-1234' },
      },
    });
    const stored = await getSettings(server.db);
    expect(stored.email).toBe('ventas@voyaganar.ec');
    expect(stored.mongoDBConnection).toBe(full.mongoDBConnection);
    expect(stored.payment.stripeSecretKey).toBe(full.payment.stripeSecretKey);
    expect(stored.payment.paypalSecret).toBe('nuevo-secreto-1234');
  });

  it('a visitor with an invalid token still gets the public settings', async () => {
    const res = await call('GET', '/settings', { token: 'forjado' });
    expect(res.status).toBe(200);
    expect(res.json).not.toHaveProperty('payment');
  });

  it("PUT answers 401 'No tienes permisos para actualizar la configuración.' without a token, 403 to resellers, 404 for another id", async () => {
    expect(await call('PUT', '/settings/current', { body: full })).toMatchObject({
      status: 401,
      json: { msg: PERMISSIONS.updateSettings },
    });
    expect((await call('PUT', '/settings/current', { token: reseller, body: full })).status).toBe(
      403,
    );
    expect(await call('PUT', '/settings/otro', { token: admin, body: full })).toMatchObject({
      status: 404,
      json: { msg: SERVER.notFound },
    });
    expect(
      (
        await call('PUT', '/settings/current', {
          token: admin,
          body: { ...full, socialMedia: 'x' },
        })
      ).status,
    ).toBe(400);
  });
});

const secrets = {
  payment: {
    stripeSecretKey: 'sk_live_secreto_stripe_0001',
    stripeWebhookSecret: 'whsec_secreto_webhook_0002',
    paypalSecret: 'paypal-secreto-0003',
    payphoneToken: 'payphone-token-secreto-0004',
    payphoneStoreId: 'tienda-1',
    paypalClientId: 'AYcliente',
  },
  messaging: {
    smtpUrl: 'smtp://usuario:clave-smtp-0005@mail.example:587',
    twilioAuthToken: 'twilio-token-secreto-0006',
    twilioAccountSid: 'AC123',
    twilioFrom: '+15005550006',
    mailFrom: 'Voy a Ganar <ventas@voyaganar.ec>',
  },
};

describe('operator settings', () => {
  it('secrets never leave the server in clear: staff see them masked, visitors not at all, and a masked value sent back keeps them', async () => {
    const saved = await call('PUT', '/settings/current', { token: admin, body: secrets });
    expect(saved.status).toBe(200);
    for (const who of [admin, reseller, undefined]) {
      const text = JSON.stringify((await call('GET', '/settings', { token: who })).json);
      for (const clear of [
        'secreto_stripe',
        'secreto_webhook',
        'paypal-secreto',
        'payphone-token-secreto',
        'clave-smtp',
        'twilio-token-secreto',
      ])
        expect(text).not.toContain(clear);
    }
    const shown = (await call('GET', '/settings', { token: admin })).json;
    expect(shown.messaging.smtpUrl).toBe(`${SECRET_MASK}:587`);
    expect(shown.payment.payphoneToken).toBe(`${SECRET_MASK}0004`);
    await call('PUT', '/settings/current', { token: admin, body: shown });
    const stored = await getSettings(server.db);
    expect(stored.messaging.smtpUrl).toBe(secrets.messaging.smtpUrl);
    expect(stored.payment.payphoneToken).toBe(secrets.payment.payphoneToken);
    expect(stored.messaging.twilioAuthToken).toBe(secrets.messaging.twilioAuthToken);
  });

  it('answers 400 with Spanish messages for every invalid field', async () => {
    const res = await call('PUT', '/settings/current', {
      token: admin,
      body: {
        bankAccounts: [
          { bank: 'B', type: 'Plazo', number: '12', holder: 'X', holderId: '1710034066' },
        ],
        whatsappNumber: '12345',
        transferHoldHours: 0,
        reminderLeadHours: -1,
        email: 'no-es-correo',
        messaging: { smtpUrl: 'http://mail' },
        payment: { paypalMode: 'prueba' },
        organizer: { ruc: '1790011674002', dpoEmail: 'dpo@' },
        privacy: { retentionMonths: 0, winnerRetentionMonths: 2.5 },
      },
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      'bankAccounts.0.bank': 'Indica el banco',
      'bankAccounts.0.type': 'El tipo de cuenta debe ser Ahorros o Corriente',
      'bankAccounts.0.number': 'El número de cuenta debe tener entre 5 y 20 dígitos',
      'bankAccounts.0.holder': 'Indica el titular de la cuenta (al menos 3 caracteres)',
      'bankAccounts.0.holderId': 'La cédula o RUC del titular no es válida',
      whatsappNumber:
        'El número de WhatsApp debe ser ecuatoriano, por ejemplo 0991234567 o 593991234567',
      transferHoldHours: 'Debe ser un número de horas entre 0.005 y 240',
      reminderLeadHours: 'Debe ser un número de horas entre 0 y 72',
      email: 'Correo electrónico inválido',
      'messaging.smtpUrl': 'La URL SMTP debe empezar por smtp:// o smtps://',
      'payment.paypalMode': 'El modo de PayPal debe ser sandbox o live',
      'organizer.ruc': 'RUC inválido: revisa sus 13 dígitos',
      'organizer.dpoEmail': 'Correo electrónico inválido',
      'privacy.retentionMonths': 'Indica un número entero de meses entre 1 y 120',
      'privacy.winnerRetentionMonths': 'Indica un número entero de meses entre 1 y 240',
    });
    // An emptied field (null), a flag or a text is no number of hours: never taken as 0 or 1.
    for (const reminderLeadHours of [null, true, '6'] as const) {
      const loose = await call('PUT', '/settings/current', {
        token: admin,
        body: { transferHoldHours: 48, reminderLeadHours },
      });
      expect(loose.status).toBe(400);
      expect(loose.json.errors).toEqual({
        reminderLeadHours: 'Debe ser un número de horas entre 0 y 72',
      });
    }
    const tooMany = await call('PUT', '/settings/current', {
      token: admin,
      body: { bankAccounts: Array(4).fill(TEST_BANK_ACCOUNT) },
    });
    expect(tooMany.json.errors).toEqual({
      bankAccounts: 'Puedes configurar hasta 3 cuentas bancarias',
    });
    const late = await call('PUT', '/settings/current', {
      token: admin,
      body: { transferHoldHours: 2, reminderLeadHours: 3 },
    });
    expect(late).toMatchObject({
      status: 400,
      json: {
        errors: {
          reminderLeadHours: 'El recordatorio debe enviarse antes de que termine la reserva',
        },
      },
    });
  });

  it('stores a WhatsApp number as international digits and the resellers permission as given', async () => {
    const res = await call('PUT', '/settings/current', {
      token: admin,
      body: {
        whatsappNumber: '099 123 4567',
        resellersCanConfirm: true,
        transferHoldHours: 24,
        reminderLeadHours: 4,
      },
    });
    expect(res.json).toMatchObject({
      whatsappNumber: '593991234567',
      resellersCanConfirm: true,
      transferHoldHours: 24,
      reminderLeadHours: 4,
    });
    expect((await call('GET', '/settings')).json.whatsappNumber).toBe('593991234567');
    await call('PUT', '/settings/current', { token: admin, body: { resellersCanConfirm: false } });
  });

  it('a payment method turned off and on appears and disappears at once, in this process and in another one listening to settings.changed', async () => {
    // A second process: its own connection (and so its own copy of the settings) on the same bus.
    const other = new MongoClient(server.deps.env.MONGODB_URL, { retryWrites: false });
    await other.connect();
    const otherDeps = withCoreServices({
      db: other.db(),
      env: server.deps.env,
      bus: server.deps.bus,
      log: server.deps.log,
    });
    const reload = await startSettingsReload(otherDeps);
    try {
      await call('PUT', '/settings/current', {
        token: admin,
        body: { payment: { payphoneToken: 'tok-123456789', payphoneStoreId: 'store-1' } },
      });
      expect((await call('GET', '/settings')).json.paymentMethods.mobile).toBe(true);
      expect((await currentSettings(otherDeps)).payment.payphoneStoreId).toBe('store-1');

      await call('PUT', '/settings/current', {
        token: admin,
        body: { payment: { payphoneToken: '', payphoneStoreId: '' } },
      });
      expect((await call('GET', '/settings')).json.paymentMethods.mobile).toBe(false);
      await waitFor(async () => (await currentSettings(otherDeps)).payment.payphoneStoreId === '');

      await call('PUT', '/settings/current', { token: admin, body: { bankAccounts: [] } });
      expect((await call('GET', '/settings')).json.paymentMethods.bank_transfer).toBe(false);
      await call('PUT', '/settings/current', {
        token: admin,
        body: { bankAccounts: [TEST_BANK_ACCOUNT] },
      });
      expect((await call('GET', '/settings')).json.paymentMethods.bank_transfer).toBe(true);
    } finally {
      await reload.stop();
      await other.close();
    }
  });
});
