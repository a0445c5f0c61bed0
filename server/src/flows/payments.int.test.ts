// The purchase pipeline end to end for each payment method, against local fakes of the
// providers (their real HTTP APIs, the real SDKs) and a real SMTP server: order →
// provider → confirmation → numbers on the purchase → e-mail and SMS with those numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberRuns, SERVER, TOPICS } from '@vag/contracts';
import type { BusMessage } from '@vag/core/bus/bus';
import { getPurchase } from '@vag/core/db/purchases';
import { getCapacity } from '@vag/core/db/raffle-capacity';
import {
  activeRaffle,
  aPackage,
  customOrder,
  numbersOf,
  postJson,
  postStripeWebhook,
} from '@vag/api/payments/test-fixtures';
import { staffToken } from '@vag/api/testing/seed';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { startTestServer, type TestServer } from '../testing/server';
import { waitFor } from '@vag/core/testing/wait';
import { CURRENT_RAFFLE_ID } from '@vag/core/db/raffle';

let fakes: FakeProviders;
let server: TestServer;
let api: string;
/** Every event the pipeline published, as a consumer of its own sees them. */
const published: BusMessage[] = [];

beforeAll(async () => {
  fakes = await startFakeProviders();
  // No automatic re-send here: a test shows staff the failed SMS, then re-sends it.
  server = await startTestServer({
    env: { ...fakes.env, WHATSAPP_NUMBER: '593987654321', NOTIFY_RESEND_SECONDS: '3600' },
  });
  api = `${server.url}/api`;
  await activeRaffle(server.db, { totalNumbers: 1000, pricePerNumber: 1.5 });
  await server.deps.bus.subscribe({
    groupId: 'test-probe',
    topics: [TOPICS['purchase.paid'], TOPICS['numbers.assigned'], TOPICS['notification.failed']],
    handler: async (message) => {
      published.push(message);
    },
  });
});

const eventsOf = (purchaseId: string, topic: string) =>
  published.filter((m) => m.key === purchaseId && m.topic === topic);

/**
 * The distinct purchase.paid events of a purchase. The relay may deliver one event twice
 * (at-least-once); a second confirmation would be a second event with its own id.
 */
const paidEvents = (purchaseId: string) =>
  new Set(eventsOf(purchaseId, TOPICS['purchase.paid']).map((m) => (m.value as { id: string }).id));
afterAll(async () => {
  await server?.stop();
  await fakes?.stop();
});

/** The messages with numbers (a transfer's buyer also gets the order link, which is not one). */
const numbersMails = (email: string) =>
  fakes.smtp.mails.filter((m) => m.to.includes(email) && !m.text.includes('/pedido?id='));

const numbersSms = () => fakes.twilio.messages.filter((m) => !m.body.includes('comprobante'));

/**
 * The numbers an SMS lists, its runs ('0012-0014') spelled out. Read from its list, not
 * searched in the whole text: the order link carries the test server's port, which a raffle
 * number of 1 000 can be part of.
 */
const listedNumbers = (body: string) =>
  (/Tus numeros: ([\d, -]+)\./.exec(body)?.[1]?.split(', ') ?? []).flatMap((run) => {
    const [from, to = from] = run.split('-') as [string, string?];
    return Array.from({ length: Number(to) - Number(from) + 1 }, (_, i) =>
      String(Number(from) + i).padStart(from.length, '0'),
    );
  });
const listsAll = (body: string, numbers: string[]) => {
  const listed = listedNumbers(body);
  return numbers.every((n) => listed.includes(n));
};
/** The numbers SMS that list `number`. */
const smsListing = (number: string) =>
  numbersSms().filter((m) => listedNumbers(m.body).includes(number));

