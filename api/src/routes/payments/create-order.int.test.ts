// POST /api/payments/create-order refusals: each answers a clear Spanish 4xx/5xx and
// leaves nothing half-done (no purchase holding numbers, counters unchanged).
import { SERVER, VALIDATION, type Raffle } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPurchase } from '@vag/core/db/purchases';
import { getCapacity } from '@vag/core/db/raffle-capacity';
import { CURRENT_RAFFLE_ID } from '@vag/core/db/raffle-numbers';
import { activeRaffle, aPackage, customOrder, postJson } from '../../payments/test-fixtures';
import { staffToken } from '../../testing/seed';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { startTestServer, type TestServer } from '../../testing/server';

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

const purchases = () => server.db.collection('purchases').countDocuments({ status: 'PENDING' });

async function expectRefused(order: unknown, status: number, msg: string) {
  const [countBefore, capBefore] = await Promise.all([
    purchases(),
    getCapacity(server.db, CURRENT_RAFFLE_ID),
  ]);
  const res = await postJson(`${api}/payments/create-order`, order);
  expect(res.status).toBe(status);
  expect(res.body.msg).toBe(msg);
  expect(await purchases()).toBe(countBefore);
  expect(await getCapacity(server.db, CURRENT_RAFFLE_ID)).toEqual(capBefore);
  return res;
}