/** The buyer's inbox and phone got exactly one message each, listing every number. */
async function expectNotified(purchaseId: string) {
  const purchase = await numbersOf(server.db, purchaseId);
  const numbers = purchase.assignedNumbers;
  expect(numbers).toHaveLength(purchase.quantity);
  const mail = await waitFor(
    // A transfer's buyer also got the order link earlier: this is the numbers' e-mail.
    () =>
      fakes.smtp.mails.find(
        (m) =>
          m.to.includes(purchase.buyer.email) && m.text.includes(numberRuns(numbers).join(', ')),
      ),
    { message: 'the e-mail' },
  );
  expect(mail.text).toContain(numberRuns(numbers).join(', '));
  expect(mail.text).toContain(purchase.buyer.firstName);
  const sms = await waitFor(() => numbersSms().find((m) => listsAll(m.body, numbers)), {
    message: 'the SMS',
  });
  expect(sms.to).toBe('+593991234567');
  await waitFor(
    async () => {
      const p = await getPurchase(server.db, purchaseId);
      return p?.notifications?.email?.status === 'sent' && p.notifications.sms?.status === 'sent';
    },
    { message: 'notification statuses' },
  );
  expect(numbersMails(purchase.buyer.email)).toHaveLength(1);
  expect(smsListing(numbers[0]!)).toHaveLength(1);
  return purchase;
}

describe('POST /api/payments/create-order + confirmation, per method', () => {
  it('paypal: approveUrl → buyer approves → capture-order answers the COMPLETED purchase; numbers, e-mail and SMS follow', async () => {
    const order = customOrder('paypal', 3, 1.5, {});
    const created = await postJson(`${api}/payments/create-order`, order);
    expect(created.status).toBe(201);
    expect(created.body.approveUrl).toMatch(/token=/);
    const orderId = new URL(created.body.approveUrl).searchParams.get('token')!;
    fakes.paypal.approve(orderId);

    // The buyer's browser sends the order link's key it kept: the whole purchase comes back.
    const key = new URL(created.body.orderUrl, api).searchParams.get('key');
    const captured = await postJson(`${api}/payments/capture-order`, { orderId, key });
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({
      _id: created.body.purchaseId,
      status: 'COMPLETED',
      paypal: { orderId, status: 'COMPLETED', amount: 4.5 },
    });
    expect(captured.body.outbox).toBeUndefined();

    // A replay (the buyer reloads the page) answers the same purchase, no second capture effect.
    const again = await postJson(`${api}/payments/capture-order`, { orderId });
    expect(again.status).toBe(200);
    expect(again.body._id).toBe(created.body.purchaseId);
    await expectNotified(created.body.purchaseId);
  });

  it('paypal: a capture of another amount is refused, the purchase stays unpaid and keeps the reason', async () => {
    const created = await postJson(`${api}/payments/create-order`, customOrder('paypal', 2));
    const orderId = new URL(created.body.approveUrl).searchParams.get('token')!;
    const early = await postJson(`${api}/payments/capture-order`, { orderId });
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe(SERVER.paymentNotApproved);
    fakes.paypal.approve(orderId);
    fakes.paypal.setCapturedAmount(orderId, '0.01');
    const res = await postJson(`${api}/payments/capture-order`, { orderId });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(SERVER.amountMismatch);
    expect(await getPurchase(server.db, created.body.purchaseId)).toMatchObject({
      status: 'PENDING',
      failure: { reason: 'amount_mismatch' },
    });
    const unknown = await postJson(`${api}/payments/capture-order`, { orderId: 'NO-SUCH-ORDER' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe(SERVER.purchaseNotFound);
  });

  it('paypal without address fields is accepted (SPEC §5)', async () => {
    const order = customOrder('paypal', 1);
    order.buyer = { ...order.buyer, address: '', city: '', province: '' };
    const created = await postJson(`${api}/payments/create-order`, order);
    expect(created.status).toBe(201);
  });

  it('card: checkoutUrl → buyer pays → verify-stripe and the signed webhook confirm it once', async () => {
    const pkg = await aPackage(server.db, { quantity: 5, price: 7 });
    const order = customOrder('card', 5, 1.5, {
      packageId: pkg._id,
      amount: 7,
      totalPrice: 7,
      unitPrice: 1.4,
      packageData: undefined,
    });
    const created = await postJson(`${api}/payments/create-order`, order);
    expect(created.status).toBe(201);
    const sessionId = created.body.checkoutUrl.split('/').pop();
    const stored = await getPurchase(server.db, created.body.purchaseId);
    expect(stored).toMatchObject({
      packageId: pkg._id,
      packageType: 'normal',
      totalPrice: 7,
      card: { sessionId },
    });

    const unpaid = await postJson(`${api}/payments/verify-stripe`, { sessionId });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.msg).toBe(SERVER.paymentPending);

    fakes.stripe.pay(sessionId);
    const event = fakes.stripe.signedCompletedEvent(sessionId);
    const [verified, hooked] = await Promise.all([
      postJson(`${api}/payments/verify-stripe`, { sessionId }),
      postStripeWebhook(api, event),
    ]);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      status: 'COMPLETED',
      card: { sessionId, status: 'paid' },
    });
    expect(hooked.status).toBe(200);
    const purchase = await expectNotified(created.body.purchaseId);
    expect(purchase.assignedNumbers).toHaveLength(5);
  });

  it('card: a webhook with a bad signature answers 400 and confirms nothing', async () => {
    const created = await postJson(`${api}/payments/create-order`, customOrder('card', 1));
    const sessionId = created.body.checkoutUrl.split('/').pop();
    fakes.stripe.pay(sessionId);
    const { payload } = fakes.stripe.signedCompletedEvent(sessionId);
    const res = await fetch(`${api}/payments/stripe-webhook`, {
      method: 'POST',
      headers: { 'stripe-signature': 't=1,v1=deadbeef' },
      body: payload,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toBe(SERVER.invalidSignature);
    expect((await getPurchase(server.db, created.body.purchaseId))?.status).toBe('PENDING');
  });

  it('card: a session paid for another amount confirms nothing; the webhook is acknowledged (Stripe stops retrying) and the reason kept', async () => {
    const created = await postJson(`${api}/payments/create-order`, customOrder('card', 2));
    const sessionId: string = created.body.checkoutUrl.split('/').pop();
    fakes.stripe.pay(sessionId, 1);
    const event = fakes.stripe.signedCompletedEvent(sessionId);
    const hooked = await postStripeWebhook(api, event);
    expect(hooked.status).toBe(200);
    const verified = await postJson(`${api}/payments/verify-stripe`, { sessionId });
    expect(verified.status).toBe(409);
    expect(verified.body.msg).toBe(SERVER.amountMismatch);
    const stored = await getPurchase(server.db, created.body.purchaseId);
    expect(stored).toMatchObject({
      status: 'PENDING',
      failure: { reason: 'amount_mismatch', message: expect.stringContaining('0.01') },
    });
    expect(stored?.outbox?.purchase_paid).toBeUndefined();
  });

  it('mobile (PayPhone): payUrl + id → buyer pays → verify-payphone answers the purchase, then { purchase_id }', async () => {
    const order = customOrder('mobile', 4);
    const created = await postJson(`${api}/payments/create-order`, order);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      payUrl: expect.any(String),
      id: expect.anything(),
      purchaseId: expect.any(String),
    });
    const prepared = fakes.payphone.transactions.get(order.clientTransactionId!)!;
    expect(prepared.prepared).toMatchObject({
      amount: 600,
      amountWithTax: 480,
      amountWithoutTax: 0,
      tax: 120,
    });

    const { id } = fakes.payphone.pay(order.clientTransactionId!);
    const first = await postJson(`${api}/payments/verify-payphone`, {
      id,
      clientTxId: order.clientTransactionId,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      _id: created.body.purchaseId,
      status: 'COMPLETED',
      mobile: { transactionId: id, status: 'COMPLETED' },
    });
    const second = await postJson(`${api}/payments/verify-payphone`, {
      id,
      clientTxId: order.clientTransactionId,
    });
    expect(second.body).toEqual({ purchase_id: created.body.purchaseId });
    await expectNotified(created.body.purchaseId);
  });

  it('mobile: an approved payment of another amount is refused and the purchase stays unpaid', async () => {
    const order = customOrder('mobile', 2);
    const created = await postJson(`${api}/payments/create-order`, order);
    const { id } = fakes.payphone.pay(order.clientTransactionId!, { amount: 100 });
    const res = await postJson(`${api}/payments/verify-payphone`, {
      id,
      clientTxId: order.clientTransactionId,
    });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(SERVER.amountMismatch);
    const stored = await getPurchase(server.db, created.body.purchaseId);
    expect(stored?.status).toBe('PENDING');
    expect(stored?.failure?.reason).toBe('amount_mismatch');
  });

  it('mobile: a cancelled payment is not confirmed', async () => {
    const order = customOrder('mobile', 1);
    await postJson(`${api}/payments/create-order`, order);
    const { id } = fakes.payphone.pay(order.clientTransactionId!, {
      statusCode: 2,
      transactionStatus: 'Canceled',
    });
    const res = await postJson(`${api}/payments/verify-payphone`, {
      id,
      clientTxId: order.clientTransactionId,
    });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(SERVER.paymentNotApproved);
  });

  it('bank transfer: msg + the order page link (never WhatsApp), then staff confirm-transfer answers the assigned numbers', async () => {
    const created = await postJson(`${api}/payments/create-order`, customOrder('bank_transfer', 2));
    expect(created.status).toBe(201);
    expect(created.body.msg).toBe(SERVER.bankTransferInstructions);
    expect(created.body).not.toHaveProperty('whatsappRedirect');
    expect(created.body.orderUrl).toMatch(
      new RegExp(`^/pedido\\?id=${created.body.purchaseId}&key=[\\w-]{32}$`),
    );
    const order = await fetch(
      `${server.url}/api${created.body.orderUrl.replace('/pedido?id=', '/orders/').replace('&key=', '?key=')}`,
    );
    expect(await order.json()).toMatchObject({
      orderCode: created.body.orderCode,
      whatsappNumber: '593987654321',
      whatsappText: expect.stringContaining('$3,00'),
    });

    const { auth } = await staffToken(server.deps, 'admin');
    const badInput = await postJson(
      `${api}/purchases/${created.body.purchaseId}/confirm-transfer`,
      { referenceCode: 'ab', bankName: 'P' },
      auth,
      'PATCH',
    );
    expect(badInput.status).toBe(400);
    expect(badInput.body.errors).toEqual({
      referenceCode: 'El código de referencia es obligatorio',
      bankName: 'Debe ingresar el nombre del banco',
    });
    const noToken = await postJson(
      `${api}/purchases/${created.body.purchaseId}/confirm-transfer`,
      { referenceCode: 'REF-123', bankName: 'Pichincha' },
      {},
      'PATCH',
    );
    expect(noToken.status).toBe(401);

    const confirmed = await postJson(
      `${api}/purchases/${created.body.purchaseId}/confirm-transfer`,
      { referenceCode: 'REF-123', bankName: 'Pichincha' },
      auth,
      'PATCH',
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.assignedNumbers).toHaveLength(2);
    expect(confirmed.body.msg).toBe(SERVER.transferConfirmed(2));
    const stored = await getPurchase(server.db, created.body.purchaseId);
    expect(stored?.bankTransfer).toMatchObject({
      received: true,
      referenceCode: 'REF-123',
      bankName: 'Pichincha',
    });
    await expectNotified(created.body.purchaseId);

    const notTransfer = await postJson(`${api}/payments/create-order`, customOrder('mobile', 1));
    const wrong = await postJson(
      `${api}/purchases/${notTransfer.body.purchaseId}/confirm-transfer`,
      { referenceCode: 'REF-123', bankName: 'Pichincha' },
      auth,
      'PATCH',
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe(SERVER.notBankTransfer);

    const replay = await postJson(
      `${api}/purchases/${created.body.purchaseId}/confirm-transfer`,
      { referenceCode: 'REF-123', bankName: 'Pichincha' },
      auth,
      'PATCH',
    );
    expect(replay.body.assignedNumbers).toEqual(confirmed.body.assignedNumbers);
  });

  it('staff see notification status and can re-send one channel; the other is not sent again', async () => {
    const created = await postJson(`${api}/payments/create-order`, customOrder('bank_transfer', 1));
    const { auth } = await staffToken(server.deps, 'admin');
    await postJson(
      `${api}/purchases/${created.body.purchaseId}/confirm-transfer`,
      { referenceCode: 'REF-777', bankName: 'Guayaquil' },
      auth,
      'PATCH',
    );
    const purchase = await expectNotified(created.body.purchaseId);

    const status = await fetch(`${api}/purchases/${purchase._id}/notifications`, { headers: auth });
    expect(await status.json()).toMatchObject({
      email: { status: 'sent', attempts: 1 },
      sms: { status: 'sent', attempts: 1 },
    });

    const resent = await postJson(
      `${api}/purchases/${purchase._id}/notifications/email/resend`,
      {},
      auth,
    );
    expect(resent.status).toBe(202);
    expect(resent.body.msg).toBe(SERVER.notificationResent);
    await waitFor(() => numbersMails(purchase.buyer.email).length === 2, {
      message: 'the re-sent e-mail',
    });
    await waitFor(
      async () =>
        (await getPurchase(server.db, purchase._id))?.notifications?.email?.status === 'sent',
    );
    expect(smsListing(purchase.assignedNumbers[0]!)).toHaveLength(1);
  });

  it('the counters account for every order: reserved while pending, sold once numbered', async () => {
    const before = (await getCapacity(server.db, CURRENT_RAFFLE_ID))!;
    const created = await postJson(`${api}/payments/create-order`, customOrder('bank_transfer', 7));
    const during = (await getCapacity(server.db, CURRENT_RAFFLE_ID))!;
    expect(during.available).toBe(before.available - 7);
    expect(during.reserved).toBe(before.reserved + 7);
    const { auth } = await staffToken(server.deps, 'admin');
    await postJson(
      `${api}/purchases/${created.body.purchaseId}/confirm-transfer`,
      { referenceCode: 'REF-900', bankName: 'Pacífico' },
      auth,
      'PATCH',
    );
    await numbersOf(server.db, created.body.purchaseId);
    const after = (await getCapacity(server.db, CURRENT_RAFFLE_ID))!;
    expect(after.available + after.reserved + after.sold).toBe(after.totalNumbers);
  });
});