describe('POST /api/payments/create-order refusals', () => {
  it("answers 400 'El monto no coincide…' for a tampered amount", async () => {
    await expectRefused(customOrder('bank_transfer', 2, 1), 400, SERVER.amountMismatch);
    await expectRefused(
      { ...customOrder('bank_transfer', 2, 2), totalPrice: 3.99 },
      400,
      SERVER.amountMismatch,
    );
  });

  it("answers 404 'Paquete no encontrado.' for an unknown package", async () => {
    await expectRefused(
      { ...customOrder('bank_transfer', 2, 2), packageId: 'no-such-package' },
      404,
      SERVER.packageNotFound,
    );
  });

  it('prices a package from the store, not from the client', async () => {
    const pkg = await aPackage(server.db, { quantity: 3, price: 5 });
    await expectRefused(
      { ...customOrder('bank_transfer', 3, 2), packageId: pkg._id },
      400,
      SERVER.amountMismatch,
    );
    const ok = await postJson(`${api}/payments/create-order`, {
      ...customOrder('bank_transfer', 3, 2),
      packageId: pkg._id,
      amount: 5,
      totalPrice: 5,
    });
    expect(ok.status).toBe(201);
    expect(await getPurchase(server.db, ok.body.purchaseId)).toMatchObject({
      totalPrice: 5,
      unitPrice: 1.67,
      packageType: 'normal',
      packageData: { name: 'Paquete 3', quantity: 3, price: 5 },
    });
  });

  it('answers 400 with SPEC §5 messages for bad buyer fields', async () => {
    const order = customOrder('bank_transfer', 1, 2);
    const res = await expectRefused(
      { ...order, buyer: { ...order.buyer, firstName: '', email: 'no-es-email', city: '' } },
      400,
      VALIDATION.firstNameRequired,
    );
    expect(res.body.errors).toMatchObject({
      'buyer.firstName': VALIDATION.firstNameRequired,
      'buyer.email': VALIDATION.emailInvalid,
      'buyer.city': VALIDATION.cityRequired,
    });
    await expectRefused(
      { ...order, buyer: { ...order.buyer, acceptedTerms: false } },
      400,
      VALIDATION.termsRequired,
    );
  });

  it("answers 409 'Solo quedan n números disponibles.' when fewer remain, and 'agotados' when none", async () => {
    const cap = (await getCapacity(server.db, CURRENT_RAFFLE_ID))!;
    await expectRefused(
      customOrder('bank_transfer', cap.available + 1, 2),
      409,
      SERVER.notEnoughNumbers(cap.available),
    );
    await server.db
      .collection<{ _id: string }>('raffles')
      .updateOne({ _id: CURRENT_RAFFLE_ID }, { $set: { available: 0 } });
    try {
      await expectRefused(customOrder('bank_transfer', 1, 2), 409, SERVER.soldOut);
    } finally {
      await server.db
        .collection<{ _id: string }>('raffles')
        .updateOne({ _id: CURRENT_RAFFLE_ID }, { $set: { available: cap.available } });
    }
  });

  it("answers 409 'La rifa no está activa.' for a finalised raffle", async () => {
    await server.db
      .collection<{ _id: string }>('raffles')
      .updateOne({ _id: CURRENT_RAFFLE_ID }, { $set: { isActive: false } });
    try {
      await expectRefused(customOrder('bank_transfer', 1, 2), 409, SERVER.raffleInactive);
    } finally {
      await server.db
        .collection<{ _id: string }>('raffles')
        .updateOne({ _id: CURRENT_RAFFLE_ID }, { $set: { isActive: true } });
    }
  });

  it('refuses a PayPhone clientTransactionId already used by another order', async () => {
    const first = customOrder('mobile', 1, 2);
    expect((await postJson(`${api}/payments/create-order`, first)).status).toBe(201);
    await expectRefused(
      { ...customOrder('mobile', 1, 2), clientTransactionId: first.clientTransactionId },
      409,
      VALIDATION.clientTransactionIdInvalid,
    );
  });

  it('attaches a valid reseller code and ignores an unknown one', async () => {
    const { code } = await staffToken(server.deps, 'reseller');
    const withCode = await postJson(`${api}/payments/create-order`, {
      ...customOrder('bank_transfer', 1, 2),
      resellerCode: code!.toLowerCase(),
    });
    expect((await getPurchase(server.db, withCode.body.purchaseId))?.resellerCode).toBe(code);
    const unknown = await postJson(`${api}/payments/create-order`, {
      ...customOrder('bank_transfer', 1, 2),
      resellerCode: 'NOEXISTE',
    });
    expect(unknown.status).toBe(201);
    expect((await getPurchase(server.db, unknown.body.purchaseId))?.resellerCode).toBeNull();
  });

  it('answers 502 when PayPal fails, gives the numbers back and keeps the failure visible on the purchase', async () => {
    const before = (await getCapacity(server.db, CURRENT_RAFFLE_ID))!;
    fakes.paypal.failNextCreates(10);
    const res = await postJson(`${api}/payments/create-order`, customOrder('paypal', 2, 2));
    fakes.paypal.failNextCreates(0);
    expect(res.status).toBe(502);
    expect(res.body.msg).toBe(SERVER.providerError);
    expect(await getCapacity(server.db, CURRENT_RAFFLE_ID)).toEqual(before);
    const failed = await server.db
      .collection('purchases')
      .findOne({ 'failure.reason': 'provider_error' });
    expect(failed).toMatchObject({ status: 'EXPIRED', reservation: { active: false } });
  });
});

describe('POST /api/payments/create-order without provider credentials', () => {
  it("answers 503 'Método de pago no disponible' and reserves nothing", async () => {
    const bare = await startTestServer();
    try {
      await activeRaffle(bare.db, { totalNumbers: 10, pricePerNumber: 2 });
      for (const method of ['paypal', 'card', 'mobile'] as const) {
        const res = await postJson(
          `${bare.url}/api/payments/create-order`,
          customOrder(method, 1, 2),
        );
        expect(res.status).toBe(503);
        expect(res.body.msg).toBe(SERVER.methodUnavailable);
      }
      expect((await getCapacity(bare.db, CURRENT_RAFFLE_ID))?.available).toBe(10);
      expect(await bare.db.collection('purchases').countDocuments()).toBe(0);
    } finally {
      await bare.stop();
    }
  });
});

describe('POST /api/payments/create-order with credentials staff saved in settings', () => {
  it('PayPal and card become available once their keys are saved with PUT /api/settings, without env keys', async () => {
    // Only the fakes' addresses come from the environment; the keys come from settings.
    const bare = await startTestServer({
      env: { PAYPAL_BASE_URL: fakes.paypal.url, STRIPE_API_URL: fakes.stripe.url },
    });
    try {
      await activeRaffle(bare.db, { totalNumbers: 10, pricePerNumber: 2 });
      const before = await postJson(
        `${bare.url}/api/payments/create-order`,
        customOrder('paypal', 1, 2),
      );
      expect(before.status).toBe(503);
      expect(before.body.msg).toBe(SERVER.methodUnavailable);

      const { auth } = await staffToken(bare.deps, 'admin');
      const current = await fetch(`${bare.url}/api/settings`, { headers: auth });
      const settings = (await current.json()) as Record<string, unknown> & { _id: string };
      const saved = await postJson(
        `${bare.url}/api/settings/${settings._id}`,
        {
          ...settings,
          payment: {
            paypalClientId: fakes.paypal.clientId,
            paypalSecret: fakes.paypal.clientSecret,
            stripeSecretKey: fakes.stripe.secretKey,
            stripePublishableKey: 'pk_test_123',
          },
        },
        auth,
        'PUT',
      );
      expect(saved.status).toBe(200);

      const paypal = await postJson(
        `${bare.url}/api/payments/create-order`,
        customOrder('paypal', 1, 2),
      );
      expect(paypal.status).toBe(201);
      expect(paypal.body.approveUrl).toMatch(/token=/);
      const card = await postJson(
        `${bare.url}/api/payments/create-order`,
        customOrder('card', 1, 2),
      );
      expect(card.status).toBe(201);
      expect(card.body.checkoutUrl).toEqual(expect.any(String));
      // PayPhone's keys are not part of the settings screen: still unavailable.
      const mobile = await postJson(
        `${bare.url}/api/payments/create-order`,
        customOrder('mobile', 1, 2),
      );
      expect(mobile.status).toBe(503);
      expect((await getCapacity(bare.db, CURRENT_RAFFLE_ID))?.reserved).toBe(2);
    } finally {
      await bare.stop();
    }
  });

  it("prices against what buyers are shown: staff's new prices hold from the next order", async () => {
    const { auth } = await staffToken(server.deps, 'admin');
    const pkg = await aPackage(server.db, { quantity: 2, price: 3 });
    // Buyers' pages load the raffle and its packages, which fills the storefront's cache.
    const shown = (await fetch(`${api}/lottery`).then((r) => r.json())) as Raffle;
    expect(shown.pricePerNumber).toBe(2);
    const packageOrder = (price: number) => ({
      ...customOrder('bank_transfer', 2, 2),
      packageId: pkg._id,
      amount: price,
      totalPrice: price,
    });
    expect((await postJson(`${api}/payments/create-order`, packageOrder(3))).status).toBe(201);

    const hero = await postJson(
      `${api}/lottery`,
      {
        name: shown.name,
        prize: shown.prize,
        imageUrl: 'https://example.com/premio.jpg',
        pricePerNumber: 2.5,
        endDate: shown.endDate,
      },
      auth,
      'PUT',
    );
    expect(hero.status).toBe(200);
    await expectRefused(customOrder('bank_transfer', 2, 2), 400, SERVER.amountMismatch);
    expect(
      (await postJson(`${api}/payments/create-order`, customOrder('bank_transfer', 2, 2.5))).status,
    ).toBe(201);

    const repriced = await postJson(
      `${api}/packages/${pkg._id}`,
      { name: 'Paquete 2', quantity: 2, price: 4, isPopular: false },
      auth,
      'PUT',
    );
    expect(repriced.status).toBe(200);
    await expectRefused(packageOrder(3), 400, SERVER.amountMismatch);
    expect((await postJson(`${api}/payments/create-order`, packageOrder(4))).status).toBe(201);
  });
});