describe('replays and races between confirmation paths', () => {
  it('paypal: two capture-order calls at once (two tabs) confirm once: one purchase.paid, one set of numbers, one e-mail', async () => {
    const created = await postJson(`${api}/payments/create-order`, customOrder('paypal', 2));
    const orderId = new URL(created.body.approveUrl).searchParams.get('token')!;
    fakes.paypal.approve(orderId);
    const answers = await Promise.all(
      [1, 2, 3].map(() => postJson(`${api}/payments/capture-order`, { orderId })),
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({ _id: created.body.purchaseId, status: 'COMPLETED' });
    }
    const purchase = await expectNotified(created.body.purchaseId);
    expect(purchase.assignedNumbers).toHaveLength(2);
    expect(paidEvents(purchase._id).size).toBe(1);
    expect(
      await server.db.collection('number_claims').countDocuments({ purchaseId: purchase._id }),
    ).toBe(1);
  });

  it('mobile: verify-payphone called twice at once confirms once; the late answer is { purchase_id } or the same purchase', async () => {
    const order = customOrder('mobile', 3);
    const created = await postJson(`${api}/payments/create-order`, order);
    const { id } = fakes.payphone.pay(order.clientTransactionId!);
    const body = { id, clientTxId: order.clientTransactionId };
    const answers = await Promise.all([
      postJson(`${api}/payments/verify-payphone`, body),
      postJson(`${api}/payments/verify-payphone`, body),
    ]);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body._id ?? a.body.purchase_id).toBe(created.body.purchaseId);
    }
    expect(answers.some((a) => a.body.status === 'COMPLETED')).toBe(true);
    const purchase = await expectNotified(created.body.purchaseId);
    expect(paidEvents(purchase._id).size).toBe(1);
  });

  it('card: the redirect first, then the webhook delivered twice: one purchase.paid, one e-mail', async () => {
    const created = await postJson(`${api}/payments/create-order`, customOrder('card', 2));
    const sessionId: string = created.body.checkoutUrl.split('/').pop();
    fakes.stripe.pay(sessionId);
    const verified = await postJson(`${api}/payments/verify-stripe`, { sessionId });
    expect(verified.body.status).toBe('COMPLETED');
    const event = fakes.stripe.signedCompletedEvent(sessionId);
    for (let i = 0; i < 2; i++) {
      const hooked = await postStripeWebhook(api, event);
      expect(hooked.status).toBe(200);
    }
    const again = await postJson(`${api}/payments/verify-stripe`, { sessionId });
    expect(again.body._id).toBe(created.body.purchaseId);
    const purchase = await expectNotified(created.body.purchaseId);
    expect(paidEvents(purchase._id).size).toBe(1);
  });
});

describe('GET /api/purchases/{id}/notifications and re-send after a failure', () => {
  it('shows staff an SMS that failed after its retries, with the error, and sends it on re-send', async () => {
    const created = await postJson(`${api}/payments/create-order`, customOrder('bank_transfer', 2));
    const purchaseId: string = created.body.purchaseId;
    const { auth } = await staffToken(server.deps, 'admin');
    fakes.twilio.failNext(100);
    try {
      await postJson(
        `${api}/purchases/${purchaseId}/confirm-transfer`,
        { referenceCode: 'REF-555', bankName: 'Pichincha' },
        auth,
        'PATCH',
      );
      const purchase = await numbersOf(server.db, purchaseId);
      await waitFor(
        async () =>
          (await getPurchase(server.db, purchaseId))?.notifications?.sms?.status === 'failed',
        { message: 'the SMS marked failed' },
      );
      const shown = await fetch(`${api}/purchases/${purchaseId}/notifications`, { headers: auth });
      expect(shown.status).toBe(200);
      expect(await shown.json()).toMatchObject({
        email: { status: 'sent', attempts: 1 },
        sms: { status: 'failed', attempts: 4, lastError: expect.any(String) },
      });
      expect(eventsOf(purchaseId, TOPICS['notification.failed'])).toHaveLength(1);
      expect(smsListing(purchase.assignedNumbers[0]!)).toHaveLength(0);
    } finally {
      fakes.twilio.failNext(0);
    }

    const resent = await postJson(
      `${api}/purchases/${purchaseId}/notifications/sms/resend`,
      {},
      auth,
    );
    expect(resent.status).toBe(202);
    const purchase = await expectNotified(purchaseId);
    const shown = await fetch(`${api}/purchases/${purchaseId}/notifications`, { headers: auth });
    expect(await shown.json()).toMatchObject({
      email: { status: 'sent' },
      sms: { status: 'sent', attempts: 1 },
    });
    expect(numbersMails(purchase.buyer.email)).toHaveLength(1);
  });

  it('answers 409 to a re-send for a purchase that is not paid yet, and 401 without a token', async () => {
    const created = await postJson(`${api}/payments/create-order`, customOrder('bank_transfer', 1));
    const { auth } = await staffToken(server.deps, 'admin');
    const early = await postJson(
      `${api}/purchases/${created.body.purchaseId}/notifications/email/resend`,
      {},
      auth,
    );
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe(SERVER.purchaseNotCompleted);
    const anonymous = await postJson(
      `${api}/purchases/${created.body.purchaseId}/notifications/email/resend`,
      {},
    );
    expect(anonymous.status).toBe(401);
  });
});
